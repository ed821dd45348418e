import { libraryMessages, type ContentItem } from '@fitpost/contract';
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getFlag, setFlag, storageKeys } from '@/lib/session';
import { chooseOption, findDialog } from '@/test/antd';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { LibraryPicker, type LibraryPickerProps } from './library-picker';

const brand = { id: '99999999-9999-4999-8999-999999999999', name: 'FitPro Academy' };
const tag = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'strength', searchable: true };

function makeContentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    type: 'library',
    title: 'Squat week',
    body: 'Five squat variations to try this week 💪',
    mediaId: '77777777-7777-4777-8777-777777777777',
    graphicUrl: 'http://localhost/media/77777777-7777-4777-8777-777777777777.jpg',
    link: 'https://fitpro.example.org/squats',
    brand,
    tags: [tag],
    feed: null,
    activeFrom: null,
    activeUntil: null,
    active: true,
    recommended: false,
    createdBy: null,
    publishedAt: '2026-01-02T10:00:00.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    favorite: true,
    scheduled: false,
    posted: false,
    warnings: [],
    ...overrides,
  };
}

const squats = makeContentItem();
const lunges = makeContentItem({
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  title: 'Lunge ladder',
  body: 'Walking lunges, reverse lunges, jumping lunges.',
  mediaId: null,
  graphicUrl: null,
  brand: null,
  tags: [],
  favorite: false,
});
const page = (items: unknown[], total = items.length) => ({ items, total, page: 1, pageSize: 2 });

interface Search {
  path: string;
  query: Record<string, string>;
}

/**
 * The library API the picker reads, recording each search. `answer` decides a search's items; by
 * default the favourites hold the squats and 'lunge' finds the lunges.
 */
function libraryApi(answer?: (search: Search) => Response | undefined) {
  const searches: Search[] = [];
  const respond =
    (path: string) =>
    ({ request }: { request: Request }) => {
      const search = { path, query: Object.fromEntries(new URL(request.url).searchParams) };
      searches.push(search);
      const answered = answer?.(search);
      if (answered) return answered;
      if (path === '/api/favorite') return HttpResponse.json(page([squats]));
      return HttpResponse.json(page(search.query.q === 'lunge' ? [lunges] : [squats, lunges]));
    };
  server.use(
    http.get('/api/content', respond('/api/content')),
    http.get('/api/favorite', respond('/api/favorite')),
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
      HttpResponse.json(page([{ ...tag, contentCount: 1, createdAt: squats.createdAt }])),
    ),
  );
  return searches;
}

function renderPicker(props: Partial<LibraryPickerProps> = {}) {
  const onPick = vi.fn<(item: ContentItem) => void>();
  const result = renderScreen(
    <LibraryPicker
      open
      onClose={() => undefined}
      onPick={onPick}
      searchLabel="Search the library"
      pageSize={2}
      {...props}
    />,
    { user: makeUser() },
  );
  return { ...result, onPick };
}

