import { PlusOutlined } from '@ant-design/icons';
import { calendarLimits, formatCount } from '@fitpost/contract';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { lazyAntdPart, useOpenedOnce } from '@/components/lazy-antd-part';
import { PageHeader } from '@/components/page-header';
import { PlainAlert } from '@/components/plain-alert';
import { PlainButton } from '@/components/plain-controls';
import { useLazyMessage } from '@/components/use-lazy-message';
import { errorText } from '@/lib/api-client';
import { useLivePathname } from '@/lib/live-location';
import { useStoredUser } from '@/lib/session';
import { formatZoned, memberTimeZone, zoneLabel } from '@/lib/zoned-time';
import { useCalendarPosts } from '@/lib/api/posts/get-calendar-posts';
import { useUpcomingAutoPosts } from '@/lib/api/auto-posts/get-upcoming-auto-posts';
import { useReschedulePost } from '@/lib/api/posts/reschedule-post';
import {
  autoPostEntries,
  choiceDoneTexts,
  isPastDay,
  postEntries,
  rescheduleRefusal,
  type CalendarEntry,
  type PostEntry,
} from '../calendar-entries';
import { CalendarLegend } from '../components/calendar-legend';
import {
  isCalendarView,
  PostsCalendar,
  type CalendarPlace,
  type CalendarView,
} from '../components/posts-calendar';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

// The dialogs (antd's Modal) load when first opened, with antd's theme: the calendar's first screen
// loads no antd (docs/architecture.md §5, "The first screen on a phone").
const ChooseActionModal = lazyAntdPart(
  () => import('../components/choose-action-modal'),
  (m) => m.ChooseActionModal,
);
const PostDetailsModal = lazyAntdPart(
  () => import('../components/post-details-modal'),
  (m) => m.PostDetailsModal,
);
const AutoPostModal = lazyAntdPart(
  () => import('../components/auto-post-modal'),
  (m) => m.AutoPostModal,
);

/** How long a moved post offers Undo (issue 26). */
export const undoSeconds = 10;

/**
 * /app/calendar: the member's posts, and the portal's Auto-Posts coming to them, on a month, week or
 * list calendar, in their time zone.
 */
