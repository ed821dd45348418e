import { Input, Radio } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/dates';
import { formatClock, formatZoned, fromWallTime, zoneLabel } from '@/lib/zoned-time';
import type { WhenMode } from '../model/composer-values';

interface WhenFieldProps {
  when: WhenMode;
  /** The member's next free queue slot (null: the queue is full; undefined: not known yet). */
  nextFree?: string | null;
  date: string;
  time: string;
  zone: string;
  onChange: (change: { when?: WhenMode; date?: string; time?: string }) => void;
  error?: string;
}

/** What the member should know about the chosen time on a day the clocks change. */
function clockChangeNote(date: string, time: string, zone: string): string | null {
  if (!date || !time) return null;
  try {
    const mapped = fromWallTime({ date, time }, zone);
    if (mapped.fit === 'skipped') {
      return `${formatClock(time)} does not exist on ${formatDate(date)} in this time zone (the clocks go forward); the post will go out at ${formatClock(mapped.shown.time)}.`;
    }
    if (mapped.fit === 'repeated') {
      return `${formatClock(time)} happens twice on ${formatDate(date)} in this time zone (the clocks go back); the post will go out at the first ${formatClock(time)}.`;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * When: Add to Queue (the member's next free slot), a date and time in the member's time zone with
 * the zone written out, or Post Now.
 */
export function WhenField({ when, nextFree, date, time, zone, onChange, error }: WhenFieldProps) {
  const note = when === 'later' ? clockChangeNote(date, time, zone) : null;
  const [openedAt] = useState(() => Date.now());
  let at: string | number = openedAt;
  try {
    if (date && time) at = fromWallTime({ date, time }, zone).instant;
  } catch {
    // An incomplete time: label the zone as it is now.
  }
  return (
    <fieldset className="composer-field composer-when" aria-describedby={error ? 'when-error' : undefined}>
      <legend className="composer-label">When</legend>
      <Radio.Group
        value={when}
        onChange={(event) => onChange({ when: event.target.value as WhenMode })}
        options={[
          { value: 'queue', label: 'Add to Queue' },
          { value: 'later', label: 'Schedule' },
          { value: 'now', label: 'Post Now' },
        ]}
      />
      {when === 'queue' ? (
        <p className="composer-hint" data-testid="composer-queue-slot">
          {nextFree
            ? `Next free time in your queue: ${formatZoned(nextFree, zone)}. `
            : nextFree === null
              ? 'Your queue has no free time in the next 12 weeks. '
              : 'It goes out at the next free time in your queue. '}
          <Link to="/app/settings?tab=system-settings">Change your posting times</Link>
        </p>
      ) : null}
      {when === 'later' ? (
        <div className="when-inputs">
          <div className="when-input">
            <label htmlFor="composer-date" className="composer-label">
              Date
            </label>
            <Input
              id="composer-date"
              type="date"
              value={date}
              onChange={(event) => onChange({ date: event.target.value })}
              status={error ? 'error' : undefined}
            />
          </div>
          <div className="when-input">
            <label htmlFor="composer-time" className="composer-label">
              Time
            </label>
            <Input
              id="composer-time"
              type="time"
              value={time}
              onChange={(event) => onChange({ time: event.target.value })}
              status={error ? 'error' : undefined}
            />
          </div>
        </div>
      ) : null}
      {when === 'later' ? (
        <p className="composer-hint" data-testid="composer-zone">
          Time zone: {zoneLabel(zone, at)} ·{' '}
          <Link to="/app/settings?tab=system-settings">change in System Settings</Link>
        </p>
      ) : null}
      {note ? (
        <p className="note-box" role="status">
          {note}
        </p>
      ) : null}
      {error ? (
        <div id="when-error" className="composer-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
