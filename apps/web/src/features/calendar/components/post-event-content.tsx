import {
  clockTime,
  networkList,
  postNetworks,
  postTitle,
  statusLooks,
  type PostEntry,
} from '../calendar-entries';
import { NetworkIcons } from '@/components/network-icon';
import { StatusIcon } from './status-icon';

/**
 * One post on the calendar: time, status icon, network logos and its opening words. Screen readers
 * hear it as "10:00 AM, Scheduled for X and LinkedIn: Morning stretch…".
 */
export function PostEventContent({ entry, timeZone }: { entry: PostEntry; timeZone: string }) {
  const { post } = entry;
  const networks = postNetworks(post);
  return (
    <span className="calendar-event">
      <span className="calendar-event-time">
        {clockTime(post.scheduledAt, timeZone)}
        <span className="visually-hidden">,</span>
      </span>{' '}
      <StatusIcon status={post.status} />
      <NetworkIcons networks={networks} />{' '}
      <span className="visually-hidden">{`${statusLooks[post.status].label} for ${networkList(networks)}:`}</span>{' '}
      <span className="calendar-event-title">{postTitle(post)}</span>
    </span>
  );
}
