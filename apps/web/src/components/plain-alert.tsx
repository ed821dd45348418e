import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './plain-alert.css';

interface PlainAlertProps {
  type: 'error' | 'warning';
  title: ReactNode;
  description?: ReactNode;
  /** A button or link at the alert's end (Retry, say). */
  action?: ReactNode;
  className?: string;
}

/**
 * antd's Alert (`showIcon`, error or warning, with or without a description) drawn in plain markup
 * and CSS: a phone's first screen (the dashboard, the calendar, Browse Library) loads no antd
 * (docs/architecture.md §5, "The first screen on a phone").
 */
export function PlainAlert({ type, title, description, action, className }: PlainAlertProps) {
  const Icon = type === 'error' ? CloseCircleFilled : WarningFilled;
  const classes = [
    'plain-alert',
    `plain-alert-${type}`,
    description ? null : 'plain-alert-compact',
    className,
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} role="alert">
      <Icon className="plain-alert-icon" aria-hidden="true" />
      <div className="plain-alert-text">
        <div className="plain-alert-title">{title}</div>
        {description ? <div className="preserve-lines">{description}</div> : null}
      </div>
      {action}
    </div>
  );
}
