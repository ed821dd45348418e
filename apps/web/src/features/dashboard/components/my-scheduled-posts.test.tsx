import type { ScheduledPost } from '@fitpost/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { MyScheduledPosts } from './my-scheduled-posts';

const london = makeUser({ properties: [{ name: 'timeZone', value: 'Europe/London' }] });

function makePost(overrides: Partial<ScheduledPost> = {}): ScheduledPost {
  return {
    id: '8c000000-0000-4000-8000-000000000001',
    body: 'Monday mobility: ten minutes that save your back',
    mediaId: null,
    link: null,
    contentId: null,
    scheduledAt: '2030-07-01T08:00:00.000Z',
    timeZone: 'Europe/London',
    status: 'scheduled',
    connectionIds: [],
    targets: [
      {
        id: '8a000000-0000-4000-8000-000000000001',
        connectionId: null,
        network: 'x',
        accountName: 'Zoë Lifts',
        status: 'scheduled',
        attempts: 0,
        error: null,
        remoteId: null,
        remoteUrl: null,
        publishedAt: null,
      },
      {
        id: '8a000000-0000-4000-8000-000000000002',
        connectionId: null,
        network: 'linkedin',
        accountName: 'Zoë Coaching',
        status: 'publishing',
        attempts: 1,
        error: null,
        remoteId: null,
        remoteUrl: null,
        publishedAt: null,
      },
    ],
    createdAt: '2030-06-01T10:00:00.000Z',
    updatedAt: '2030-06-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderPanel() {
  return renderScreen(<MyScheduledPosts />, { user: london, path: '/app/dashboard' });
}

describe('My Scheduled Posts', () => {
  it('lists the next posts with their time in the member’s zone, networks and status', async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get('/api/posts', ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({
          items: [
            makePost(),
            makePost({
              id: '8c000000-0000-4000-8000-000000000002',
              body: '',
              mediaId: '8d000000-0000-4000-8000-000000000001',
              scheduledAt: '2030-12-01T08:00:00.000Z',
              status: 'publishing',
            }),
          ],
          total: 7,
          page: 1,
          pageSize: 5,
        });
      }),
    );
    renderPanel();

    const panel = screen.getByRole('region', { name: 'My Scheduled Posts' });
    const items = await within(panel).findAllByRole('listitem');
    expect(queries).toEqual([{ status: 'scheduled,publishing', order: 'asc', page: '1', pagesize: '5' }]);
    // 08:00Z is 9:00 in London in summer (GMT+1 in en-US) and 8:00 in winter (GMT).
    expect(items[0]).toHaveTextContent('7/1/2030 9:00 AM GMT+1');
    expect(items[0]).toHaveTextContent('Monday mobility: ten minutes that save your back');
    expect(items[0]).toHaveTextContent('X: Scheduled · LinkedIn: Publishing');
    expect(items[0]).not.toHaveTextContent('(scheduled)');
    expect(items[1]).toHaveTextContent('12/1/2030 8:00 AM GMT · publishing now');
    expect(items[1]).toHaveTextContent('A post with a graphic');
    expect(within(panel).getByRole('link', { name: 'See all 7 scheduled posts' })).toHaveAttribute(
      'href',
      '/app/posts',
    );
  });

  it('says when nothing is scheduled', async () => {
    server.use(
      http.get('/api/posts', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 5 })),
    );
    renderPanel();
    expect(await screen.findByText(/You have no scheduled posts/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your posts' })).toHaveAttribute('href', '/app/posts');
  });

  it('offers a retry when the posts cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('/api/posts', () =>
        fail
          ? HttpResponse.json({ error: { code: 'internal', message: 'Please try again.' } }, { status: 500 })
          : HttpResponse.json({ items: [makePost()], total: 1, page: 1, pageSize: 5 }),
      ),
    );
    const { user } = renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your scheduled posts could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Monday mobility/)).toBeInTheDocument();
  });
});
