import { rescheduleRefusals as refusals, type CalendarPost } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/test/antd';
import { server } from '@/test/msw-server';
import { statusLooks } from '../calendar-entries';
import {
  calendarApi as mockCalendarApi,
  findEvent,
  makeCalendarPost,
  newYorker,
  renderCalendar,
  setNow,
  tokyoite,
} from '../test/calendar-kit';

/** New York's clocks go forward on Sunday 8 March 2026 (EST −5 → EDT −4). */
const beforeDst = makeCalendarPost({
  id: '0b8e2a55-5d41-4a1f-9b55-1f6e2c3d4a01',
  excerpt: 'Saturday stretch',
  scheduledAt: '2026-03-07T15:00:00.000Z', // 10:00 AM EST
});
const afterDst = makeCalendarPost({
  id: '0b8e2a55-5d41-4a1f-9b55-1f6e2c3d4a02',
  excerpt: 'Monday mobility',
  scheduledAt: '2026-03-09T14:00:00.000Z', // 10:00 AM EDT
  status: 'posted',
  targets: [
    {
      id: '1c8e2a55-5d41-4a1f-9b55-1f6e2c3d4a02',
      network: 'linkedin',
      accountName: 'Zoë Coaching',
      status: 'published',
      remoteUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
    },
  ],
});
const canceled = makeCalendarPost({
  id: '0b8e2a55-5d41-4a1f-9b55-1f6e2c3d4a03',
  excerpt: 'Never mind',
  scheduledAt: '2026-03-10T14:00:00.000Z',
  status: 'cancelled',
});

function calendarApi(posts: CalendarPost[] = [beforeDst, afterDst, canceled]) {
  return mockCalendarApi(posts);
}