describe("the shared 'Choose from Library' picker", () => {
  it('searches by keyword, brand and tags, and hands back the chosen item', async () => {
    const searches = libraryApi();
    const { user, onPick } = renderPicker();
    const drawer = await findDialog('Choose from Library');
    expect(await within(drawer).findByRole('heading', { name: 'Squat week' })).toBeInTheDocument();
    expect(within(drawer).getByText('FitPro Academy')).toBeInTheDocument();
    expect(within(drawer).getByText('#strength')).toBeInTheDocument();
    expect(searches).toEqual([{ path: '/api/content', query: { page: '1', pagesize: '2' } }]);

    await user.type(within(drawer).getByLabelText('Search the library'), 'lunge');
    await waitFor(() =>
      expect(within(drawer).queryByRole('heading', { name: 'Squat week' })).not.toBeInTheDocument(),
    );
    expect(searches.at(-1)).toEqual({
      path: '/api/content',
      query: { q: 'lunge', page: '1', pagesize: '2' },
    });

    await user.click(within(drawer).getByRole('combobox', { name: 'Brand' }));
    await chooseOption(user, 'FitPro Academy');
    await waitFor(() => expect(searches.at(-1)?.query.brandId).toBe(brand.id));
    await user.click(within(drawer).getByRole('combobox', { name: 'Tags' }));
    await chooseOption(user, 'strength');
    await waitFor(() =>
      expect(searches.at(-1)?.query).toEqual({
        q: 'lunge',
        brandId: brand.id,
        tagIds: tag.id,
        page: '1',
        pagesize: '2',
      }),
    );

    await user.click(await within(drawer).findByRole('button', { name: 'Use Lunge ladder' }));
    expect(onPick).toHaveBeenCalledWith(lunges);
    // Unless asked to, the picker leaves the stored filter to the screens that own it.
    expect(getFlag(storageKeys.filter)).toBeNull();
  });

  it('remembers the filter in the stored filter when asked, and starts from it again', async () => {
    setFlag(storageKeys.filter, JSON.stringify({ q: 'squat', brandId: brand.id, favoritesOnly: true }));
    const searches = libraryApi();
    const { user } = renderPicker({ rememberFilter: true });
    const drawer = await findDialog('Choose from Library');
    await within(drawer).findByRole('heading', { name: 'Squat week' });
    expect(within(drawer).getByLabelText('Search the library')).toHaveValue('squat');
    expect(within(drawer).getByRole('radio', { name: 'My Favorites' })).toBeChecked();
    expect(searches[0]).toEqual({
      path: '/api/favorite',
      query: { q: 'squat', brandId: brand.id, page: '1', pagesize: '2' },
    });

    await user.click(within(drawer).getByText('All content'));
    await waitFor(() => expect(searches.at(-1)?.path).toBe('/api/content'));
    expect(JSON.parse(getFlag(storageKeys.filter) ?? '{}')).toEqual({
      q: 'squat',
      brandId: brand.id,
      tagIds: [],
      favoritesOnly: false,
    });
  });

  it('opens on the favourites when asked, and says when there are none or nothing matches', async () => {
    const searches = libraryApi(() => HttpResponse.json(page([])));
    const { user } = renderPicker({ favoritesFirst: true });
    const drawer = await findDialog('Choose from Library');
    expect(await within(drawer).findByText(libraryMessages.emptyFavorites)).toBeInTheDocument();
    expect(within(drawer).getByRole('radio', { name: 'My Favorites' })).toBeChecked();
    expect(searches.map((search) => search.path)).toEqual(['/api/favorite']);

    await user.type(within(drawer).getByLabelText('Search the library'), 'box{Enter}');
    expect(await within(drawer).findByText(libraryMessages.emptyResults)).toBeInTheDocument();
  });

  it('pages through a long library', async () => {
    const searches = libraryApi(({ query }) =>
      HttpResponse.json(page(query.page === '2' ? [lunges] : [squats, lunges], 3)),
    );
    const { user } = renderPicker();
    const drawer = await findDialog('Choose from Library');
    await within(drawer).findByRole('heading', { name: 'Squat week' });
    await user.click(within(drawer).getByRole('listitem', { name: '2' }));
    await waitFor(() =>
      expect(within(drawer).queryByRole('heading', { name: 'Squat week' })).not.toBeInTheDocument(),
    );
    expect(searches.at(-1)?.query).toEqual({ page: '2', pagesize: '2' });
  });

  it('says when the library cannot be loaded, and tries again on Retry', async () => {
    let failing = true;
    libraryApi(() =>
      failing
        ? HttpResponse.json({ error: { code: 'internal', message: 'Database unavailable' } }, { status: 500 })
        : undefined,
    );
    const { user } = renderPicker();
    const drawer = await findDialog('Choose from Library');
    expect(await within(drawer).findByText('The library could not be loaded.')).toBeInTheDocument();

    failing = false;
    await user.click(within(drawer).getByRole('button', { name: 'Retry' }));
    expect(await within(drawer).findByRole('heading', { name: 'Squat week' })).toBeInTheDocument();
  });
});
