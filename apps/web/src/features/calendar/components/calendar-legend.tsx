import { autoPostLooks, shownStatuses, statusLooks } from '../calendar-entries';
import { AutoPostIcon } from './auto-post-icon';
import { StatusIcon } from './status-icon';

/** What each colour (and icon) on the calendar means: the posts' statuses, then Auto-Posts. */
export function CalendarLegend() {
  return (
    <ul className="calendar-legend" aria-label="Status colors">
      {shownStatuses.map((status) => (
        <li key={status}>
          <span className="calendar-legend-swatch" style={{ background: statusLooks[status].color }}>
            <StatusIcon status={status} />
          </span>
          {statusLooks[status].label}
        </li>
      ))}
      <li>
        <span className="calendar-legend-swatch" style={{ background: autoPostLooks.auto.color }}>
          <AutoPostIcon choice="auto" />
        </span>
        Auto-Post
      </li>
      <li>
        <span
          className="calendar-legend-swatch calendar-legend-swatch-skipped"
          style={{ background: autoPostLooks.skip.color, color: autoPostLooks.skip.textColor }}
        >
          <AutoPostIcon choice="skip" />
        </span>
        Skipped Auto-Post
      </li>
    </ul>
  );
}