describe('/app/calendar', () => {
  it("draws the member's posts in their time zone, on both sides of a DST change, coloured by status", async () => {
    const { ranges, upcomingRanges } = calendarApi();
    renderCalendar('/app/calendar?view=month&date=2026-03-01', newYorker);

    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByText(/America\/New York/)).toBeInTheDocument();

    const saturday = await findEvent('Saturday stretch');
    expect(saturday.day).toBe('2026-03-07');
    expect(saturday.text).toBe('10:00 AM, Scheduled for X and LinkedIn: Saturday stretch');
    expect(saturday.event.getAttribute('style')).toContain(statusLooks.scheduled.color);

    const monday = await findEvent('Monday mobility');
    expect(monday.day).toBe('2026-03-09');
    expect(monday.text).toBe('10:00 AM, Posted for LinkedIn: Monday mobility');
    expect(monday.event.getAttribute('style')).toContain(statusLooks.posted.color);

    expect(screen.queryByText('Never mind')).not.toBeInTheDocument();
    // Six weeks from Sunday 1 March, midnight to midnight in New York: the offsets differ across the change.
    expect(ranges[0]).toEqual({ from: '2026-03-01T00:00:00-05:00', to: '2026-04-12T00:00:00-04:00' });
    // The organisation's Auto-Posts are asked for the same period, not as one endless list.
    expect(upcomingRanges[0]).toEqual(ranges[0]);
  });

  it('puts the same instants on other days and hours for a member in Tokyo', async () => {
    calendarApi();
    renderCalendar('/app/calendar?view=month&date=2026-03-01', tokyoite);

    const saturday = await findEvent('Saturday stretch');
    expect(saturday.day).toBe('2026-03-08');
    expect(saturday.text).toMatch(/^12:00 AM,/);
    const monday = await findEvent('Monday mobility');
    expect(monday.day).toBe('2026-03-09');
    expect(monday.text).toMatch(/^11:00 PM,/);
  });

  it("opens 'Choose Your Action' for a day, and each choice opens the composer for that day", async () => {
    setNow('2026-03-05T12:00:00Z');
    calendarApi();
    const { user, router } = renderCalendar('/app/calendar?view=month&date=2026-03-01', newYorker);

    const choices = [
      ['Create New Post', '/app/posts/post?date=2026-03-12'],
      ['Choose From Library', '/app/posts/post?date=2026-03-12&source=library'],
      ['Choose From Favorites', '/app/posts/post?date=2026-03-12&source=favorites'],
    ] as const;
    for (const [name, target] of choices) {
      if (router.state.location.pathname !== '/app/calendar') {
        await router.navigate('/app/calendar?view=month&date=2026-03-01');
      }
      // The day's date link: reachable with Tab, pressed with Enter.
      const dayLink = await screen.findByRole('link', { name: 'Choose an action for March 12, 2026' });
      dayLink.focus();
      await user.keyboard('{Enter}');
      const dialog = await findDialog('Choose Your Action');
      expect(dialog).toHaveTextContent('What would you like to post on Thursday, 3/12/2026?');
      await user.click(within(dialog).getByRole('button', { name: name }));
      await waitFor(() =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(target),
      );
    }
  });

  it('refuses a day that has passed', async () => {
    setNow('2026-03-05T12:00:00Z');
    calendarApi();
    const { user } = renderCalendar('/app/calendar?view=month&date=2026-03-01', newYorker);

    await user.click(await screen.findByRole('link', { name: 'Choose an action for March 4, 2026' }));
    expect(await screen.findByText('That day has passed. Choose today or a later day.')).toBeInTheDocument();
    expect(screen.queryByText('Choose Your Action')).not.toBeInTheDocument();
  });

  it("opens a post's details from the keyboard, with its status, accounts and Edit", async () => {
    setNow('2026-03-05T12:00:00Z');
    calendarApi();
    const { user, router } = renderCalendar('/app/calendar?view=month&date=2026-03-01', newYorker);

    const { event } = await findEvent('Monday mobility');
    event.focus();
    await user.keyboard('{Enter}');
    const dialog = await findDialog('Post details');
    expect(within(dialog).getAllByText('Posted')).toHaveLength(2); // the post, and its one account
    expect(dialog).toHaveTextContent('3/9/2026 10:00 AM EDT');
    expect(await within(dialog).findByText('Monday mobility: the whole text')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View post on LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/feed/update/urn:li:share:1',
    );
    // Published: nothing left to edit or move.
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Move Post' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click((await findEvent('Saturday stretch')).event);
    const scheduled = await findDialog('Post details');
    await user.click(within(scheduled).getByRole('button', { name: 'Edit' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/app/posts/post?id=${beforeDst.id}`,
      ),
    );
  });

  it('moves a post to a typed day and time in the member zone, refuses a time that has passed, and undoes', async () => {
    setNow('2026-03-05T12:00:00Z');
    const { reschedules } = calendarApi();
    const { user } = renderCalendar('/app/calendar?view=month&date=2026-03-01', newYorker);

    await user.click((await findEvent('Saturday stretch')).event);
    const dialog = await findDialog('Post details');
    const day = within(dialog).getByLabelText('Day');
    const time = within(dialog).getByLabelText(/^Time/);
    expect(day).toHaveValue('2026-03-07');
    expect(time).toHaveValue('10:00');

    await user.clear(day);
    await user.type(day, '2026-03-04');
    await user.click(within(dialog).getByRole('button', { name: 'Move Post' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusals.past);
    expect(reschedules).toEqual([]);

    await user.clear(day);
    await user.type(day, '2026-03-09');
    await user.click(within(dialog).getByRole('button', { name: 'Move Post' }));
    expect(await screen.findByText('Post moved to 3/9/2026 10:00 AM EDT.')).toBeInTheDocument();
    // 10:00 on the Monday after the change is 14:00 UTC, not 15:00.
    expect(reschedules).toEqual([{ id: beforeDst.id, body: { scheduledAt: '2026-03-09T14:00:00.000Z' } }]);
    await waitFor(async () => expect((await findEvent('Saturday stretch')).day).toBe('2026-03-09'));

    // The note offers Undo (issue 26): the post goes back where it was.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Post moved back to 3/7/2026 10:00 AM EST.')).toBeInTheDocument();
    expect(reschedules.at(-1)).toEqual({ id: beforeDst.id, body: { scheduledAt: beforeDst.scheduledAt } });
    await waitFor(async () => expect((await findEvent('Saturday stretch')).day).toBe('2026-03-07'));
  });

  it("offers Cancel post in a post's details, asking first (issue 26)", async () => {
    setNow('2026-03-05T12:00:00Z');
    calendarApi();
    const cancels: unknown[] = [];
    server.use(
      http.post('/api/posts/:id/cancel', ({ params }) => {
        cancels.push(params.id);
        return HttpResponse.json({ error: { code: 'internal', message: 'unused' } }, { status: 500 });
      }),
    );
    const { user } = renderCalendar('/app/calendar?view=month&date=2026-03-01', newYorker);

    await user.click((await findEvent('Saturday stretch')).event);
    const dialog = await findDialog('Post details');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel post' }));
    const ask = await screen.findByRole('tooltip');
    expect(ask).toHaveTextContent('Cancel this post?');
    expect(cancels).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Cancel post' }));
    await waitFor(() => expect(cancels).toEqual([beforeDst.id]));
    expect(await within(dialog).findByText('The post was not canceled.')).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a move, and leaves the post where it was", async () => {
    setNow('2026-03-05T12:00:00Z');
    calendarApi();
    server.use(
      http.post('/api/posts/:id/reschedule', () =>
        HttpResponse.json({ error: { code: 'conflict', message: refusals.publishing } }, { status: 409 }),
      ),
    );
    const { user } = renderCalendar('/app/calendar?view=month&date=2026-03-01', newYorker);

    await user.click((await findEvent('Saturday stretch')).event);
    const dialog = await findDialog('Post details');
    const day = within(dialog).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-03-10');
    await user.click(within(dialog).getByRole('button', { name: 'Move Post' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusals.publishing);
    expect((await findEvent('Saturday stretch')).day).toBe('2026-03-07');
  });

  it('keeps the view and the period in the address, so a reload comes back to them', async () => {
    setNow('2026-03-05T12:00:00Z');
    const { ranges } = calendarApi();
    const { router } = renderCalendar('/app/calendar', newYorker);

    await waitFor(() => expect(router.state.location.search).toBe('?view=month&date=2026-03-01'));
    expect(ranges[0]).toEqual({ from: '2026-03-01T00:00:00-05:00', to: '2026-04-12T00:00:00-04:00' });
  });

  it('on a phone the week is a list of days with each post readable, and the day view is that day alone', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      calendarApi();
      const { user } = renderCalendar('/app/calendar?view=week&date=2026-03-08', newYorker);
      // A list row: the time, then the post's words in full (no seven 50 px columns).
      await screen.findByText('Monday mobility');
      // Listed under its day's heading, the time and the words in full (no seven 50 px columns).
      expect(screen.getByText('March 9, 2026')).toBeInTheDocument();
      expect(screen.getByText('10:00 AM')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Week view' })).toHaveAttribute('aria-selected', 'true');
      await user.click(screen.getByRole('tab', { name: 'Day view' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'March 8, 2026' })).toBeInTheDocument();
      expect(screen.queryByText('Monday mobility')).not.toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });
});
