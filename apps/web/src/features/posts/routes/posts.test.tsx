import type { PublishTarget, ScheduledPost } from '@fitpost/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chooseOption, findDialog } from '@/test/antd';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { PostsRoute } from './posts';

const newYork = makeUser({ properties: [{ name: 'timeZone', value: 'America/New_York' }] });

function makeTarget(overrides: Partial<PublishTarget> = {}): PublishTarget {
  return {
    id: '7a000000-0000-4000-8000-000000000001',
    connectionId: '7b000000-0000-4000-8000-000000000001',
    network: 'x',
    accountName: 'Zoë Lifts',
    status: 'scheduled',
    attempts: 0,
    error: null,
    remoteId: null,
    remoteUrl: null,
    publishedAt: null,
    ...overrides,
  };
}

function makePost(overrides: Partial<ScheduledPost> = {}): ScheduledPost {
  return {
    id: '7c000000-0000-4000-8000-000000000001',
    body: 'Leg day: squats, lunges and a long walk home',
    mediaId: null,
    link: null,
    contentId: null,
    scheduledAt: '2030-03-10T13:30:00.000Z',
    timeZone: 'America/New_York',
    status: 'scheduled',
    connectionIds: ['7b000000-0000-4000-8000-000000000001'],
    targets: [makeTarget()],
    createdAt: '2030-03-01T10:00:00.000Z',
    updatedAt: '2030-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const upcoming = makePost();
const posted = makePost({
  id: '7c000000-0000-4000-8000-000000000002',
  body: 'Posted everywhere',
  status: 'posted',
  targets: [
    makeTarget({
      id: '7a000000-0000-4000-8000-000000000002',
      status: 'published',
      remoteId: '1800',
      remoteUrl: 'https://x.com/zoelifts/status/1800',
      publishedAt: '2030-03-02T10:00:00.000Z',
    }),
    makeTarget({
      id: '7a000000-0000-4000-8000-000000000003',
      network: 'linkedin',
      accountName: 'Zoë Coaching',
      status: 'published',
      remoteUrl: 'https://www.linkedin.com/feed/update/urn:li:share:9',
    }),
  ],
});
const failed = makePost({
  id: '7c000000-0000-4000-8000-000000000003',
  body: 'This one failed',
  status: 'failed',
  targets: [
    makeTarget({
      id: '7a000000-0000-4000-8000-000000000004',
      status: 'failed',
      error: 'X says this is a duplicate of a recent post.',
    }),
  ],
});

/** GET /api/posts answering by the tab's statuses; records every query and action call. */
function postsApi(items: ScheduledPost[] = [upcoming, posted, failed]) {
  const queries: Record<string, string>[] = [];
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/posts', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const statuses = (query.status ?? '').split(',');
      const shown = items.filter((post) => statuses.includes(post.status));
      return HttpResponse.json({ items: shown, total: shown.length, page: 1, pageSize: 20 });
    }),
    http.post('/api/posts/:id/:action', async ({ request, params }) => {
      const body: unknown = request.headers.get('content-type') ? await request.json() : null;
      calls.push({ path: `${String(params.id)}/${String(params.action)}`, body });
      if (params.action === 'duplicate')
        return HttpResponse.json(
          makePost({ id: '7c000000-0000-4000-8000-000000000099', status: 'draft', targets: [] }),
          { status: 201 },
        );
      return HttpResponse.json(items.find((post) => post.id === params.id));
    }),
    http.post('/api/posts/:id/targets/:targetId/retry', ({ params }) => {
      calls.push({ path: `${String(params.id)}/retry/${String(params.targetId)}`, body: null });
      return HttpResponse.json(failed);
    }),
  );
  return { queries, calls };
}

/** The screen on its own route; `search` opens it on a tab or with filters, as a shared link would. */
function renderPosts(search = '') {
  const rendered = renderScreen(<PostsRoute />, { user: newYork, path: '/app/posts' });
  if (search) void rendered.router.navigate(`/app/posts${search}`, { replace: true });
  return rendered;
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`${text} is not in a table row`);
  return row;
}

