import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  IssuesCloseOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { PostStatus } from '@fitpost/contract';

const icons = {
  scheduled: ClockCircleOutlined,
  publishing: SyncOutlined,
  posted: CheckCircleOutlined,
  partly_posted: IssuesCloseOutlined,
  failed: ExclamationCircleOutlined,
  draft: EditOutlined,
  cancelled: StopOutlined,
} satisfies Record<PostStatus, unknown>;

/** A status's shape, so it never rests on colour alone. Decorative: the status is also written out. */
export function StatusIcon({ status }: { status: PostStatus }) {
  const Icon = icons[status];
  return <Icon aria-hidden="true" className="calendar-status-icon" />;
}
