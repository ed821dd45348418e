import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getFlag, storageKeys } from '@/lib/session';
import { findDialog } from '@/test/antd';
import { server } from '@/test/msw-server';
import {
  connectionsApi,
  contentId,
  libraryMediaId,
  makeContentItem,
  makePost,
  makeTarget,
  renderComposer,
  savePostApi,
  xAccount,
  postNow,
} from '../test/composer-kit';

const squats = makeContentItem();
const lunges = makeContentItem({
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  title: 'Lunge ladder',
  body: 'Walking lunges, reverse lunges, jumping lunges.',
  mediaId: null,
  graphicUrl: null,
  link: null,
  favorite: false,
});
const brand = { id: squats.brand?.id ?? '', name: 'FitPro Academy' };
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 12 });

/** The library API the picker reads, recording each content search's query string. */
function libraryApi() {
  const searches: { path: string; query: Record<string, string> }[] = [];
  const answer =
    (path: string) =>
    ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      const query = Object.fromEntries(url.searchParams);
      searches.push({ path, query });
      const items = path === '/api/favorite' ? [squats] : query.q === 'lunge' ? [lunges] : [squats, lunges];
      return HttpResponse.json(page(items));
    };
  server.use(
    http.get('/api/content', answer('/api/content')),
    http.get('/api/favorite', answer('/api/favorite')),
    http.get('/api/brand', () =>
      HttpResponse.json(
        page([
          {
            ...brand,
            description: '',
            logoMediaId: null,
            logoUrl: null,
            colour: null,
            website: null,
            contentCount: 2,
            itemCount: 2,
            createdAt: squats.createdAt,
            updatedAt: squats.updatedAt,
          },
        ]),
      ),
    ),
    http.get('/api/tag', () =>
      HttpResponse.json(
        page([
          {
            id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
            name: 'strength',
            searchable: true,
            contentCount: 1,
            createdAt: squats.createdAt,
          },
        ]),
      ),
    ),
  );
  return searches;
}

/** GET /api/posts?contentId: the member's upcoming posts of that item. */
function upcomingApi() {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get('/api/posts', ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(
        page([
          makePost({
            id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
            contentId,
            scheduledAt: '2030-07-02T13:00:00.000Z',
            targets: [makeTarget()],
          }),
        ]),
      );
    }),
  );
  return asked;
}

describe("Create New › 'Or Choose from Library'", () => {
  it('searches the library and fills body, graphic and link from the chosen item', async () => {
    connectionsApi();
    const searches = libraryApi();
    const asked = upcomingApi();
    const saved = savePostApi((post) => makePost({ contentId: post.contentId ?? null }));
    const { user } = renderComposer();
    await user.click(await screen.findByRole('button', { name: 'Or Choose from Library' }));
    const drawer = await findDialog('Choose from Library');
    expect(await within(drawer).findByRole('heading', { name: 'Squat week' })).toBeInTheDocument();

    await user.type(within(drawer).getByLabelText('Search'), 'lunge');
    expect(await within(drawer).findByRole('heading', { name: 'Lunge ladder' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(drawer).queryByRole('heading', { name: 'Squat week' })).not.toBeInTheDocument(),
    );
    expect(searches.at(-1)).toEqual({
      path: '/api/content',
      query: { q: 'lunge', page: '1', pagesize: '12' },
    });
    // The picker's filter is the spec's stored 'filter', cleared when the member leaves the composer.
    expect(JSON.parse(getFlag(storageKeys.filter) ?? '{}')).toMatchObject({
      q: 'lunge',
      favoritesOnly: false,
    });

    await user.clear(within(drawer).getByLabelText('Search'));
    await within(drawer).findByRole('heading', { name: 'Squat week' });
    await user.click(within(drawer).getByRole('button', { name: 'Use Squat week' }));

    expect(screen.getByLabelText('Post text')).toHaveValue('Five squat variations to try this week 💪');
    expect(screen.getByLabelText(/^Link/)).toHaveValue('https://fitpro.example.org/squats');
    expect(screen.getByRole('img', { name: "Your post's graphic" })).toHaveAttribute(
      'src',
      squats.graphicUrl,
    );
    expect(screen.getByText('Filled from the library: Squat week')).toBeInTheDocument();
    expect(await screen.findByText(/Made from library content/)).toHaveTextContent('Squat week');

    const upcoming = await screen.findByRole('region', { name: 'Upcoming posts with this content' });
    expect(await within(upcoming).findByText('7/2/2030 9:00 AM EDT')).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: /^Edit the post/ })).toHaveAttribute(
      'href',
      '/app/posts/post?id=eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
    );
    expect(asked[0]).toMatchObject({ contentId, status: 'scheduled', order: 'asc' });

    await user.click(screen.getByRole('checkbox', { name: /^X Casey Coach/ }));
    await postNow(user);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ contentId, mediaId: libraryMediaId, link: squats.link });
  });

  it('opens at once on the favourites when the calendar asked for them (?source=favorites)', async () => {
    connectionsApi();
    const searches = libraryApi();
    renderComposer('?source=favorites');
    const drawer = await findDialog('Choose from Library');
    expect(await within(drawer).findByRole('heading', { name: 'Squat week' })).toBeInTheDocument();
    expect(within(drawer).getByRole('radio', { name: 'My Favorites' })).toBeChecked();
    expect(searches.map((search) => search.path)).toEqual(['/api/favorite']);
  });

  it("opens pre-filled from a content card's 'Schedule Post' (?contentId=)", async () => {
    connectionsApi([xAccount]);
    upcomingApi();
    server.use(http.get(`/api/content/${contentId}`, () => HttpResponse.json(squats)));
    renderComposer(`?contentId=${contentId}`);
    expect(await screen.findByLabelText('Post text')).toHaveValue(
      'Five squat variations to try this week 💪',
    );
    expect(screen.getByRole('img', { name: "Your post's graphic" })).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Upcoming posts with this content' }),
    ).toBeInTheDocument();
  });

  it('starts empty, and says why, when the library item cannot be loaded', async () => {
    connectionsApi([xAccount]);
    server.use(
      http.get(`/api/content/${contentId}`, () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Content not found' } }, { status: 404 }),
      ),
    );
    renderComposer(`?contentId=${contentId}`);
    expect(await screen.findByText('That library content could not be loaded.')).toBeInTheDocument();
    expect(screen.getByLabelText('Post text')).toHaveValue('');
  });
});
