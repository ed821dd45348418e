import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, meHandler, noAutoPostsHandlers, noPostsHandler } from '@/test/fixtures';
import { makeContentItem, makeMemberAutoPost, xConnectionId } from '@/features/autopost/test/autopost-kit';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

const user = makeUser({ properties: [{ name: 'timeZone', value: 'America/Chicago' }] });
/** The member's X account, as the Auto-Post answers name it. */
const zoeOnX = { connectionId: xConnectionId, network: 'x' as const, accountName: '@zoe' };

describe('/app/dashboard (Recommended Posts)', () => {
  it("shows the upcoming Auto-Posts and 'At a Glance' (composed in from the autopost feature) beside 'My Scheduled Posts'", async () => {
    server.use(
      meHandler,
      noPostsHandler,
      http.get('/api/autoposts/upcoming', () =>
        HttpResponse.json([makeMemberAutoPost({ accounts: [zoeOnX] })]),
      ),
      http.get('/api/autoposts/settings', () =>
        HttpResponse.json({ accounts: [{ ...zoeOnX, status: 'connected', enabled: true }] }),
      ),
      // Nothing recommended (the handlers above answer the Auto-Posts first).
      ...noAutoPostsHandlers,
    );
    renderApp('/app/dashboard', { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' })).toBeInTheDocument();
    // The title comes with the screen's skeleton at once; the screen itself follows.
    expect(await screen.findByRole('button', { name: 'Create New' })).toBeEnabled();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Auto-Posts' });
    // 13:30 UTC is 8:30 AM in Chicago (CDT).
    const item = await within(upcoming).findByRole('article', { name: /3\/15\/2030 8:30 AM/ });
    expect(within(item).getByRole('button', { name: 'Skip' })).toBeEnabled();
    const glance = await screen.findByRole('region', { name: 'At a Glance' });
    expect(await within(glance).findByText('On for 1 of 1 account')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'My Scheduled Posts' })).toBeInTheDocument();
  });

  it('shows the recommended library content as cards, and Add to Queue queues one in a click', async () => {
    const contentId = 'c0c0c0c0-0000-4000-8000-000000000000';
    const connectionId = xConnectionId;
    const asked: string[] = [];
    const saved: unknown[] = [];
    server.use(
      meHandler,
      noPostsHandler,
      http.get('/api/content', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          items: [
            makeContentItem({
              id: contentId,
              title: 'Squat week',
              body: 'Five squat variations to try this week',
              mediaId: null,
              graphicUrl: null,
              link: null,
              recommended: true,
            }),
          ],
          total: 1,
          page: 1,
          pageSize: 6,
        });
      }),
      http.get('/api/queue', () =>
        HttpResponse.json({
          timeZone: 'America/Chicago',
          nextFree: '2030-03-15T14:00:00.000Z',
          usualConnectionIds: [connectionId],
        }),
      ),
      http.post('/api/posts', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(
          {
            id: 'd0d0d0d0-0000-4000-8000-000000000000',
            body: 'Five squat variations to try this week',
            mediaId: null,
            link: null,
            contentId,
            scheduledAt: '2030-03-15T14:00:00.000Z',
            timeZone: 'America/Chicago',
            status: 'scheduled',
            connectionIds: [connectionId],
            targets: [],
            createdAt: '2026-01-02T10:00:00.000Z',
            updatedAt: '2026-01-02T10:00:00.000Z',
            queueSlot: {
              weekday: 5,
              time: '09:00',
              scheduledAt: '2030-03-15T14:00:00.000Z',
              timeZone: 'America/Chicago',
            },
          },
          { status: 201 },
        );
      }),
      // After the content handler above: the first handler that matches answers.
      ...noAutoPostsHandlers,
    );
    const { user: clicker } = renderApp('/app/dashboard', { user });

    const panel = await screen.findByRole('region', { name: 'Recommended for You' });
    const card = await within(panel).findByRole('article', { name: 'Squat week' });
    expect(asked[0]).toContain('recommended=true');
    expect(within(card).getByRole('button', { name: 'Schedule Post' })).toBeEnabled();
    await clicker.click(within(card).getByRole('button', { name: 'Add to Queue' }));
    expect(
      await screen.findByText('Added to your queue: Squat week goes out 3/15/2030 9:00 AM CDT.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([
      expect.objectContaining({
        contentId,
        queue: true,
        connectionIds: [connectionId],
        timeZone: 'America/Chicago',
      }),
    ]);
  });

  it('keeps card-sized room while the cards load, loads the first graphic first, and links to every recommended item', async () => {
    const asked: string[] = [];
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      meHandler,
      noPostsHandler,
      http.get('/api/content', async ({ request }) => {
        asked.push(new URL(request.url).search);
        await answered;
        return HttpResponse.json({
          items: ['Squat week', 'Plank month', 'Stretch day'].map((title, n) =>
            makeContentItem({
              id: `c0c0c0c0-0000-4000-8000-00000000000${n}`,
              title,
              graphicUrl: `/media/graphic-${n}.jpg`,
              recommended: true,
            }),
          ),
          total: 12,
          page: 1,
          pageSize: 3,
        });
      }),
      ...noAutoPostsHandlers,
    );
    renderApp('/app/dashboard', { user });

    const panel = await screen.findByRole('region', { name: 'Recommended for You' });
    const loading = await within(panel).findByRole('status');
    expect(loading).toHaveTextContent('Loading recommended content…');
    // One block per card to come, so the panels below do not jump when the cards arrive.
    expect(loading.querySelectorAll('.content-card-skeleton')).toHaveLength(3);
    answer?.();

    const cards = await within(panel).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Squat week',
      'Plank month',
      'Stretch day',
    ]);
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
    expect(asked[0]).toContain('pagesize=3');
    const graphics = cards.map((card) => card.querySelector('img'));
    expect(graphics.map((img) => img?.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(graphics[0]).toHaveAttribute('fetchpriority', 'high');
    expect(within(panel).getByRole('link', { name: 'See all 12 recommended posts' })).toHaveAttribute(
      'href',
      '/app/content?recommended=true',
    );
  });

  it('says so when nothing is recommended', async () => {
    server.use(meHandler, noPostsHandler, ...noAutoPostsHandlers);
    renderApp('/app/dashboard', { user });
    const panel = await screen.findByRole('region', { name: 'Recommended for You' });
    expect(await within(panel).findByText(/Nothing is recommended right now/)).toBeInTheDocument();
  });
});
