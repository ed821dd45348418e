import type { MessageList, MessageSummary, Notification, NotificationList } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, memberUser } from '@/test/fixtures';
import { renderApp, renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { MessagesRoute } from '../routes/messages';
import { NotificationBell } from './notification-bell';

const reconnect: Notification = {
  id: 'a0000000-0000-4000-8000-000000000001',
  kind: 'connection.needs_reconnect',
  title: 'Reconnect Casey on X',
  text: 'X refused the token. Open Settings → Social Platforms and choose Reconnect.',
  link: '/app/settings?tab=social-platforms',
  network: 'x',
  needsAction: true,
  createdAt: '2026-11-24T10:00:00.000Z',
  readAt: null,
};
const failed: Notification = {
  id: 'a0000000-0000-4000-8000-000000000002',
  kind: 'post.failed',
  title: 'A post to Casey on LinkedIn failed',
  text: 'Duplicate content',
  link: '/app/posts?view=failed&network=linkedin',
  network: 'linkedin',
  needsAction: false,
  createdAt: '2026-11-24T09:00:00.000Z',
  readAt: null,
};

const thread: MessageSummary = {
  id: 'd0000000-0000-4000-8000-000000000001',
  kind: 'thread',
  subject: 'Spring challenge',
  preview: 'Join us on Monday',
  author: { id: 'c0000000-0000-4000-8000-000000000001', fullName: 'Avery Admin' },
  member: { id: memberUser.id, fullName: memberUser.fullName },
  to: 'All members',
  lastAt: '2026-11-24T10:00:00.000Z',
  unread: true,
  replyCount: 0,
  recipientCount: null,
  readCount: null,
};

/**
 * A small notifications API: reads mark rows read, as the server does (a reconnect keeps counting);
 * the bell's counts add the message threads given.
 */
function notificationsApi(initial: Notification[], threads: MessageSummary[] = []) {
  let rows = initial.map((n) => ({ ...n }));
  const queries: Record<string, string>[] = [];
  const sent: { path: string; body: unknown }[] = [];
  const unread = () => rows.filter((n) => !n.readAt || n.needsAction);
  server.use(
    http.get('/api/notification', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const list = query.unread === 'true' ? unread() : rows;
      const page = Number(query.page ?? 1);
      const size = Number(query.pagesize ?? 20);
      return HttpResponse.json({
        items: list.slice((page - 1) * size, page * size),
        total: list.length,
        page,
        pageSize: size,
        unread: unread().length,
      } satisfies NotificationList);
    }),
    http.get('/api/message/unread', () =>
      HttpResponse.json({ notifications: unread().length, messages: threads.filter((m) => m.unread).length }),
    ),
    http.get('/api/message', () =>
      HttpResponse.json({
        items: threads,
        total: threads.length,
        page: 1,
        pageSize: 3,
        unread: threads.filter((m) => m.unread).length,
      } satisfies MessageList),
    ),
    http.post('/api/notification/read', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      sent.push({ path: 'read', body });
      rows = rows.map((n) => (body.ids.includes(n.id) ? { ...n, readAt: '2026-11-24T11:00:00.000Z' } : n));
      return HttpResponse.json({ updated: body.ids.length, unread: unread().length });
    }),
    http.post('/api/notification/read-all', () => {
      sent.push({ path: 'read-all', body: null });
      rows = rows.map((n) => ({ ...n, readAt: n.readAt ?? '2026-11-24T11:00:00.000Z' }));
      return HttpResponse.json({ updated: rows.length, unread: unread().length });
    }),
  );
  return { queries, sent };
}

describe('NotificationBell', () => {
  it('names the unread count and opens the latest few, each linking to what to fix, and See all messages', async () => {
    const api = notificationsApi([reconnect, failed]);
    const { user, router } = renderScreen(<NotificationBell />, { user: memberUser });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    await waitFor(() => expect(api.queries[0]).toMatchObject({ unread: 'true', page: '1', pagesize: '5' }));
    const menu = screen.getByRole('navigation', { name: 'Notifications' });
    expect(await within(menu).findByRole('link', { name: /Reconnect Casey on X/ })).toHaveAttribute(
      'href',
      '/app/settings?tab=social-platforms',
    );
    expect(within(menu).getByRole('link', { name: 'See all messages' })).toHaveAttribute(
      'href',
      '/app/settings/messages',
    );
    await user.click(within(menu).getByRole('link', { name: /A post to Casey on LinkedIn failed/ }));
    await waitFor(() => expect(api.sent).toEqual([{ path: 'read', body: { ids: [failed.id] } }]));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/app/posts?view=failed&network=linkedin',
    );
  });

  it('counts unread messages with notifications and lists the latest threads, each opening in Messages', async () => {
    notificationsApi([failed], [thread]);
    const { user, router } = renderScreen(<NotificationBell />, { user: memberUser });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const menu = screen.getByRole('navigation', { name: 'Notifications' });
    const link = await within(menu).findByRole('link', { name: /^Unread message:\s*Spring challenge/ });
    expect(link).toHaveTextContent('Avery Admin: Join us on Monday');
    await user.click(link);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/app/settings/messages?tab=messages&thread=${thread.id}`,
    );
  });

  it('sits in the top bar and says plainly when nothing is unread', async () => {
    notificationsApi([]);
    server.use(meHandler);
    renderApp('/app/settings/messages', { user: memberUser });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('Settings → Messages, Notifications tab', () => {
  it('lists read and unread, marks all read, and a reconnect stays unread until it is done', async () => {
    const api = notificationsApi([reconnect, failed]);
    const { user } = renderScreen(<MessagesRoute />, { user: memberUser });
    const tab = await screen.findByRole('region', { name: 'Notifications' });
    await within(tab).findByText('2 unread');
    expect(within(tab).getByRole('link', { name: 'Reconnect: Reconnect Casey on X' })).toHaveAttribute(
      'href',
      '/app/settings?tab=social-platforms',
    );
    expect(
      within(tab).getByRole('link', { name: 'See the failed post: A post to Casey on LinkedIn failed' }),
    ).toHaveAttribute('href', '/app/posts?view=failed&network=linkedin');
    await user.click(within(tab).getByRole('button', { name: 'Mark all read' }));
    await within(tab).findByText('1 unread');
    expect(api.sent).toEqual([{ path: 'read-all', body: null }]);
    expect(within(tab).getAllByText('Unread')).toHaveLength(1);
    expect(within(tab).getAllByText('Read')).toHaveLength(1);
  });

  it('pages through many', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...failed,
      id: `b0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Failed ${i + 1}`,
    }));
    const api = notificationsApi(many);
    const { user } = renderScreen(<MessagesRoute />, { user: memberUser });
    await screen.findByText('Failed 1');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('Failed 21');
    expect(api.queries.at(-1)).toMatchObject({ page: '2', pagesize: '20' });
  });

  it('says why the list did not load, with Retry', async () => {
    server.use(
      http.get('/api/notification', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Server error' } }, { status: 500 }),
      ),
    );
    renderScreen(<MessagesRoute />, { user: memberUser });
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
