import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import './plain-controls.css';

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** antd's `type`: 'primary' (filled), 'default' (outlined), 'text' (no border), 'link' (a link's look). */
  variant?: 'primary' | 'default' | 'text' | 'link';
  size?: 'middle' | 'small';
  /** Drawn before the label; alone, the button is square (give it an aria-label). */
  icon?: ReactNode;
  /** A spinner before the label, and clicks ignored until it is done (as antd's `loading`). */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button drawn like antd's Button (same sizes, colours, focus ring and loading look) in plain
 * markup and CSS. The signed-in shell and the dashboard use it instead of antd's: antd's first
 * Button generates its styles while React draws it and brings antd's core with it, the largest
 * part of a phone's first load (docs/architecture.md §5, "The first screen on a phone").
 */
export function PlainButton({
  variant = 'default',
  size = 'middle',
  icon,
  loading = false,
  className,
  children,
  onClick,
  type = 'button',
  ref,
  ...rest
}: PlainButtonProps) {
  const classes = [
    'plain-btn',
    `plain-btn-${variant}`,
    size === 'small' ? 'plain-btn-sm' : null,
    children === undefined || children === null ? 'plain-btn-icon-only' : null,
    loading ? 'plain-btn-loading' : null,
    className,
  ].filter(Boolean);
  return (
    <button
      ref={ref}
      type={type}
      className={classes.join(' ')}
      onClick={loading ? undefined : onClick}
      {...rest}
    >
      {loading ? (
        <span className="plain-btn-spinner" aria-hidden="true" />
      ) : icon ? (
        <span className="plain-btn-icon">{icon}</span>
      ) : null}
      {children}
    </button>
  );
}

/** antd's filled Tag (default grey, or blue) in plain markup; `className` adds the app's own colours. */
export function PlainTag({
  color,
  className,
  children,
}: {
  color?: 'blue';
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={['plain-tag', color ? `plain-tag-${color}` : null, className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}
