import FullCalendar, {
  type DateClickInfo,
  type DatesSetInfo,
  type EventClickInfo,
  type EventDisplayInfo,
  type EventDropInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import formaTheme from '@fullcalendar/react/themes/forma';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import type { CalendarQuery } from '@fitpost/contract';
import {
  useCallback,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useMediaQuery } from '@/lib/media-query';
import { useQueueSlots } from '@/lib/api/queue/get-queue-slots';
import { toWallTime } from '@/lib/zoned-time';
import {
  entryKey,
  timeGridHours,
  toCalendarEvent,
  type CalendarEntry,
  type PostEntry,
} from '../calendar-entries';
import { AutoPostEventContent } from './auto-post-event-content';
import { PostEventContent } from './post-event-content';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import '../calendar.css';

/** The four views, by the names the address bar uses, as FullCalendar draws them on a wide screen. */
const calendarViews = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listMonth',
} as const;
export type CalendarView = keyof typeof calendarViews;

/**
 * On a phone the week and the day are lists, a day under another: seven time-grid columns of 50 px
 * cut every post to '7:1…'. The month keeps its grid with a count per day that opens the day.
 */
const phoneCalendarViews = {
  month: 'dayGridMonth',
  week: 'listWeek',
  day: 'listDay',
  list: 'listMonth',
} as const satisfies Record<CalendarView, string>;

const viewButtons = {
  dayGridMonth: { text: 'Month' },
  timeGridWeek: { text: 'Week' },
  listWeek: { text: 'Week' },
  timeGridDay: { text: 'Day' },
  listDay: { text: 'Day' },
  listMonth: { text: 'List' },
};

/** Below antd's `md` breakpoint (768 px): a phone. */
const phoneQuery = '(max-width: 767.98px)';

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The week's and day's grid height in px: the window's height less the app's header and the
 * calendar's toolbar (480 px at least), followed as the window changes.
 */
function useTimeGridHeight(): number {
  return useSyncExternalStore(
    subscribeResize,
    () => Math.max(480, window.innerHeight - 128),
    () => 480,
  );
}

/** Whether the screen is a phone's, followed as it turns or the window narrows. */
function useIsPhone(): boolean {
  return useMediaQuery(phoneQuery);
}

export function isCalendarView(value: string | null): value is CalendarView {
  return value !== null && Object.hasOwn(calendarViews, value);
}

function viewOf(fullCalendarType: string): CalendarView {
  const found =
    [calendarViews, phoneCalendarViews]
      .flatMap((views) => Object.entries(views))
      .find(([, type]) => type === fullCalendarType)?.[0] ?? 'month';
  return isCalendarView(found) ? found : 'month';
}

/** Where the calendar is: its view, the first day of the period shown, and the instants it spans. */
export interface CalendarPlace {
  view: CalendarView;
  /** `YYYY-MM-DD` in the member's zone. */
  date: string;
  range: CalendarQuery;
}

export interface PostsCalendarProps {
  /** The member's IANA time zone: every day and time is drawn in it. */
  timeZone: string;
  initialView: CalendarView;
  /** `YYYY-MM-DD`; today when absent. */
  initialDate?: string;
  entries: CalendarEntry[];
  onPlaceChange: (place: CalendarPlace) => void;
  /** A day was clicked or its date link pressed: `YYYY-MM-DD` in the member's zone. */
  onDayChosen: (day: string) => void;
  onEntryChosen: (entry: CalendarEntry) => void;
  /** A post was dropped on `when`; call `revert` to put it back where it was. Auto-Posts do not move. */
  onEntryMoved: (entry: PostEntry, when: Date, revert: () => void) => void;
}

