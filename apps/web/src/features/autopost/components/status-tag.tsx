import type { AutoPostStatus } from '@fitpost/contract';
import { Tag } from 'antd';

const labels: Record<AutoPostStatus, { text: string; className?: string; color?: string }> = {
  scheduled: { text: 'Scheduled', color: 'blue' },
  fanning_out: { text: 'Publishing', color: 'processing' },
  done: { text: 'Sent', className: 'tag-success' },
  cancelled: { text: 'Canceled' },
};

/** An Auto-Post's state in words: Scheduled, Publishing (fan-out running), Sent, Canceled. */
export function AutoPostStatusTag({ status }: { status: AutoPostStatus }) {
  const label = labels[status];
  return (
    <Tag color={label.color} className={label.className}>
      {label.text}
    </Tag>
  );
}