export function CalendarRoute() {
  const navigate = useNavigate();
  const user = useStoredUser();
  const timeZone = memberTimeZone(user);
  const [params, setParams] = useSearchParams();
  // The address bar keeps the view and period, so a reload comes back to the same place.
  const [initial] = useState(() => {
    const view = params.get('view');
    const date = params.get('date');
    return {
      view: isCalendarView(view) ? view : ('month' satisfies CalendarView),
      date: date && dayPattern.test(date) ? date : undefined,
    };
  });
  const [place, setPlace] = useState<CalendarPlace | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<CalendarEntry | null>(null);
  // antd's message loads with the first one shown.
  const [messageApi, messageHolder] = useLazyMessage();
  const chooseRendered = useOpenedOnce(day !== null);
  const detailsRendered = useOpenedOnce(chosen?.kind === 'post');
  const autoPostRendered = useOpenedOnce(chosen?.kind === 'autoPost');
  const posts = useCalendarPosts(place?.range ?? null);
  const autoPosts = useUpcomingAutoPosts(place?.range ?? null);
  const reschedule = useReschedulePost();
  const entries = useMemo(() => {
    const items = posts.data?.items ?? [];
    return [...postEntries(items), ...autoPostEntries(autoPosts.data ?? [], items)];
  }, [posts.data, autoPosts.data]);

  // FullCalendar reports its place while it mounts, before the router may navigate; follow after —
  // but only while the calendar is still the page: a member who moved on at once (the screen still
  // drawn while the next one loads) must not find the calendar's view and date on the next page.
  // The rendered location can be a step behind the router's (see useLivePathname), so ask the router.
  const { pathname } = useLocation();
  const onCalendar = pathname.startsWith('/app/calendar');
  const livePathname = useLivePathname();
  useEffect(() => {
    if (!place || !onCalendar || livePathname() !== pathname) return;
    if (params.get('view') === place.view && params.get('date') === place.date) return;
    setParams({ view: place.view, date: place.date }, { replace: true });
  }, [place, params, setParams, onCalendar, pathname, livePathname]);

  function handleDayChosen(chosenDay: string) {
    if (isPastDay(chosenDay, timeZone)) {
      messageApi.open({
        key: 'past-day',
        type: 'warning',
        content: 'That day has passed. Choose today or a later day.',
      });
      return;
    }
    setDay(chosenDay);
  }

  function handleEntryMoved(entry: PostEntry, when: Date, revert: () => void) {
    const refusal = rescheduleRefusal(entry.post, when, new Date());
    if (refusal) {
      revert();
      messageApi.open({ key: 'move', type: 'warning', content: refusal });
      return;
    }
    reschedule.mutate(
      { id: entry.post.id, scheduledAt: when.toISOString() },
      {
        onSuccess: () => handleMoved(entry.post.id, entry.post.scheduledAt, when),
        onError: (error) => {
          revert();
          messageApi.open({ key: 'move', type: 'error', content: errorText(error) });
        },
      },
    );
  }

  /** Says where the post went, with Undo for `undoSeconds`: a drag to the wrong day is one click away. */
  function handleMoved(postId: string, from: string, when: Date) {
    messageApi.open({
      key: 'move',
      type: 'success',
      duration: undoSeconds,
      content: (
        <span>
          <span>{`Post moved to ${formatZoned(when, timeZone)}.`}</span>{' '}
          <PlainButton variant="link" className="message-action" onClick={() => handleUndo(postId, from)}>
            Undo
          </PlainButton>
        </span>
      ),
    });
  }

  function handleUndo(postId: string, from: string) {
    messageApi.destroy('move');
    reschedule.mutate(
      { id: postId, scheduledAt: from },
      {
        onSuccess: () =>
          messageApi.open({
            key: 'move',
            type: 'success',
            content: `Post moved back to ${formatZoned(from, timeZone)}.`,
          }),
        onError: (error) => messageApi.open({ key: 'move', type: 'error', content: errorText(error) }),
      },
    );
  }

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Calendar"
        description={
          <>
            Your posts in {zoneLabel(timeZone)} (change it in{' '}
            <Link to="/app/settings?tab=system-settings">System Settings</Link>). Click a day to create a post
            for it; drag a scheduled post to move it. Open an Auto-Post from your organization to keep it,
            skip it or make it your own Custom Post.
          </>
        }
        actions={
          <PlainButton
            variant="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => void navigate('/app/posts/post')}
          >
            Create New
          </PlainButton>
        }
      />
      <section
        className="panel"
        aria-label="Posts calendar"
        aria-busy={posts.isFetching || autoPosts.isFetching}
      >
        <CalendarLegend />
        {posts.isError ? (
          <PlainAlert
            className="form-alert"
            type="error"
            title="Your posts did not load."
            description={errorText(posts.error)}
          />
        ) : null}
        {autoPosts.isError ? (
          <PlainAlert
            className="form-alert"
            type="error"
            title="Upcoming Auto-Posts did not load."
            description={errorText(autoPosts.error)}
            action={
              <PlainButton size="small" onClick={() => void autoPosts.refetch()}>
                Retry
              </PlainButton>
            }
          />
        ) : null}
        {posts.data?.truncated ? (
          <PlainAlert
            className="form-alert"
            type="warning"
            title={`This period has more than ${formatCount(calendarLimits.maxPosts)} posts; the first ${formatCount(calendarLimits.maxPosts)} are shown. Use the week view to see them all.`}
          />
        ) : null}
        <PostsCalendar
          timeZone={timeZone}
          initialView={initial.view}
          initialDate={initial.date}
          entries={entries}
          onPlaceChange={setPlace}
          onDayChosen={handleDayChosen}
          onEntryChosen={setChosen}
          onEntryMoved={handleEntryMoved}
        />
      </section>
      <Suspense fallback={null}>
        {chooseRendered ? <ChooseActionModal day={day} onClose={() => setDay(null)} /> : null}
      </Suspense>
      <Suspense fallback={null}>
        {detailsRendered ? (
          <PostDetailsModal
            entry={chosen?.kind === 'post' ? chosen : null}
            timeZone={timeZone}
            onClose={() => setChosen(null)}
            onCancelled={() => {
              setChosen(null);
              messageApi.open({ key: 'move', type: 'success', content: 'Post canceled.' });
            }}
            onMoved={(post, when) => {
              setChosen(null);
              handleMoved(post.id, post.scheduledAt, when);
            }}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {autoPostRendered ? (
          <AutoPostModal
            entry={chosen?.kind === 'autoPost' ? chosen : null}
            timeZone={timeZone}
            onClose={() => setChosen(null)}
            onChosen={(choice) =>
              messageApi.open({ key: 'auto-post', type: 'success', content: choiceDoneTexts[choice] })
            }
          />
        ) : null}
      </Suspense>
    </>
  );
}
