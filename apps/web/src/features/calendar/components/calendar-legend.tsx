import { shownStatuses, statusLooks } from '../calendar-entries';
import { StatusIcon } from './status-icon';

/** What each colour (and icon) on the calendar means. */
export function CalendarLegend() {
  return (
    <ul className="calendar-legend" aria-label="Status colours">
      {shownStatuses.map((status) => (
        <li key={status}>
          <span className="calendar-legend-swatch" style={{ background: statusLooks[status].color }}>
            <StatusIcon status={status} />
          </span>
          {statusLooks[status].label}
        </li>
      ))}
    </ul>
  );
}
