import { autoPostMessages } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/test/antd';
import { server } from '@/test/msw-server';
import { autoPostLooks } from '../calendar-entries';
import {
  calendarApi,
  customPostId,
  findEvent,
  makeCalendarPost,
  makeMemberAutoPost,
  newYorker,
  renderCalendar,
  setNow,
} from '../test/calendar-kit';

const boxJumps = makeMemberAutoPost();
const skipped = makeMemberAutoPost({
  id: 'b2b2b2b2-2222-4222-8222-222222222222',
  body: 'Rest day: walk, stretch, sleep',
  scheduledAt: '2026-03-13T13:30:00.000Z', // 9:30 AM EDT
  accounts: [],
  choice: 'skip',
});
const customised = makeMemberAutoPost({
  id: 'c3c3c3c3-3333-4333-8333-333333333333',
  body: 'Made my own',
  scheduledAt: '2026-03-16T14:00:00.000Z',
  accounts: [],
  choice: 'custom',
  customPostId,
});
const notReceived = makeMemberAutoPost({
  id: 'd4d4d4d4-4444-4444-8444-444444444444',
  body: 'Goes to nobody here',
  scheduledAt: '2026-03-17T14:00:00.000Z',
  accounts: [],
});
const ownPost = makeCalendarPost({
  id: customPostId,
  excerpt: 'Made my own',
  scheduledAt: customised.scheduledAt,
});

const march = '/app/calendar?view=month&date=2026-03-01';

async function openAutoPost(user: ReturnType<typeof renderCalendar>['user'], title: string) {
  const { event } = await findEvent(title);
  event.focus();
  await user.keyboard('{Enter}');
  return findDialog('Auto-Post details');
}

