import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { meHandler, noAutoPostsHandlers, noPostsHandler, memberUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

// The dashboard lists the member's next posts and Auto-Posts; these tests are not about them.
beforeEach(() => server.use(noPostsHandler, ...noAutoPostsHandlers));

describe('/', () => {
  it('sends a visitor with no stored user to the provider through /thirdpartysignin', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const hosts: (string | null)[] = [];
    server.use(
      http.get('/api/auth/authorize', ({ request }) => {
        hosts.push(new URL(request.url).searchParams.get('host'));
        return HttpResponse.json({ url: 'https://sso.example.org/authorize?client_id=fitpost' });
      }),
    );
    const { router } = renderApp('/');

    expect(await screen.findByText('Redirecting to sign-in…')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/thirdpartysignin');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://sso.example.org/authorize?client_id=fitpost'),
    );
    expect(hosts).toEqual(['localhost:3000']);
  });

  it('forwards a provider callback that landed on / to /oauth with its query', async () => {
    server.use(http.post('/api/auth/callback', () => new Promise<never>(() => {})));
    const { router } = renderApp('/?code=abc&state=xyz');

    await waitFor(() => expect(router.state.location.pathname).toBe('/oauth'));
    expect(router.state.location.search).toBe('?code=abc&state=xyz');
  });

  it('sends a signed-in user to the dashboard', async () => {
    server.use(meHandler);
    const { router } = renderApp('/', { user: memberUser });

    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });
});

describe('/app/*', () => {
  it('requires a stored user', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get('/api/auth/authorize', () => HttpResponse.json({ url: 'https://sso.example.org/a' })),
    );
    const { router } = renderApp('/app/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/thirdpartysignin'));
  });
});