// FullCalendar's options that never change, kept outside the component: FullCalendar compares each
// option by identity, and a new array or function on every render makes it work its options out again
// and draw the whole view again (docs/architecture.md §5, "Fourth round").
const plugins = [formaTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

function toolbarOf(views: Record<CalendarView, string>) {
  return {
    start: 'prev,next today',
    center: 'title',
    end: `${views.month},${views.week},${views.day},${views.list}`,
  };
}
const toolbars = { wide: toolbarOf(calendarViews), phone: toolbarOf(phoneCalendarViews) };

/**
 * Targets of at least 24 × 24 px (WCAG 2.2 target size): the day links and the events. In the week's
 * and day's time grids and the lists an event has room below its time: let its words wrap.
 */
function eventClass(info: { view: { type: string } }): string {
  if (info.view.type.startsWith('timeGrid') || info.view.type.startsWith('list'))
    return 'calendar-event-target calendar-event-wrap';
  return info.view.type === calendarViews.month
    ? 'calendar-event-target calendar-event-stack'
    : 'calendar-event-target';
}

/** A phone's month cell is 50 px wide: it shows a count of its posts, which opens the day. */
const postCount = (info: { num: number }) => `${info.num} ${info.num === 1 ? 'post' : 'posts'}`;

/** The button reads "Today"; its name must contain that word (label in name). */
const todayHint = (_unitText: string, unit: string) => `Today (this ${unit})`;

/**
 * FullCalendar (month, week and list) in the member's time zone. Days are reachable by keyboard
 * through their date links, which open the same choice as a click on the day; events are focusable
 * buttons (Enter opens their details, where a post can also be moved without dragging). Posts can be
 * dragged; Auto-Posts cannot (their time is the organisation's).
 *
 * Drawn once for its options and again only when what it shows changes: the screen around it renders
 * again as its queries start and answer, and FullCalendar is not drawn again for that. The entries are
 * drawn from `useDeferredValue`, so a month of posts arriving is drawn in slices the browser can
 * interrupt rather than in one long task (docs/architecture.md §5, "Fourth round").
 */
export function PostsCalendar({
  timeZone,
  initialView,
  initialDate,
  entries,
  onPlaceChange,
  onDayChosen,
  onEntryChosen,
  onEntryMoved,
}: PostsCalendarProps) {
  const shown = useDeferredValue(entries);
  const byId = useMemo(() => new Map(shown.map((entry) => [entryKey(entry), entry])), [shown]);
  const events = useMemo(() => shown.map(toCalendarEvent), [shown]);
  const phone = useIsPhone();
  const timeGridHeight = useTimeGridHeight();
  const views = phone ? phoneCalendarViews : calendarViews;
  // FullCalendar's view, as drawn: a time grid may get a height of its own (a view-specific height
  // leaves the grid's body at 0 px, so it is set for the calendar as the view changes).
  const [viewType, setViewType] = useState<string>(views[initialView]);
  const slots = useQueueSlots();
  const hours = useMemo(
    () =>
      timeGridHours(
        (slots.data?.slots ?? []).map((slot) => slot.time),
        shown.map(
          (entry) =>
            toWallTime(entry.kind === 'post' ? entry.post.scheduledAt : entry.autoPost.scheduledAt, timeZone)
              .time,
        ),
      ),
    [slots.data, shown, timeZone],
  );

  // The screen's handlers change with every render of the screen; FullCalendar is given handlers that
  // stay the same and call the latest of them.
  const handlers = useRef({ onPlaceChange, onDayChosen, onEntryChosen, onEntryMoved, byId });
  useLayoutEffect(() => {
    handlers.current = { onPlaceChange, onDayChosen, onEntryChosen, onEntryMoved, byId };
  });

  const handleDatesSet = useCallback(
    (info: DatesSetInfo) => {
      setViewType(info.view.type);
      handlers.current.onPlaceChange({
        view: viewOf(info.view.type),
        date: toWallTime(info.view.currentStart, timeZone).date,
        range: { from: info.startStr, to: info.endStr },
      });
    },
    [timeZone],
  );

  const handleDateClick = useCallback((info: DateClickInfo) => {
    // A day cell gives `YYYY-MM-DD`, a week-view slot `YYYY-MM-DDTHH:mm:ss±hh:mm`: both start with the day.
    handlers.current.onDayChosen(info.dateStr.slice(0, 10));
  }, []);

  const handleNavLinkDayClick = useCallback(
    (date: Date) => handlers.current.onDayChosen(toWallTime(date, timeZone).date),
    [timeZone],
  );

  const handleEventClick = useCallback((info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const entry = handlers.current.byId.get(info.event.id);
    if (entry) handlers.current.onEntryChosen(entry);
  }, []);

  const handleEventDrop = useCallback((info: EventDropInfo) => {
    const entry = handlers.current.byId.get(info.event.id);
    const when = info.event.start;
    if (entry?.kind !== 'post' || !when) {
      info.revert();
      return;
    }
    handlers.current.onEntryMoved(entry, when, info.revert);
  }, []);

  const renderEvent = useCallback(
    (arg: EventDisplayInfo) => {
      const entry = byId.get(arg.event.id);
      if (!entry) return arg.event.title;
      return entry.kind === 'post' ? (
        <PostEventContent entry={entry} timeZone={timeZone} />
      ) : (
        <AutoPostEventContent entry={entry} timeZone={timeZone} />
      );
    },
    [byId, timeZone],
  );

  const height =
    viewType.startsWith('timeGrid') && hours.slotMinTime < hours.scrollTime ? timeGridHeight : 'auto';

  // The same element while nothing it shows changed, so React leaves FullCalendar alone.
  return useMemo(
    () => (
      <div className="posts-calendar">
        <FullCalendar
          // A phone and a wide screen draw the week and the day differently: turning the screen
          // starts the calendar again in the matching view.
          key={phone ? 'phone' : 'wide'}
          plugins={plugins}
          timeZone={timeZone}
          initialView={views[initialView]}
          initialDate={initialDate}
          headerToolbar={phone ? toolbars.phone : toolbars.wide}
          // One name per view, on a phone too, where the week and the day are lists.
          buttons={viewButtons}
          // A post is an instant, drawn an hour long: tall enough for its time and its opening words.
          eventMinHeight={88}
          slotMinTime={hours.slotMinTime}
          slotMaxTime={hours.slotMaxTime}
          scrollTime={hours.scrollTime}
          headingLevel={2}
          // The page scrolls. Only when a post that week came before the member's first slot do the
          // week's and day's hours scroll inside a grid about a screen tall, opened at that slot: their
          // first posts show without scrolling, and the posts above are focusable (the scroller is
          // reached by Tab through them, as axe's scrollable-region-focusable asks).
          height={height}
          // A phone's month cell is 50 px wide: it shows a count of its posts, which opens the day.
          dayMaxEvents={!phone}
          dayMaxEventRows={phone ? 1 : false}
          moreLinkContent={phone ? postCount : undefined}
          moreLinkClick={phone ? views.day : 'popover'}
          nowIndicator
          allDaySlot={false}
          events={events}
          eventDisplay="block"
          eventClass={eventClass}
          // A phone's count stays inside its 45 px cell (wrapping under its number if it must).
          moreLinkClass={phone ? 'calendar-event-target calendar-more-link-narrow' : 'calendar-event-target'}
          moreLinkInnerClass={phone ? 'calendar-more-link-narrow-inner' : undefined}
          // A phone's lists put each day's name and date above its posts: beside them, in a quarter
          // of 390 px, 'Wednesday' ran into the first post.
          listDayClass={phone ? 'calendar-list-day-stacked' : undefined}
          listDayHeaderClass={phone ? 'calendar-list-day-header-stacked' : undefined}
          dayCellTopInnerClass="calendar-day-link"
          // Weeks tall enough for a day's first post or its "+N more" link, even on a phone.
          dayRowClass="calendar-week-row"
          todayHint={todayHint}
          eventContent={renderEvent}
          eventInteractive
          editable
          eventDurationEditable={false}
          navLinks
          navLinkHint="Choose an action for $0"
          navLinkDayClick={handleNavLinkDayClick}
          dateClick={handleDateClick}
          eventClick={handleEventClick}
          eventDrop={handleEventDrop}
          datesSet={handleDatesSet}
        />
      </div>
    ),
    [
      phone,
      timeZone,
      views,
      initialView,
      initialDate,
      hours,
      height,
      events,
      renderEvent,
      handleNavLinkDayClick,
      handleDateClick,
      handleEventClick,
      handleEventDrop,
      handleDatesSet,
    ],
  );
}
