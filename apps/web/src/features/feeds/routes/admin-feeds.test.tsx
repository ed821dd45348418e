import { systemUserId, type Feed } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/test/antd';
import { adminUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { AdminFeedsRoute } from './admin-feeds';

const journal: Feed = {
  id: 'f0000000-0000-4000-8000-000000000003',
  portalId: 7,
  name: 'Strength Lab Journal',
  url: 'http://127.0.0.1:4000/feeds/strength.rss',
  description: '',
  isActive: true,
  userId: systemUserId,
  isSystem: true,
  thumbnailUrl: '',
  lastFetchedAt: '2025-03-04T15:00:00.000Z',
  lastStatus: 'error',
  lastErrorCode: 'feed.timeout',
  lastError: 'The feed took too long to answer.',
  itemCount: 25,
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedAt: '2025-03-04T15:00:00.000Z',
};

describe('/app/manage/feeds', () => {
  it("lists the portal's system feeds and adds one owned by the all-zero user", async () => {
    const listQueries: Record<string, string>[] = [];
    const posted: unknown[] = [];
    server.use(
      http.get('/api/feed', ({ request }) => {
        listQueries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json([journal]);
      }),
      http.post('/api/feed', async ({ request }) => {
        const body = (await request.json()) as Partial<Feed>;
        posted.push(body);
        return HttpResponse.json(
          { ...journal, ...body, id: 'f0000000-0000-4000-8000-000000000009' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderScreen(<AdminFeedsRoute />, { user: adminUser, path: '/app/manage/feeds' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Feeds' })).toBeInTheDocument();
    const row = (await screen.findByText('Strength Lab Journal', { selector: '.account-name' })).closest(
      'tr',
    );
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('The feed took too long to answer.');
    expect(row).toHaveTextContent('25');
    expect(listQueries[0]).toEqual({ portalid: '7', userid: systemUserId });

    await user.click(screen.getByRole('button', { name: /Add System Feed/ }));
    const modal = await findDialog('Add System Feed');
    await user.type(within(modal).getByLabelText('Name'), 'Nutrition Notes');
    await user.type(
      within(modal).getByLabelText('Feed address'),
      'http://127.0.0.1:4000/feeds/nutrition.atom',
    );
    await user.click(within(modal).getByRole('button', { name: 'Add System Feed' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: 'Nutrition Notes',
      url: 'http://127.0.0.1:4000/feeds/nutrition.atom',
      description: '',
      thumbnailUrl: '',
      isActive: true,
      isSystem: true,
      userId: systemUserId,
    });
    expect(await screen.findByText('Nutrition Notes added.')).toBeInTheDocument();
  });
});
