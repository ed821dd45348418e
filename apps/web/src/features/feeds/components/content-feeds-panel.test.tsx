import { systemUserId, type Feed, type FeedConsumeResult } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/test/antd';
import { memberUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { ContentFeedsPanel } from './content-feeds-panel';

function makeFeed(overrides: Partial<Feed> = {}): Feed {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    portalId: 7,
    name: 'Recovery Room',
    url: 'http://127.0.0.1:4000/feeds/recovery.json',
    description: 'Sleep, stretching and rest days.',
    isActive: true,
    userId: memberUser.id,
    isSystem: false,
    thumbnailUrl: '',
    lastFetchedAt: '2025-03-04T15:00:00.000Z',
    lastStatus: 'ok',
    lastErrorCode: null,
    lastError: null,
    itemCount: 15,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-04T15:00:00.000Z',
    ...overrides,
  };
}

const recovery = makeFeed();
const broken = makeFeed({
  id: 'f0000000-0000-4000-8000-000000000002',
  name: 'Old blog',
  url: 'http://10.0.0.1/feed',
  description: '',
  lastStatus: 'error',
  lastErrorCode: 'feed.blocked_address',
  lastError: 'The feed address points to a private or local network address, which FitPost does not fetch.',
  itemCount: 0,
});
const strength = makeFeed({
  id: 'f0000000-0000-4000-8000-000000000003',
  name: 'Strength Lab Journal',
  url: 'http://127.0.0.1:4000/feeds/strength.rss',
  userId: systemUserId,
  isSystem: true,
  itemCount: 25,
});

