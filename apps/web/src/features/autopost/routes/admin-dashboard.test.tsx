import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { admin, autoPostId, makeAutoPost, mount } from '../test/autopost-kit';
import { AdminDashboardRoute } from './admin-dashboard';

function open() {
  return mount(<AdminDashboardRoute />, { user: admin, path: '/app/manage', at: '/app/manage' });
}

const second = makeAutoPost({
  id: 'b1b1b1b1-1111-4111-8111-111111111111',
  body: 'Hydration tips for summer sessions.',
  networks: ['facebook', 'instagram'],
  status: 'fanning_out',
  scheduledAt: '2030-03-16T22:05:00.000Z',
  mediaUrl: 'http://localhost:3000/media/x.jpg',
});

describe('Administration Dashboard', () => {
  // One button per place, each named as the place it opens (issue 16).
  it.each([
    ['Create New', '/app/posts/post'],
    ['Add Content', '/app/manage/content?add=1'],
    ['Find Content to Post', '/app/content'],
    ['Admin Favorites', '/app/manage/saved'],
    ['Schedule Auto-Post', '/app/manage/autopost'],
    ['Import a Plan', '/app/manage/autopost/import'],
  ])("'%s' goes to %s", async (name, to) => {
    server.use(http.get('/api/autoposts', () => HttpResponse.json([])));
    const { user } = open();

    await user.click(await screen.findByRole('button', { name }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(to);
  });

  it("lists upcoming Auto-Posts in the admin's time zone with networks, status, Edit, Cancel and View progress", async () => {
    const queries: string[] = [];
    const canceled: string[] = [];
    server.use(
      http.get('/api/autoposts', ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('from') ?? '');
        return HttpResponse.json([makeAutoPost(), second]);
      }),
      http.post('/api/autoposts/:id/cancel', ({ params }) => {
        canceled.push(String(params.id));
        return HttpResponse.json(makeAutoPost({ status: 'cancelled' }));
      }),
    );
    const { user } = open();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Upcoming Scheduled Auto-Posts' }),
    ).toBeInTheDocument();
    const first = await screen.findByRole('row', { name: /3\/15\/2030 9:30 AM/ });
    expect(first).toHaveTextContent('Five squat cues that keep your knees happy.');
    expect(first).toHaveTextContent('XLinkedIn');
    expect(within(first).getByText('Scheduled')).toBeInTheDocument();
    const running = screen.getByRole('row', { name: /3\/16\/2030 6:05 PM/ });
    expect(running).toHaveTextContent('Facebook PageInstagram');
    expect(within(running).getByText('Publishing')).toBeInTheDocument();
    // Once its fan-out runs it can no longer be edited, only canceled or followed.
    expect(within(running).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(Date.parse(queries[0] ?? '')).toBeLessThan(Date.now());

    await user.click(
      within(first).getByRole('button', { name: 'Cancel the Auto-Post of 3/15/2030 9:30 AM EDT' }),
    );
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Nothing of it will be sent to members.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Auto-Post' }));
    expect(await screen.findByText('The Auto-Post is canceled.')).toBeInTheDocument();
    expect(canceled).toEqual([autoPostId]);

    await user.click(
      within(first).getByRole('button', { name: 'Edit the Auto-Post of 3/15/2030 9:30 AM EDT' }),
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent(`/app/manage/autopost/${autoPostId}/edit`);
  });

  it('View progress opens the Auto-Post', async () => {
    server.use(http.get('/api/autoposts', () => HttpResponse.json([second])));
    const { user } = open();

    await user.click(
      await screen.findByRole('button', { name: 'View progress of the Auto-Post of 3/16/2030 6:05 PM EDT' }),
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent(`/app/manage/autopost/${second.id}`);
  });

  it('says when nothing is scheduled, and when the list could not be loaded', async () => {
    server.use(http.get('/api/autoposts', () => HttpResponse.json([])));
    const { unmount } = open();
    expect(await screen.findByText('No Auto-Posts scheduled')).toBeInTheDocument();
    unmount();

    server.use(
      http.get('/api/autoposts', () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Only administrators can schedule Auto-Posts.' } },
          { status: 403 },
        ),
      ),
    );
    open();
    expect(await screen.findByText('The Auto-Posts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Only administrators can schedule Auto-Posts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
