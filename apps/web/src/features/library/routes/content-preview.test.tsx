import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  linkedInConnection as linkedIn,
  makeConnection,
  memberUser,
  xConnection as xAccount,
} from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { makeContentItem } from '../testing';
import { ContentPreviewRoute } from './content-preview';

const squat = makeContentItem({ link: 'https://fitpro.example.org/squats' });
const lapsed = makeConnection({
  id: '33333333-3333-4333-8333-333333333333',
  network: 'facebook',
  accountName: 'Casey Page',
  status: 'needs_reconnect',
});

function contentApi(connections = [xAccount, linkedIn, lapsed]) {
  const favorites: string[] = [];
  server.use(
    http.get(`/api/content/${squat.id}`, () => HttpResponse.json(squat)),
    http.get('/api/social/connections', () => HttpResponse.json(connections)),
    http.post('/api/favorite', async ({ request }) => {
      favorites.push(((await request.json()) as { contentId: string }).contentId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { favorites };
}

function open() {
  return renderScreen(<ContentPreviewRoute />, {
    user: memberUser,
    path: '/app/preview/content/:id',
    at: `/app/preview/content/${squat.id}`,
  });
}

describe('/app/preview/content/:id', () => {
  it("shows the item on each of the member's connected networks, and adds it to favourites", async () => {
    const { favorites } = contentApi();
    const { user, router } = open();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Five cues for a stronger squat' }),
    ).toBeInTheDocument();
    const x = await screen.findByRole('article', { name: /^X preview/ });
    expect(x).toHaveTextContent('Brace, breathe, and drive through the whole foot.');
    expect(screen.getByRole('article', { name: /^LinkedIn preview/ })).toBeInTheDocument();
    // An account that needs reconnecting is not one the post could go to.
    expect(screen.queryByRole('article', { name: /^Facebook/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to Favorites' }));
    expect(await screen.findByRole('button', { name: 'Remove from Favorites' })).toBeInTheDocument();
    await waitFor(() => expect(favorites).toEqual([squat.id]));

    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/app/posts/post?contentId=${squat.id}`,
      ),
    );
  });

  it('asks the member to connect a network when none is connected', async () => {
    contentApi([lapsed]);
    open();
    const empty = await screen.findByText(/Connect a social network to see how this post would look there/);
    expect(
      within(empty.closest('.ant-empty') as HTMLElement).getByRole('link', { name: 'Go to Settings' }),
    ).toHaveAttribute('href', '/app/settings');
  });

  it('says when the item cannot be loaded, with a retry', async () => {
    server.use(
      http.get(`/api/content/${squat.id}`, () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Content not found' } }, { status: 404 }),
      ),
      http.get('/api/social/connections', () => HttpResponse.json([])),
    );
    open();
    expect(await screen.findByText(/Content not found/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Content Preview' })).toBeInTheDocument();
  });
});
