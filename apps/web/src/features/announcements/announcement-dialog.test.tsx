import { announcementClient, type Announcement } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { meHandler, memberUser, noAutoPostsHandlers, noPostsHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { inCookieWindow, browserAnnouncementStore } from './announcement-window';

const first: Announcement = {
  id: '11111111-1111-4111-8111-111111111111',
  body: '<p>Team <strong>news</strong></p>',
  url: 'https://example.com/news',
  urlText: 'Read it',
  isRecurring: false,
};
const second: Announcement = {
  id: '22222222-2222-4222-8222-222222222222',
  body: '<p>Every month</p>',
  url: null,
  urlText: null,
  isRecurring: true,
};

beforeEach(() => server.use(meHandler, noPostsHandler, ...noAutoPostsHandlers));

describe('announcement dialog after sign-in', () => {
  it("shows each active announcement's HTML, link and 'close', one dialog at a time, then starts the window", async () => {
    const asked: unknown[] = [];
    localStorage.setItem(announcementClient.seenStorageKey, '["33333333-3333-4333-8333-333333333333"]');
    server.use(
      http.post('/api/announcement/active', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json([first, second]);
      }),
    );
    const { user } = renderApp('/app/dashboard', { user: memberUser, announcementsDue: true });

    const dialog = await screen.findByRole('dialog', { name: 'Announcement' });
    expect(within(dialog).getByText('news').tagName).toBe('STRONG');
    const link = within(dialog).getByRole('link', { name: 'Read it' });
    expect(link).toHaveAttribute('href', 'https://example.com/news');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(asked).toEqual([{ portalId: memberUser.portalId, ids: ['33333333-3333-4333-8333-333333333333'] }]);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    // One way to close it on screen: the spec's 'close', no ✕ beside it (issue 26).
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['close']);
    await user.click(within(dialog).getByRole('button', { name: 'close' }));
    const next = await screen.findByText('Every month');
    await user.click(
      within(next.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'close' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(inCookieWindow(browserAnnouncementStore, Date.now())).toBe(true);
    expect(JSON.parse(localStorage.getItem(announcementClient.seenStorageKey) ?? '')).toEqual([
      '33333333-3333-4333-8333-333333333333',
      first.id,
    ]);
  });

  it('clears the seen list when the active call fails, and shows nothing', async () => {
    localStorage.setItem(announcementClient.seenStorageKey, JSON.stringify([first.id]));
    let called = false;
    server.use(
      http.post('/api/announcement/active', () => {
        called = true;
        return HttpResponse.json({ error: { code: 'internal', message: 'down' } }, { status: 500 });
      }),
    );
    renderApp('/app/dashboard', { user: memberUser, announcementsDue: true });
    await waitFor(() => expect(called).toBe(true));
    await waitFor(() => expect(localStorage.getItem(announcementClient.seenStorageKey)).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
