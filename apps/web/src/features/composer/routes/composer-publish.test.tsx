import type { ScheduledPost } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMedia } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import {
  connectionsApi,
  libraryMediaId,
  linkedInAccount,
  makeContentItem,
  makePost,
  makeTarget,
  postId,
  renderComposer,
  savePostApi,
  xAccount,
  postNow,
} from '../test/composer-kit';

const xTarget = makeTarget();
const linkedInTarget = makeTarget({
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  connectionId: linkedInAccount.id,
  network: 'linkedin',
  accountName: linkedInAccount.accountName,
});

function targetRow(network: string): HTMLElement {
  const row = screen
    .getAllByRole('listitem')
    .find((item) => item.classList.contains('outcome-target') && item.textContent?.includes(`${network} ·`));
  if (!row) throw new Error(`no outcome row for ${network}`);
  return row;
}

/** GET /api/posts/:id answering each state in turn (the last one from then on). */
function postStates(states: ScheduledPost[]) {
  let reads = 0;
  server.use(
    http.get('/api/posts/:id', () => {
      const state = states[Math.min(reads, states.length - 1)];
      reads += 1;
      return HttpResponse.json(state);
    }),
  );
}

describe('Create New › Post Now', () => {
  it('shows progress until each network has published or failed, with links, the reason and a Retry', async () => {
    connectionsApi();
    const now = new Date(Date.now() - 1000).toISOString();
    const sending = makePost({ scheduledAt: now, status: 'publishing', targets: [xTarget, linkedInTarget] });
    savePostApi(() => ({ ...sending, status: 'scheduled' }));
    postStates([
      {
        ...sending,
        targets: [
          { ...xTarget, status: 'publishing' },
          { ...linkedInTarget, status: 'publishing' },
        ],
      },
      {
        ...sending,
        status: 'partly_posted',
        targets: [
          { ...xTarget, status: 'published', remoteUrl: 'https://x.com/casey_coach_fit/status/1' },
          { ...linkedInTarget, status: 'failed', error: 'LinkedIn refused the image: it is too small.' },
        ],
      },
    ]);
    let retried = '';
    server.use(
      http.post('/api/posts/:id/targets/:targetId/retry', ({ params }) => {
        retried = String(params.targetId);
        postStates([
          {
            ...sending,
            status: 'posted',
            targets: [
              { ...xTarget, status: 'published', remoteUrl: 'https://x.com/casey_coach_fit/status/1' },
              {
                ...linkedInTarget,
                status: 'published',
                remoteUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
              },
            ],
          },
        ]);
        return HttpResponse.json({
          ...sending,
          targets: [
            { ...xTarget, status: 'published', remoteUrl: 'https://x.com/casey_coach_fit/status/1' },
            { ...linkedInTarget, status: 'scheduled' },
          ],
        });
      }),
    );

    const { user } = renderComposer();
    await user.type(await screen.findByLabelText('Post text'), 'Going out now');
    await user.click(await screen.findByRole('checkbox', { name: /^X Casey Coach/ }));
    await user.click(screen.getByRole('checkbox', { name: /^LinkedIn Casey Coach/ }));
    await postNow(user, ['X · Casey Coach', 'LinkedIn · Casey Coach']);

    expect(await screen.findByRole('heading', { name: 'Publishing…' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Partly posted' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(within(targetRow('X')).getByText('Posted')).toBeInTheDocument();
    expect(within(targetRow('X')).getByRole('link', { name: 'View on X' })).toHaveAttribute(
      'href',
      'https://x.com/casey_coach_fit/status/1',
    );
    expect(within(targetRow('LinkedIn')).getByText('Failed')).toBeInTheDocument();
    expect(
      within(targetRow('LinkedIn')).getByText('LinkedIn refused the image: it is too small.'),
    ).toBeInTheDocument();

    await user.click(
      within(targetRow('LinkedIn')).getByRole('button', { name: 'Retry LinkedIn Casey Coach' }),
    );
    expect(retried).toBe(linkedInTarget.id);
    expect(await screen.findByRole('heading', { name: 'Posted' }, { timeout: 8000 })).toBeInTheDocument();
    expect(within(targetRow('LinkedIn')).getByRole('link', { name: 'View on LinkedIn' })).toBeInTheDocument();
  });

  it("says Publishing…, never 'Goes out', when the server's clock runs ahead of the browser's", async () => {
    connectionsApi();
    // Post Now: the server saved the post for its own 'now', ten minutes after the browser's.
    const serverNow = new Date(Date.now() + 10 * 60_000).toISOString();
    const sending = makePost({ scheduledAt: serverNow, updatedAt: serverNow, targets: [xTarget] });
    savePostApi(() => sending);
    postStates([{ ...sending, targets: [{ ...xTarget, status: 'publishing' }] }]);

    const { user } = renderComposer();
    await user.type(await screen.findByLabelText('Post text'), 'Going out now');
    await user.click(await screen.findByRole('checkbox', { name: /^X Casey Coach/ }));
    await postNow(user, ['X · Casey Coach']);

    expect(await screen.findByRole('heading', { name: 'Publishing…' })).toBeInTheDocument();
    expect(screen.queryByText(/Goes out/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Scheduled' })).not.toBeInTheDocument();
  });
});

describe('Create New › editing (?id=)', () => {
  it('opens a scheduled post with its text and accounts, and saves it with PUT', async () => {
    connectionsApi();
    postStates([makePost({ connectionIds: [xAccount.id], scheduledAt: '2030-07-01T13:00:00.000Z' })]);
    const saved = savePostApi((post) => makePost({ body: post.body ?? '' }));
    const { user } = renderComposer(`?id=${postId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Post' })).toBeInTheDocument();
    expect(screen.getByLabelText('Post text')).toHaveValue('Morning mobility routine');
    expect(await screen.findByRole('checkbox', { name: /^X Casey Coach/ })).toBeChecked();
    expect(screen.getByLabelText('Date')).toHaveValue('2030-07-01');
    expect(screen.getByLabelText('Time')).toHaveValue('09:00');

    await user.type(screen.getByLabelText('Post text'), ' and stretch');
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      id: postId,
      body: { body: 'Morning mobility routine and stretch', scheduledAt: '2030-07-01T13:00:00.000Z' },
    });
  });

  it("shows the library item's graphic without asking for it as the member's own image", async () => {
    connectionsApi();
    const item = makeContentItem();
    postStates([
      makePost({ contentId: item.id, mediaId: item.mediaId, scheduledAt: '2030-07-01T13:00:00.000Z' }),
    ]);
    const mediaReads: string[] = [];
    server.use(
      http.get('/api/content/:id', () => HttpResponse.json(item)),
      // The item's answer already carries its graphic: the image is not asked for again.
      http.get('/api/media/:id', ({ params }) => {
        mediaReads.push(String(params.id));
        return HttpResponse.json(
          { error: { code: 'not_found', message: 'Image not found' } },
          { status: 404 },
        );
      }),
    );
    renderComposer(`?id=${postId}`);
    expect(await screen.findByRole('img', { name: "Your post's graphic" })).toHaveAttribute(
      'src',
      item.graphicUrl,
    );
    expect(screen.getByText('From the content library, with the library’s description.')).toBeInTheDocument();
    expect(mediaReads).toEqual([]);
  });

  it("shows an image the portal shares (an Auto-Post's, no library item) with its alt text, not as the member's to change", async () => {
    connectionsApi();
    postStates([makePost({ mediaId: libraryMediaId, scheduledAt: '2030-07-01T13:00:00.000Z' })]);
    server.use(
      http.get(`/api/media/${libraryMediaId}`, () =>
        HttpResponse.json(
          makeMedia({
            id: libraryMediaId,
            url: `http://localhost/media/${libraryMediaId}.jpg`,
            altText: 'Three coaches stretching on a track',
            owned: false,
          }),
        ),
      ),
    );
    renderComposer(`?id=${postId}`);
    expect(await screen.findByRole('img', { name: 'Three coaches stretching on a track' })).toHaveAttribute(
      'src',
      `http://localhost/media/${libraryMediaId}.jpg`,
    );
    expect(screen.queryByLabelText('Alt text')).not.toBeInTheDocument();
  });

  it('shows a post that has gone out with its outcome instead of the editor', async () => {
    connectionsApi();
    postStates([
      makePost({
        status: 'posted',
        scheduledAt: '2026-01-01T10:00:00.000Z',
        targets: [{ ...xTarget, status: 'published', remoteUrl: 'https://x.com/casey_coach_fit/status/9' }],
      }),
    ]);
    renderComposer(`?id=${postId}`);
    expect(await screen.findByRole('heading', { name: 'Posted' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Post text')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Post' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View on X' })).toBeInTheDocument();
  });

  it('says so when the post does not exist', async () => {
    connectionsApi();
    server.use(
      http.get('/api/posts/:id', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Post not found' } }, { status: 404 }),
      ),
    );
    renderComposer(`?id=${postId}`);
    expect(await screen.findByText('This post was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a new post' })).toHaveAttribute(
      'href',
      '/app/posts/post',
    );
  });
});
