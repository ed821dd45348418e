import type { HealthClaimWarning } from '@fitpost/contract';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import './claim-warnings.css';

interface ClaimWarningsProps {
  id: string;
  warnings: readonly HealthClaimWarning[];
  /** What the warning means for saving: members may save anyway; Auto-Posts need a tick. */
  note: ReactNode;
  children?: ReactNode;
}

/**
 * The health claims a caption makes (issue 30): each phrase, why it is a problem and a safer
 * wording. Shown under the text, so the field being typed in never moves.
 */
export function ClaimWarnings({ id, warnings, note, children }: ClaimWarningsProps) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      id={id}
      className="claim-warnings"
      type="warning"
      showIcon
      title={
        warnings.length === 1 ? 'Check this health claim' : `Check these ${warnings.length} health claims`
      }
      description={
        <>
          <ul className="claim-warnings-list">
            {warnings.map((w) => (
              <li key={`${w.rule}:${w.phrase}`}>
                <strong>“{w.phrase}”</strong>: {w.explanation}{' '}
                <span className="claim-warnings-safer">Safer: {w.suggestion}</span>
              </li>
            ))}
          </ul>
          <p className="claim-warnings-note">{note}</p>
          {children}
        </>
      }
    />
  );
}
