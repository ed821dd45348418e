import { heldForClaims, type AutoPost, type AutoPostStatus } from '@fitpost/contract';
import { Tag } from 'antd';

const labels: Record<AutoPostStatus, { text: string; className?: string; color?: string }> = {
  scheduled: { text: 'Scheduled', color: 'blue' },
  fanning_out: { text: 'Publishing', color: 'processing' },
  done: { text: 'Sent', className: 'tag-success' },
  cancelled: { text: 'Canceled' },
};

/**
 * An Auto-Post's state in words: Scheduled, Publishing (fan-out running), Sent, Canceled; or
 * "Held: check claims" while a change of rules left claims in it that no admin has checked.
 */
export function AutoPostStatusTag({
  autoPost,
}: {
  autoPost: Pick<AutoPost, 'status' | 'warnings' | 'claimsAcknowledged'>;
}) {
  if (heldForClaims(autoPost)) return <Tag color="orange">Held: check claims</Tag>;
  const label = labels[autoPost.status];
  return (
    <Tag color={label.color} className={label.className}>
      {label.text}
    </Tag>
  );
}
