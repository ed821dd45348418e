import type {
  AutoPostChoice,
  CalendarPost,
  MemberAutoPost,
  ScheduledPost,
  UserInfo,
} from '@fitpost/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { setStoredUser } from '@/lib/session';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { CalendarRoute } from '../routes/calendar';

/**
 * The calendar on its route, with the app's providers but not the signed-in shell (whose styles make
 * jsdom's role queries slow), and a stand-in composer route to land on.
 */
export function renderCalendar(path: string, member: UserInfo) {
  setStoredUser(member);
  const router = createMemoryRouter(
    [
      { path: '/app/calendar', element: <CalendarRoute /> },
      { path: '/app/posts/post', element: <p>Composer</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

export const newYorker = makeUser({ properties: [{ name: 'timeZone', value: 'America/New_York' }] });
export const tokyoite = makeUser({ properties: [{ name: 'timeZone', value: 'Asia/Tokyo' }] });

export function makeCalendarPost(overrides: Partial<CalendarPost>): CalendarPost {
  return {
    id: '0b8e2a55-5d41-4a1f-9b55-1f6e2c3d4a00',
    excerpt: 'A post',
    hasMedia: false,
    scheduledAt: '2026-03-09T14:00:00.000Z',
    status: 'scheduled',
    targets: [
      {
        id: '1c8e2a55-5d41-4a1f-9b55-1f6e2c3d4a00',
        network: 'x',
        accountName: '@zoe',
        status: 'scheduled',
        remoteUrl: null,
      },
      {
        id: '2c8e2a55-5d41-4a1f-9b55-1f6e2c3d4a00',
        network: 'linkedin',
        accountName: 'Zoë Coaching',
        status: 'scheduled',
        remoteUrl: null,
      },
    ],
    ...overrides,
  };
}

export function makeMemberAutoPost(overrides: Partial<MemberAutoPost> = {}): MemberAutoPost {
  return {
    id: 'a1a1a1a1-1111-4111-8111-111111111111',
    contentId: null,
    body: 'Box jumps build power: land soft, step down.',
    mediaUrl: null,
    link: null,
    // Thursday 12 March 2026, 10:00 AM in New York (EDT).
    scheduledAt: '2026-03-12T14:00:00.000Z',
    timeZone: 'America/New_York',
    status: 'scheduled',
    accounts: [
      {
        connectionId: 'f5f5f5f5-5555-4555-8555-555555555555',
        network: 'linkedin',
        accountName: 'Zoë Coaching',
      },
      { connectionId: 'a6a6a6a6-6666-4666-8666-666666666666', network: 'x', accountName: '@zoe' },
    ],
    choice: 'auto',
    customPostId: null,
    ...overrides,
  };
}

function fullPost(post: CalendarPost): ScheduledPost {
  return {
    id: post.id,
    body: `${post.excerpt}: the whole text`,
    mediaId: null,
    link: null,
    contentId: null,
    scheduledAt: post.scheduledAt,
    timeZone: 'America/New_York',
    status: post.status,
    connectionIds: [],
    targets: post.targets.map((target) => ({
      ...target,
      connectionId: null,
      attempts: 0,
      error: null,
      remoteId: null,
      publishedAt: null,
    })),
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  };
}

/** The id the stand-in server gives a Custom Post it makes from an Auto-Post. */
export const customPostId = 'e4e4e4e4-4444-4444-8444-444444444444';

/**
 * The calendar's API as msw handlers over a little state: the member's posts, the Auto-Posts coming
 * to them, and what was asked of it (ranges, moves, choices). A 'custom' choice turns the Auto-Post
 * into one of the member's posts, as the server does.
 */
export function calendarApi(posts: CalendarPost[], autoPosts: MemberAutoPost[] = []) {
  const ranges: Record<string, string>[] = [];
  const reschedules: { id: unknown; body: unknown }[] = [];
  const choices: { id: unknown; body: unknown }[] = [];
  let upcomingCalls = 0;
  const upcomingRanges: Record<string, string>[] = [];
  let current = posts;
  let currentAutoPosts = autoPosts;
  server.use(
    // The week and day grids open on the member's first queue slot.
    http.get('/api/queue/slots', () =>
      HttpResponse.json({
        timeZone: 'America/New_York',
        slots: [{ weekday: 1, time: '09:00' }],
        isDefault: true,
        nextFree: null,
      }),
    ),
    http.get('/api/posts/calendar', ({ request }) => {
      ranges.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ items: current, truncated: false });
    }),
    http.get('/api/autoposts/upcoming', ({ request }) => {
      upcomingCalls += 1;
      upcomingRanges.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(currentAutoPosts);
    }),
    http.put('/api/autoposts/:id/choice', async ({ params, request }) => {
      const body = (await request.json()) as { choice: AutoPostChoice };
      choices.push({ id: params.id, body });
      const autoPost = currentAutoPosts.find((a) => a.id === params.id);
      if (!autoPost) {
        return HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
      }
      const customId = body.choice === 'custom' ? customPostId : null;
      currentAutoPosts = currentAutoPosts.map((a) =>
        a.id === params.id
          ? {
              ...a,
              choice: body.choice,
              customPostId: customId,
              accounts: body.choice === 'auto' ? a.accounts : [],
            }
          : a,
      );
      if (customId) {
        current = [
          ...current,
          makeCalendarPost({ id: customId, excerpt: autoPost.body, scheduledAt: autoPost.scheduledAt }),
        ];
      }
      return HttpResponse.json({ choice: body.choice, customPostId: customId });
    }),
    http.get('/api/posts/:id', ({ params }) => {
      const post = current.find((p) => p.id === params.id);
      return post
        ? HttpResponse.json(fullPost(post))
        : HttpResponse.json({ error: { code: 'not_found', message: 'Post not found' } }, { status: 404 });
    }),
    http.post('/api/posts/:id/reschedule', async ({ params, request }) => {
      const body = (await request.json()) as { scheduledAt: string };
      reschedules.push({ id: params.id, body });
      current = current.map((p) => (p.id === params.id ? { ...p, scheduledAt: body.scheduledAt } : p));
      const post = current.find((p) => p.id === params.id);
      return post ? HttpResponse.json(fullPost(post)) : HttpResponse.json({}, { status: 404 });
    }),
  );
  return { ranges, upcomingRanges, reschedules, choices, upcomingCalls: () => upcomingCalls };
}

/**
 * The event (a focusable button) showing `title`, its text as a screen reader reads it, and its day.
 * FullCalendar keeps a day's events `visibility: hidden` until it has measured them, which jsdom (no
 * layout) never lets it do, so role queries cannot see them here; the end-to-end test reads them by role.
 */
export async function findEvent(title: string) {
  const titleElement = await screen.findByText(title, { selector: '.calendar-event-title' });
  const event = titleElement.closest<HTMLElement>('[role="button"]');
  if (!event) throw new Error(`"${title}" is not inside an event button`);
  return {
    event,
    text: (event.textContent ?? '').replace(/\s+/g, ' '),
    day: event.closest('[data-date]')?.getAttribute('data-date'),
  };
}

/** "Now" for the refusals; only Date is faked, so timers, msw and user-event run as usual. */
export function setNow(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}
