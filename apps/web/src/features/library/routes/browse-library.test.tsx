import type { ContentItem } from '@fitpost/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { getFlag, setFlag, setStoredUser, storageKeys } from '@/lib/session';
import { adminUser, meHandler, memberUser } from '@/test/fixtures';
import { renderApp, renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { makeBrand, makeContentItem, makeTag, pageOf } from '../testing';
import { loadFilterCheck } from '../hooks/use-library-filter';
import { BrowseLibraryRoute } from './browse-library';

const strength = makeBrand();
const fuel = makeBrand({ id: 'b0000000-0000-4000-8000-000000000002', name: 'Fuel Kitchen', contentCount: 3 });
const squats = makeTag();
const mobility = makeTag({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Mobility' });

const squat = makeContentItem({ scheduled: true });
const smoothie = makeContentItem({
  id: 'c0000000-0000-4000-8000-000000000002',
  title: 'Green recovery smoothie',
  body: 'Spinach, banana, oats and a scoop of whey.',
  graphicUrl: null,
  mediaId: null,
  brand: { id: fuel.id, name: fuel.name },
  tags: [{ id: mobility.id, name: mobility.name, searchable: true }],
  recommended: true,
  posted: true,
  favorite: true,
});

/** The library API over two items, filtering the way the server does; records each content query. */
function libraryApi(initial: ContentItem[] = [squat, smoothie]) {
  let items = initial;
  const queries: Record<string, string>[] = [];
  const favoritePosts: unknown[] = [];
  const favoriteDeletes: string[] = [];
  server.use(
    meHandler,
    http.get('/api/brand', () =>
      HttpResponse.json({ items: [strength, fuel], total: 2, page: 1, pageSize: 100 }),
    ),
    http.get('/api/tag', () =>
      HttpResponse.json({ items: [squats, mobility], total: 2, page: 1, pageSize: 100 }),
    ),
    http.get('/api/content', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const matching = items.filter(
        (item) =>
          (!query.q || `${item.title} ${item.body}`.toLowerCase().includes(query.q.toLowerCase())) &&
          (!query.brandId || item.brand?.id === query.brandId) &&
          (!query.tagIds || query.tagIds.split(',').every((id) => item.tags.some((tag) => tag.id === id))) &&
          (!query.recommended || item.recommended) &&
          (!query.favorites || item.favorite),
      );
      return HttpResponse.json(pageOf(matching, Number(query.page ?? 1), Number(query.pagesize ?? 24)));
    }),
    http.get('/api/favorite', () => HttpResponse.json(pageOf(items.filter((item) => item.favorite)))),
    http.post('/api/favorite', async ({ request }) => {
      const body = (await request.json()) as { contentId: string };
      favoritePosts.push(body);
      items = items.map((item) => (item.id === body.contentId ? { ...item, favorite: true } : item));
      return HttpResponse.json(
        { contentId: body.contentId, createdAt: '2025-03-05T10:00:00.000Z' },
        { status: 201 },
      );
    }),
    http.delete('/api/favorite/:contentId', ({ params }) => {
      favoriteDeletes.push(String(params.contentId));
      items = items.map((item) => (item.id === params.contentId ? { ...item, favorite: false } : item));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { queries, favoritePosts, favoriteDeletes };
}

function renderLibrary(path = '/app/content') {
  return renderScreen(<BrowseLibraryRoute />, { user: memberUser, path });
}

/**
 * The screen at a full address (with a query string), as a link to it would open it; the composer's
 * address answers with a stand-in, so 'Schedule Post' has somewhere to go.
 */
function renderAt(url: string) {
  setStoredUser(memberUser);
  const routes = [
    { path: '/app/content', element: <BrowseLibraryRoute /> },
    { path: '/app/posts/post', element: <p>Composer</p> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

function cardOf(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

// A link's or the stored filter is checked by a module the screen loads when it first needs it (with
// zod), showing its loader meanwhile; loaded here first, as after a first visit, so the renders below (inside
// testing-library's synchronous act) need not wait for it.
beforeAll(() => loadFilterCheck());

describe('/app/content: Browse Library', () => {
  it('shows each card with its graphic, title, brand, caption, tags and the Scheduled / Posted labels', async () => {
    libraryApi();
    renderLibrary();

    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Library' })).toBeInTheDocument();
    await screen.findByText('Five cues for a stronger squat');
    expect(screen.getByText('2 items')).toBeInTheDocument();

    const squatCard = cardOf('Five cues for a stronger squat');
    expect(squatCard.querySelector('img')).toHaveAttribute('src', squat.graphicUrl);
    expect(within(squatCard).getByText('Strength Lab')).toBeInTheDocument();
    expect(within(squatCard).getByText(/Brace, breathe/)).toBeInTheDocument();
    expect(
      within(within(squatCard).getByRole('list', { name: 'Tags' })).getByText('Squats'),
    ).toBeInTheDocument();
    expect(within(squatCard).getByText('Scheduled')).toBeInTheDocument();
    expect(within(squatCard).queryByText('Posted')).not.toBeInTheDocument();
    expect(
      within(squatCard).getByRole('button', { name: 'Favorite Five cues for a stronger squat' }),
    ).toHaveAttribute('aria-pressed', 'false');
    expect(within(squatCard).getByRole('button', { name: 'Schedule Post' })).toHaveAccessibleDescription(
      'Five cues for a stronger squat',
    );

    const smoothieCard = cardOf('Green recovery smoothie');
    expect(smoothieCard.querySelector('img')).toBeNull();
    expect(within(smoothieCard).getByText('Posted')).toBeInTheDocument();
    expect(within(smoothieCard).getByText('Recommended')).toBeInTheDocument();
    expect(
      within(smoothieCard).getByRole('button', { name: 'Favorite Green recovery smoothie' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // Members schedule their own posts; only admins schedule Auto-Posts.
    expect(within(squatCard).queryByRole('link', { name: 'Schedule Auto-Post' })).not.toBeInTheDocument();
  });

  it("offers admins 'Schedule Auto-Post' on each card, to the Auto-Post form filled from the item", async () => {
    libraryApi();
    renderScreen(<BrowseLibraryRoute />, { user: adminUser, path: '/app/content' });
    await screen.findByText('Five cues for a stronger squat');

    const link = within(cardOf('Five cues for a stronger squat')).getByRole('link', {
      name: 'Schedule Auto-Post',
    });
    expect(link).toHaveAttribute('href', `/app/manage/autopost?contentId=${squat.id}`);
    expect(link).toHaveAccessibleDescription('Five cues for a stronger squat');
  });

  it('searches and filters by brand, tag and recommended, on the server, and stores the filter', async () => {
    const { queries } = libraryApi();
    const { user } = renderLibrary();
    await screen.findByText('Five cues for a stronger squat');
    expect(queries[0]).toEqual({ page: '1', pagesize: '24' });

    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'smoothie{Enter}');
    await waitFor(() => expect(queries.at(-1)).toEqual({ q: 'smoothie', page: '1', pagesize: '24' }));
    await waitFor(() => expect(screen.queryByText('Five cues for a stronger squat')).not.toBeInTheDocument());
    expect(getFlag(storageKeys.filter)).toBe('q=smoothie');

    await user.clear(screen.getByRole('searchbox', { name: 'Search the library' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), '{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Strength Lab');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ brandId: strength.id }));
    await waitFor(() => expect(screen.queryByText('Green recovery smoothie')).not.toBeInTheDocument());
    expect(screen.getByText('Five cues for a stronger squat')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Tags:/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Squats' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ brandId: strength.id, tagIds: squats.id }));

    await user.click(screen.getByRole('checkbox', { name: 'Recommended only' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ recommended: 'true' }));
    expect(await screen.findByText(/No content matches your search/)).toBeInTheDocument();
    expect(getFlag(storageKeys.filter)).toBe(`brandId=${strength.id}&tagIds=${squats.id}&recommended=true`);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered first page is still cached: both items are back without asking again.
    expect(await screen.findByText('Green recovery smoothie')).toBeInTheDocument();
    expect(screen.getByText('Five cues for a stronger squat')).toBeInTheDocument();
    expect(getFlag(storageKeys.filter)).toBeNull();
  });

  it('favourites an item: the toggle flips at once and the server is told', async () => {
    const { favoritePosts, favoriteDeletes } = libraryApi();
    const { user } = renderLibrary();
    await screen.findByText('Five cues for a stronger squat');

    const heart = screen.getByRole('button', { name: 'Favorite Five cues for a stronger squat' });
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(favoritePosts).toEqual([{ contentId: squat.id }]));

    const smoothieHeart = screen.getByRole('button', { name: 'Favorite Green recovery smoothie' });
    await user.click(smoothieHeart);
    expect(smoothieHeart).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(favoriteDeletes).toEqual([smoothie.id]));
  });

  it('puts the heart back and says so when the server refuses', async () => {
    libraryApi();
    server.use(
      http.post('/api/favorite', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Content not found' } }, { status: 404 }),
      ),
    );
    const { user } = renderLibrary();
    await screen.findByText('Five cues for a stronger squat');

    const heart = screen.getByRole('button', { name: 'Favorite Five cues for a stronger squat' });
    await user.click(heart);
    expect(
      await screen.findByText(
        'Five cues for a stronger squat was not added to your favorites: Content not found',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });

  it("'Schedule Post' opens the composer with the item", async () => {
    libraryApi();
    const { router } = renderAt('/app/content');
    await screen.findByText('Five cues for a stronger squat');

    await userEvent.click(
      within(cardOf('Five cues for a stronger squat')).getByRole('button', { name: 'Schedule Post' }),
    );
    expect(await screen.findByText('Composer')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/posts/post');
    expect(router.state.location.search).toBe(`?contentId=${squat.id}`);
  });

  it('searches as the member types, without Enter, keeping the words in the address (issue 26)', async () => {
    const { queries } = libraryApi();
    const { router } = renderAt('/app/content');
    const user = userEvent.setup();
    expect(await screen.findByRole('status')).toHaveTextContent('2 items');

    await user.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'smoothie');
    await waitFor(() => expect(queries.at(-1)).toEqual({ q: 'smoothie', page: '1', pagesize: '24' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 item'));
    expect(screen.queryByText('Five cues for a stronger squat')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?q=smoothie'));
  });

  it('opens with the search words of its address, over the stored filter’s words', async () => {
    const { queries } = libraryApi();
    setFlag(storageKeys.filter, `q=squat&brandId=${fuel.id}`);
    const { router } = renderAt('/app/content?q=smoothie');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ q: 'smoothie', brandId: fuel.id }));
    expect(screen.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('smoothie');
    expect(router.state.location.search).toBe('?q=smoothie');
  });

  it("starts from a link's brand (Brands' View Content) and from the stored filter on a reload", async () => {
    const { queries } = libraryApi();
    const first = renderAt(`/app/content?brandId=${fuel.id}`);
    await screen.findByText('Green recovery smoothie');
    expect(queries[0]).toMatchObject({ brandId: fuel.id });
    expect(screen.getByTitle('Fuel Kitchen')).toBeInTheDocument();
    expect(getFlag(storageKeys.filter)).toBe(`brandId=${fuel.id}`);
    // The link's filter is now the stored one; the address no longer carries it.
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    first.unmount();

    setFlag(storageKeys.filter, `q=squat&tagIds=${squats.id}`);
    renderLibrary();
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ q: 'squat', tagIds: squats.id }));
    expect(screen.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('squat');
  });

  it('ignores a stored filter the API would refuse', async () => {
    const { queries } = libraryApi();
    setFlag(storageKeys.filter, 'brandId=not-a-uuid');
    renderLibrary();
    await screen.findByText('Five cues for a stronger squat');
    expect(queries[0]).toEqual({ page: '1', pagesize: '24' });
  });

  it('links to Brands, which nothing else linked to', async () => {
    libraryApi();
    renderLibrary();

    expect(await screen.findByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/app/brands');
  });

  it('offers Retry when the library cannot be loaded', async () => {
    libraryApi();
    let failing = true;
    server.use(
      http.get('/api/content', () =>
        failing
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Search is unavailable' } },
              { status: 503 },
            )
          : HttpResponse.json(pageOf([squat])),
      ),
    );
    const { user } = renderLibrary();

    expect(await screen.findByText('The content could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Search is unavailable')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Five cues for a stronger squat')).toBeInTheDocument();
  });

  it('says when the library is empty', async () => {
    libraryApi([]);
    renderLibrary();
    expect(await screen.findByText('The library is empty for now.')).toBeInTheDocument();
  });
});

describe('the stored filter inside the shell (spec §2)', () => {
  it('is kept while the member stays on /app/content and cleared when they leave', async () => {
    libraryApi();
    const { user, router } = renderApp('/app/content', { user: memberUser });
    await screen.findByText('Five cues for a stronger squat');

    await user.click(screen.getByRole('checkbox', { name: 'Recommended only' }));
    await waitFor(() => expect(getFlag(storageKeys.filter)).toBe('recommended=true'));

    await router.navigate('/app/saved');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Favorites' })).toBeInTheDocument();
    // Cleared by the shell once the location changed: on a busy machine the new screen can be drawn
    // before that effect has run.
    await waitFor(() => expect(getFlag(storageKeys.filter)).toBeNull());
  });
});
