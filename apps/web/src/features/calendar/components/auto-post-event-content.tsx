import {
  autoPostNetworks,
  autoPostTitle,
  clockTime,
  networkList,
  type AutoPostEntry,
} from '../calendar-entries';
import { AutoPostIcon } from './auto-post-icon';
import { NetworkIcons } from '@/components/network-icon';

/**
 * One Auto-Post on the calendar: time, the Auto-Post icon, network logos and its opening words.
 * Screen readers hear "10:00 AM, Auto-Post for X and LinkedIn: Box jumps…", or "10:00 AM, Skipped
 * Auto-Post: Box jumps…" once the member skipped it (then 'Skipped' is written on it too).
 */
export function AutoPostEventContent({ entry, timeZone }: { entry: AutoPostEntry; timeZone: string }) {
  const { autoPost } = entry;
  const skipped = autoPost.choice === 'skip';
  const networks = autoPostNetworks(autoPost);
  return (
    <span className="calendar-event">
      <span className="calendar-event-time">
        {clockTime(autoPost.scheduledAt, timeZone)}
        <span className="visually-hidden">,</span>
      </span>{' '}
      <AutoPostIcon choice={autoPost.choice} />
      {skipped ? (
        <>
          <span className="calendar-event-badge">Skipped</span>{' '}
          <span className="visually-hidden">Auto-Post:</span>
        </>
      ) : (
        <>
          <NetworkIcons networks={networks} />{' '}
          <span className="visually-hidden">{`Auto-Post for ${networkList(networks)}:`}</span>
        </>
      )}{' '}
      <span className="calendar-event-title">{autoPostTitle(autoPost)}</span>
    </span>
  );
}
