import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getFlag, storageKeys } from '@/lib/session';
import { meHandler, memberUser } from '@/test/fixtures';
import { renderApp, renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { makeBrand, pageOf } from '../testing';
import { BrandsRoute } from './brands';

const strength = makeBrand();
const fuel = makeBrand({
  id: 'b0000000-0000-4000-8000-000000000002',
  name: 'Fuel Kitchen',
  description: 'Simple meals for busy coaches.',
  contentCount: 1,
  logoUrl: 'http://localhost:3000/media/fuel.png',
  colour: '#2f7d6d',
  website: 'https://fuel.example/',
});

describe('/app/brands', () => {
  it("shows each brand with 'View Content', which opens the library filtered to it", async () => {
    const contentQueries: Record<string, string>[] = [];
    server.use(
      meHandler,
      http.get('/api/brand', () =>
        HttpResponse.json({ items: [strength, fuel], total: 2, page: 1, pageSize: 24 }),
      ),
      http.get('/api/tag', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 })),
      http.get('/api/content', ({ request }) => {
        contentQueries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(pageOf([]));
      }),
    );
    const { user, router } = renderApp('/app/brands', { user: memberUser });

    expect(await screen.findByRole('heading', { level: 1, name: 'Brands' })).toBeInTheDocument();
    const fuelCard = await screen.findByRole('article', { name: 'Fuel Kitchen' });
    expect(fuelCard).toHaveTextContent('Simple meals for busy coaches.');
    expect(fuelCard).toHaveTextContent('1 item');
    expect(within(fuelCard).getByRole('link', { name: 'fuel.example' })).toHaveAttribute(
      'href',
      'https://fuel.example/',
    );
    expect(fuelCard).toHaveStyle({ borderTopColor: '#2f7d6d' });
    expect(screen.getByRole('article', { name: 'Strength Lab' })).toHaveTextContent('12 items');

    await user.click(within(fuelCard).getByRole('button', { name: 'View Content' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Library' })).toBeInTheDocument();
    await waitFor(() => expect(contentQueries[0]).toMatchObject({ brandId: fuel.id }));
    expect(router.state.location.pathname).toBe('/app/content');
    expect(getFlag(storageKeys.filter)).toBe(`brandId=${fuel.id}`);
  });

  it('says when there are no brands, and offers Retry when they cannot be loaded', async () => {
    let failing = true;
    server.use(
      http.get('/api/brand', () =>
        failing
          ? HttpResponse.json({ error: { code: 'internal', message: 'Try again later' } }, { status: 500 })
          : HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 24 }),
      ),
    );
    const { user } = renderScreen(<BrandsRoute />, { user: memberUser, path: '/app/brands' });

    expect(await screen.findByText('The brands could not be loaded.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No brands yet.')).toBeInTheDocument();
  });
});
