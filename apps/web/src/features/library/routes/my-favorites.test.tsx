import type { ContentItem } from '@fitpost/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { memberUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { makeContentItem, pageOf } from '../testing';
import { MyFavoritesRoute } from './my-favorites';

const squat = makeContentItem({ favorite: true });

function favoritesApi(initial: ContentItem[]) {
  let items = initial;
  const queries: Record<string, string>[] = [];
  server.use(
    http.get('/api/favorite', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const page = Number(query.page);
      const size = Number(query.pagesize);
      return HttpResponse.json(pageOf(items.slice((page - 1) * size, page * size), page, size, items.length));
    }),
    http.delete('/api/favorite/:contentId', ({ params }) => {
      items = items.filter((item) => item.id !== params.contentId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { queries };
}

describe('/app/saved: My Favorites', () => {
  it("lists the member's favourites; taking one out removes it from the page", async () => {
    const { queries } = favoritesApi([squat]);
    const { user } = renderScreen(<MyFavoritesRoute />, { user: memberUser, path: '/app/saved' });

    expect(await screen.findByRole('heading', { level: 1, name: 'My Favorites' })).toBeInTheDocument();
    const heart = await screen.findByRole('button', { name: 'Favorite Five cues for a stronger squat' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(queries[0]).toEqual({ page: '1', pagesize: '24' });

    await user.click(heart);
    expect(await screen.findByText('You have no favorites yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'library' })).toHaveAttribute('href', '/app/content');
  });

  it('searches within the favourites', async () => {
    const { queries } = favoritesApi([squat]);
    const { user } = renderScreen(<MyFavoritesRoute />, { user: memberUser, path: '/app/saved' });
    await screen.findByText('Five cues for a stronger squat');

    await user.type(screen.getByRole('searchbox', { name: 'Search my favorites' }), 'squat{Enter}');
    await waitFor(() => expect(queries.at(-1)).toEqual({ q: 'squat', page: '1', pagesize: '24' }));
  });

  it('goes back a page when the last favourite of a later page is taken out', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      makeContentItem({
        id: `c0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        title: `Favourite ${i + 1}`,
        favorite: true,
      }),
    );
    const { queries } = favoritesApi(many);
    const { user } = renderScreen(<MyFavoritesRoute />, { user: memberUser, path: '/app/saved' });
    await screen.findByText('Favourite 1');

    await user.click(screen.getByTitle('2'));
    await user.click(await screen.findByRole('button', { name: 'Favorite Favourite 25' }));
    expect(await screen.findByText('Favourite 1')).toBeInTheDocument();
    expect(queries.map((query) => query.page)).toEqual(['1', '2', '2', '1']);
  });
});