describe('/app/calendar: Auto-Posts', () => {
  it('draws the Auto-Posts coming to the member apart from their posts, a skipped one muted, and leaves out the rest', async () => {
    setNow('2026-03-05T12:00:00Z');
    calendarApi([ownPost], [boxJumps, skipped, customised, notReceived]);
    renderCalendar(march, newYorker);

    const coming = await findEvent('Box jumps build power: land soft, step down.');
    expect(coming.day).toBe('2026-03-12');
    expect(coming.text).toBe(
      '10:00 AM, Auto-Post for X and LinkedIn: Box jumps build power: land soft, step down.',
    );
    expect(coming.event.getAttribute('style')).toContain(autoPostLooks.auto.color);
    expect(coming.event).toHaveClass('calendar-autopost');
    expect(coming.event).not.toHaveClass('calendar-autopost-skipped');

    const rest = await findEvent('Rest day: walk, stretch, sleep');
    expect(rest.day).toBe('2026-03-13');
    expect(rest.text).toBe('9:30 AM, Skipped Auto-Post: Rest day: walk, stretch, sleep');
    expect(rest.event).toHaveClass('calendar-autopost-skipped');
    expect(rest.event.getAttribute('style')).toContain(autoPostLooks.skip.color);

    // The customised one is the member's own post now, once; the one reaching none of their accounts is absent.
    const own = await findEvent('Made my own');
    expect(own.text).toBe('10:00 AM, Scheduled for X and LinkedIn: Made my own');
    expect(screen.getAllByText('Made my own')).toHaveLength(1);
    expect(screen.queryByText('Goes to nobody here')).not.toBeInTheDocument();

    const legend = screen.getByRole('list', { name: 'Status colors' });
    expect(within(legend).getByText('Auto-Post')).toBeInTheDocument();
    expect(within(legend).getByText('Skipped Auto-Post')).toBeInTheDocument();
  });

  it("opens an Auto-Post from the keyboard with its choice, skips it, and brings it back with 'Auto-Post'", async () => {
    setNow('2026-03-05T12:00:00Z');
    const { choices, upcomingCalls } = calendarApi([], [boxJumps]);
    const { user } = renderCalendar(march, newYorker);

    const dialog = await openAutoPost(user, 'Box jumps build power: land soft, step down.');
    expect(dialog).toHaveTextContent('3/12/2026 10:00 AM EDT');
    expect(dialog).toHaveTextContent('Box jumps build power: land soft, step down.');
    expect(dialog).toHaveTextContent('LinkedIn: Zoë Coaching');
    expect(dialog).toHaveTextContent('X: @zoe');
    expect(dialog).toHaveTextContent(
      'Your choice: Auto-Post — FitPost publishes it on the accounts above at its time.',
    );
    expect(within(dialog).getByRole('button', { name: 'Auto-Post' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: 'Skip this one' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(dialog).getByRole('button', { name: 'Custom Post' })).toBeInTheDocument();

    const before = upcomingCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Skip this one' }));
    expect(await screen.findByText('Skipped: this one will not be posted for you.')).toBeInTheDocument();
    expect(choices).toEqual([{ id: boxJumps.id, body: { choice: 'skip' } }]);
    // Asked again: the event is now the muted, skipped one.
    await waitFor(() => expect(upcomingCalls()).toBeGreaterThan(before));
    await waitFor(async () =>
      expect((await findEvent('Box jumps build power: land soft, step down.')).text).toBe(
        '10:00 AM, Skipped Auto-Post: Box jumps build power: land soft, step down.',
      ),
    );

    const again = await openAutoPost(user, 'Box jumps build power: land soft, step down.');
    expect(again).toHaveTextContent('Your choice: Skipped — nothing is posted for you.');
    expect(within(again).getByRole('button', { name: 'Skip this one' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(again).getByRole('button', { name: 'Auto-Post' }));
    expect(await screen.findByText('It will be auto-posted for you.')).toBeInTheDocument();
    expect(choices[1]).toEqual({ id: boxJumps.id, body: { choice: 'auto' } });
  });

  it("'Custom Post' makes the occurrence the member's own post and opens it in the composer", async () => {
    setNow('2026-03-05T12:00:00Z');
    const { choices } = calendarApi([], [boxJumps]);
    const { user, router } = renderCalendar(march, newYorker);

    const dialog = await openAutoPost(user, 'Box jumps build power: land soft, step down.');
    await user.click(within(dialog).getByRole('button', { name: 'Custom Post' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/app/posts/post?id=${customPostId}`,
      ),
    );
    expect(choices).toEqual([{ id: boxJumps.id, body: { choice: 'custom' } }]);
  });

  it("shows the server's refusal in the dialog and asks for the Auto-Posts again", async () => {
    setNow('2026-03-05T12:00:00Z');
    const { upcomingCalls } = calendarApi([], [boxJumps]);
    server.use(
      http.put('/api/autoposts/:id/choice', () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: autoPostMessages.started } },
          { status: 409 },
        ),
      ),
    );
    const { user, router } = renderCalendar(march, newYorker);

    const dialog = await openAutoPost(user, 'Box jumps build power: land soft, step down.');
    const before = upcomingCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Custom Post' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your choice was not saved.');
    expect(alert).toHaveTextContent(autoPostMessages.started);
    expect(router.state.location.pathname).toBe('/app/calendar');
    await waitFor(() => expect(upcomingCalls()).toBeGreaterThan(before));
  });

  it('says an Auto-Post being published can no longer be changed, with no buttons to try', async () => {
    setNow('2026-03-12T14:00:30Z');
    calendarApi([], [makeMemberAutoPost({ status: 'fanning_out' })]);
    const { user } = renderCalendar(march, newYorker);

    const dialog = await openAutoPost(user, 'Box jumps build power: land soft, step down.');
    expect(dialog).toHaveTextContent('This Auto-Post is being published now; it can no longer be changed.');
    expect(within(dialog).queryByRole('button', { name: 'Custom Post' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Skip this one' })).not.toBeInTheDocument();
  });

  it('says when the Auto-Posts did not load, and still draws the posts', async () => {
    setNow('2026-03-05T12:00:00Z');
    calendarApi([ownPost], []);
    server.use(
      http.get('/api/autoposts/upcoming', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }),
      ),
    );
    renderCalendar(march, newYorker);

    expect(await screen.findByText('Upcoming Auto-Posts did not load.')).toBeInTheDocument();
    expect((await findEvent('Made my own')).day).toBe('2026-03-16');
  });
});