function feedsApi(initial: Feed[] = [recovery, broken, strength]) {
  let feeds = initial;
  const listQueries: Record<string, string>[] = [];
  const sent: { method: string; path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/feed', ({ request }) => {
      listQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(feeds);
    }),
    http.post('/api/feed', async ({ request }) => {
      const body = (await request.json()) as Partial<Feed>;
      sent.push({ method: 'POST', path: '/api/feed', body });
      const created = makeFeed({
        ...body,
        id: 'f0000000-0000-4000-8000-000000000009',
        lastFetchedAt: null,
        lastStatus: null,
        itemCount: 0,
      });
      feeds = [...feeds, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/feed/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<Feed>;
      sent.push({ method: 'PUT', path: `/api/feed/${String(params.id)}`, body });
      feeds = feeds.map((feed) => (feed.id === params.id ? { ...feed, ...body } : feed));
      return HttpResponse.json(feeds.find((feed) => feed.id === params.id));
    }),
    http.delete('/api/feed/:id', ({ params }) => {
      sent.push({ method: 'DELETE', path: `/api/feed/${String(params.id)}`, body: null });
      feeds = feeds.filter((feed) => feed.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { listQueries, sent };
}

function renderPanel() {
  return renderScreen(<ContentFeedsPanel />, { user: memberUser, path: '/app/settings' });
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: '.account-name' }).closest('tr');
  if (!row) throw new Error(`${name} is not in a table row`);
  return row;
}

describe('Settings › Content Feeds', () => {
  it("lists the member's feeds and the organisation's, with the last fetch and item counts", async () => {
    const { listQueries } = feedsApi();
    renderPanel();

    expect(await screen.findByRole('heading', { level: 2, name: 'Content Feeds' })).toBeInTheDocument();
    await screen.findByText('Recovery Room');
    expect(listQueries[0]).toEqual({ portalid: '7' });

    const mine = screen.getByRole('table', { name: 'My feeds' });
    expect(within(mine).getByText('Recovery Room')).toBeInTheDocument();
    expect(rowOf('Recovery Room')).toHaveTextContent('OK');
    expect(rowOf('Recovery Room')).toHaveTextContent('3/4/2025');
    expect(rowOf('Recovery Room')).toHaveTextContent('15');
    expect(rowOf('Old blog')).toHaveTextContent('Failed');
    expect(rowOf('Old blog')).toHaveTextContent('private or local network address');

    const system = screen.getByRole('table', { name: 'Feeds from your organization' });
    expect(within(system).getByText('Strength Lab Journal')).toBeInTheDocument();
    // Read-only: no switches or buttons for the organisation's feeds.
    expect(within(system).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(system).queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds a feed of their own, checking the address first', async () => {
    const { sent } = feedsApi();
    const { user } = renderPanel();
    await screen.findByText('Recovery Room');

    await user.click(screen.getByRole('button', { name: /Add Feed/ }));
    const modal = await findDialog('Add Feed');
    await user.type(within(modal).getByLabelText('Name'), 'Mobility Minute');
    await user.type(within(modal).getByLabelText('Feed address'), 'file:///etc/passwd');
    await user.click(within(modal).getByRole('button', { name: 'Add Feed' }));
    expect(
      await within(modal).findByText('Enter the feed address as an http:// or https:// URL'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(modal).getByLabelText('Feed address'));
    await user.type(
      within(modal).getByLabelText('Feed address'),
      'http://127.0.0.1:4000/feeds/nutrition.atom',
    );
    await user.click(within(modal).getByRole('button', { name: 'Add Feed' }));

    expect(
      await screen.findByText(
        'Mobility Minute added. FitPost fetches it shortly; Refresh Feed Data fetches it now.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/feed',
        body: {
          name: 'Mobility Minute',
          url: 'http://127.0.0.1:4000/feeds/nutrition.atom',
          description: '',
          thumbnailUrl: '',
          isActive: true,
          isSystem: false,
        },
      },
    ]);
    expect(await screen.findByText('Not fetched yet')).toBeInTheDocument();
  });

  it('deactivates, edits and deletes their feeds', async () => {
    const { sent } = feedsApi();
    const { user } = renderPanel();
    await screen.findByText('Recovery Room');

    await user.click(screen.getByRole('switch', { name: 'Recovery Room active' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: `/api/feed/${recovery.id}`,
      body: {
        id: recovery.id,
        name: 'Recovery Room',
        isActive: false,
        userId: memberUser.id,
        isSystem: false,
      },
    });
    expect(await screen.findByText(/Recovery Room is deactivated/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Old blog' }));
    const modal = await findDialog('Edit Feed');
    expect(within(modal).getByLabelText('Feed address')).toHaveValue('http://10.0.0.1/feed');
    await user.clear(within(modal).getByLabelText('Feed address'));
    await user.type(within(modal).getByLabelText('Feed address'), 'https://blog.example.org/feed');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      method: 'PUT',
      path: `/api/feed/${broken.id}`,
      body: { id: broken.id, url: 'https://blog.example.org/feed' },
    });

    await user.click(screen.getByRole('button', { name: 'Delete Old blog' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ method: 'DELETE', path: `/api/feed/${broken.id}`, body: null }),
    );
    expect(await screen.findByText('Old blog deleted.')).toBeInTheDocument();
  });

  it("'Refresh Feed Data' fetches the feeds and reports new items and failures per feed", async () => {
    feedsApi();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const consumed: string[] = [];
    const result: FeedConsumeResult = {
      imported: 7,
      feeds: [
        {
          feedId: recovery.id,
          name: 'Recovery Room',
          isSystem: false,
          status: 'ok',
          imported: 7,
          errorCode: null,
          error: null,
        },
        {
          feedId: broken.id,
          name: 'Old blog',
          isSystem: false,
          status: 'error',
          imported: 0,
          errorCode: 'feed.blocked_address',
          error:
            'The feed address points to a private or local network address, which FitPost does not fetch.',
        },
        {
          feedId: strength.id,
          name: 'Strength Lab Journal',
          isSystem: true,
          status: 'not_modified',
          imported: 0,
          errorCode: null,
          error: null,
        },
      ],
    };
    server.use(
      http.get('/api/feed/consume/:userId', async ({ params }) => {
        consumed.push(String(params.userId));
        await answered;
        return HttpResponse.json(result);
      }),
    );
    const { user } = renderPanel();
    await screen.findByText('Recovery Room');

    await user.click(screen.getByRole('button', { name: 'Refresh Feed Data' }));
    expect(await screen.findByText('Fetching your feeds… this can take a few seconds.')).toBeInTheDocument();
    release();

    const summary = await screen.findByText('7 new items from 3 feeds; 1 could not be read.');
    const alert = summary.closest('[role="alert"]');
    expect(alert).toHaveTextContent('Recovery Room: 7 new items');
    expect(alert).toHaveTextContent(
      'Old blog: failed — The feed address points to a private or local network address',
    );
    expect(alert).toHaveTextContent('Strength Lab Journal: no change since the last fetch');
    expect(consumed).toEqual([memberUser.id]);
  });

  it('says why a refresh failed', async () => {
    feedsApi();
    server.use(
      http.get('/api/feed/consume/:userId', () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'You can only refresh your own feeds' } },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderPanel();
    await screen.findByText('Recovery Room');

    await user.click(screen.getByRole('button', { name: 'Refresh Feed Data' }));
    expect(await screen.findByText('The feeds were not refreshed.')).toBeInTheDocument();
    expect(screen.getByText('You can only refresh your own feeds')).toBeInTheDocument();
  });
});
