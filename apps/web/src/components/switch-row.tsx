import { Switch } from 'antd';
import type { ReactNode } from 'react';
import './switch-row.css';

/**
 * One row of a list of on/off choices (Auto-Post per account, email per kind): what it is about,
 * then a switch at the row's end with its visible 'On'/'Off'.
 */
export function SwitchRow({
  children,
  checked,
  loading,
  onChange,
  label,
}: {
  children: ReactNode;
  checked: boolean;
  loading?: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's accessible name. */
  label: string;
}) {
  return (
    <li className="switch-row">
      {children}
      {/* A label around the switch and its On/Off: the whole of it is the tap area (40 px tall). */}
      <label className="switch-row-control">
        <Switch checked={checked} loading={loading} onChange={onChange} aria-label={label} />
        <span aria-hidden="true">{checked ? 'On' : 'Off'}</span>
      </label>
    </li>
  );
}