describe('/app/posts', () => {
  it('lists upcoming posts first, soonest first, in the member’s time zone', async () => {
    const { queries } = postsApi();
    renderPosts();

    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule a Post' })).toBeInTheDocument();
    await screen.findByText(upcoming.body);
    expect(queries[0]).toEqual({ status: 'scheduled,publishing', order: 'asc', page: '1', pagesize: '20' });
    const row = rowOf(upcoming.body);
    // 13:30Z on 3/10/2030 is 9:30 AM in New York (EDT).
    expect(row).toHaveTextContent('3/10/2030 9:30 AM');
    expect(row).toHaveTextContent('Zoë Lifts');
    expect(within(row).getAllByText('Scheduled')).toHaveLength(2);
    expect(within(row).getByRole('button', { name: /^Reschedule “Leg day/ })).toBeInTheDocument();
    expect(screen.queryByText(posted.body)).not.toBeInTheDocument();
  });

  it('shows posted posts with links to the live posts', async () => {
    const { queries } = postsApi();
    const { user } = renderPosts();
    await screen.findByText(upcoming.body);

    await user.click(screen.getByRole('tab', { name: 'Posted' }));
    await screen.findByText(posted.body);
    expect(queries.at(-1)).toMatchObject({ status: 'posted,partly_posted', order: 'desc' });
    const row = rowOf(posted.body);
    expect(within(row).getByRole('link', { name: /View on X/ })).toHaveAttribute(
      'href',
      'https://x.com/zoelifts/status/1800',
    );
    expect(within(row).getByRole('link', { name: /View on LinkedIn/ })).toHaveAttribute('target', '_blank');
    expect(within(row).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it('offers Edit only while nothing of the post has gone out, as the server decides', async () => {
    // Retried after going out on X: the post is Scheduled again, but X already has it.
    const retried = makePost({
      id: '7c000000-0000-4000-8000-000000000004',
      body: 'Out on X, retrying LinkedIn',
      targets: [
        makeTarget({ id: '7a000000-0000-4000-8000-000000000005', status: 'published' }),
        makeTarget({ id: '7a000000-0000-4000-8000-000000000006', network: 'linkedin', status: 'scheduled' }),
      ],
    });
    const reconnect = makePost({
      id: '7c000000-0000-4000-8000-000000000005',
      body: 'Waiting for a reconnect',
      targets: [makeTarget({ id: '7a000000-0000-4000-8000-000000000007', status: 'needs_reconnect' })],
    });
    postsApi([upcoming, retried, reconnect]);
    renderPosts();
    await screen.findByText(retried.body);

    expect(within(rowOf(retried.body)).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(rowOf(upcoming.body)).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    const waiting = rowOf(reconnect.body);
    expect(within(waiting).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    expect(within(waiting).getByText('Reconnect this account')).toBeInTheDocument();
  });

  it('filters by network, status and a date range read in the member’s zone', async () => {
    const { queries } = postsApi();
    const { user } = renderPosts('?view=all');
    await screen.findByText(upcoming.body);

    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await chooseOption(user, 'LinkedIn');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ network: 'linkedin', page: '1' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await chooseOption(user, 'Failed');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ network: 'linkedin', status: 'failed' }));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-03-10' } });
    // New York's day of 3/10/2030 (clocks went forward at 2:00): 05:00Z to 03:59:59.999Z next day.
    await waitFor(() =>
      expect(queries.at(-1)).toMatchObject({
        from: '2030-03-10T05:00:00.000Z',
        to: '2030-03-11T03:59:59.999Z',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to the unfiltered list (answered from the cache of the first request).
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue(''));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(await screen.findByText(posted.body)).toBeInTheDocument();
  });

  it('says so when there is nothing to show, and offers a retry when loading fails', async () => {
    postsApi([]);
    const { user } = renderPosts('?view=drafts');
    expect(
      await screen.findByText('No drafts. Save a post as a draft to finish it later.'),
    ).toBeInTheDocument();

    let fail = true;
    server.use(
      http.get('/api/posts', () =>
        fail
          ? HttpResponse.json({ error: { code: 'internal', message: 'Try again later' } }, { status: 500 })
          : HttpResponse.json({ items: [failed], total: 1, page: 1, pageSize: 20 }),
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Failed' }));
    expect(await screen.findByText('Your posts could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(failed.body)).toBeInTheDocument();
  });

  it('cancels a post only after confirmation', async () => {
    const { calls, queries } = postsApi();
    const { user } = renderPosts();
    await screen.findByText(upcoming.body);

    await user.click(within(rowOf(upcoming.body)).getByRole('button', { name: /^Cancel “Leg day/ }));
    expect(await screen.findByText('Cancel this post?')).toBeInTheDocument();
    expect(calls).toEqual([]);
    const before = queries.length;
    await user.click(screen.getByRole('button', { name: 'Cancel post' }));

    await waitFor(() => expect(calls).toEqual([{ path: `${upcoming.id}/cancel`, body: null }]));
    expect(await screen.findByText('Post canceled.')).toBeInTheDocument();
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
  });

  it('duplicates a post as a draft and links to the copy', async () => {
    const { calls } = postsApi();
    const { user } = renderPosts();
    await screen.findByText(upcoming.body);

    await user.click(within(rowOf(upcoming.body)).getByRole('button', { name: /^Duplicate/ }));
    await waitFor(() => expect(calls).toEqual([{ path: `${upcoming.id}/duplicate`, body: null }]));
    expect(await screen.findByText(/Copied as a draft/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit the copy' })).toHaveAttribute(
      'href',
      '/app/posts/post?id=7c000000-0000-4000-8000-000000000099',
    );
  });

  it('retries a failed account and shows the network’s reason', async () => {
    const { calls } = postsApi();
    const { user } = renderPosts('?view=failed');
    await screen.findByText(failed.body);
    const row = rowOf(failed.body);
    expect(row).toHaveTextContent('X says this is a duplicate of a recent post.');

    await user.click(within(row).getByRole('button', { name: 'Retry on X (Zoë Lifts)' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { path: `${failed.id}/retry/7a000000-0000-4000-8000-000000000004`, body: null },
      ]),
    );
    expect(await screen.findByText('Sending to Zoë Lifts again.')).toBeInTheDocument();
  });

  it('reschedules in the member’s zone, and shows why the server refused', async () => {
    const { calls } = postsApi();
    server.use(
      http.post('/api/posts/:id/reschedule', async ({ request }) => {
        calls.push({ path: 'reschedule', body: await request.json() });
        return HttpResponse.json(
          {
            error: {
              code: 'conflict',
              message: 'This post has already been published, so it can no longer be moved.',
            },
          },
          { status: 409 },
        );
      }),
    );
    const { user } = renderPosts();
    await screen.findByText(upcoming.body);

    await user.click(within(rowOf(upcoming.body)).getByRole('button', { name: /^Reschedule/ }));
    const modal = await findDialog('Reschedule post');
    expect(within(modal).getByLabelText('Date')).toHaveValue('2030-03-10');
    expect(within(modal).getByLabelText('Time')).toHaveValue('09:30');
    expect(modal).toHaveTextContent('America/New York (EDT, UTC−04:00)');

    fireEvent.change(within(modal).getByLabelText('Date'), { target: { value: '2030-11-04' } });
    fireEvent.change(within(modal).getByLabelText('Time'), { target: { value: '08:15' } });
    await user.click(within(modal).getByRole('button', { name: 'Reschedule' }));

    // 8:15 AM in New York on 11/4/2030 is EST (UTC−5).
    await waitFor(() =>
      expect(calls).toEqual([{ path: 'reschedule', body: { scheduledAt: '2030-11-04T13:15:00.000Z' } }]),
    );
    expect(await within(modal).findByText(/already been published/)).toBeInTheDocument();
  });

  it('refuses a past time before asking the server', async () => {
    const { calls } = postsApi();
    const { user } = renderPosts();
    await screen.findByText(upcoming.body);

    await user.click(within(rowOf(upcoming.body)).getByRole('button', { name: /^Reschedule/ }));
    const modal = await findDialog('Reschedule post');
    fireEvent.change(within(modal).getByLabelText('Date'), { target: { value: '2020-01-01' } });
    await user.click(within(modal).getByRole('button', { name: 'Reschedule' }));
    expect(
      await within(modal).findByText('That time has passed. Choose a time in the future.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('opens a post in the composer to edit it, from the keyboard', async () => {
    postsApi();
    const { user, router } = renderPosts();
    await screen.findByText(upcoming.body);

    within(rowOf(upcoming.body))
      .getByRole('button', { name: /^Edit “Leg day/ })
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/posts/post'));
    expect(router.state.location.search).toBe(`?id=${upcoming.id}`);
  });
});
