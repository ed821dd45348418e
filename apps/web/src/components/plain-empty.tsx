import { InboxOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './plain-empty.css';

/** antd's Empty (its simple picture and a description) in plain markup, for screens without antd. */
export function PlainEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="plain-empty">
      <InboxOutlined className="plain-empty-icon" aria-hidden="true" />
      <div className="plain-empty-description">{children}</div>
    </div>
  );
}
