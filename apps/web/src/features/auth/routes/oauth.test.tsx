import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '@/lib/session';
import { makeUser, meHandler, noAutoPostsHandlers, noPostsHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

// The dashboard lists the member's next posts and Auto-Posts; these tests are not about them.
beforeEach(() => server.use(noPostsHandler, ...noAutoPostsHandlers));

const publicConfig = http.get('/api/public-config', () =>
  HttpResponse.json({ organisationName: 'Fitness Guild', supportEmail: 'help@fitnessguild.example' }),
);

function callbackHandlers(user: ReturnType<typeof makeUser>) {
  const bodies: unknown[] = [];
  const consumed: string[] = [];
  server.use(
    meHandler,
    http.post('/api/auth/callback', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(user);
    }),
    http.get('/api/feed/consume/:userId', ({ params }) => {
      consumed.push(String(params.userId));
      return HttpResponse.json({ feeds: [], imported: 0 });
    }),
  );
  return { bodies, consumed };
}

describe('/oauth', () => {
  it('without a code goes to /', async () => {
    server.use(
      http.get('/api/auth/authorize', () => HttpResponse.json({ url: 'https://sso.example.org/a' })),
    );
    vi.spyOn(await import('@/lib/browser').then((m) => m.browser), 'assign').mockImplementation(
      () => undefined,
    );
    const { router } = renderApp('/oauth?state=only');

    await waitFor(() => expect(router.state.location.pathname).toBe('/thirdpartysignin'));
  });

  it('signs a new user in, consumes their feeds and shows the welcome screen', async () => {
    const user = makeUser({ id: '9b2f8c1e-1d2e-4f3a-8b4c-5d6e7f8a9b0c', isNewUser: true, token: 'fresh' });
    const { bodies, consumed } = callbackHandlers(user);
    const { router } = renderApp('/oauth?code=code-1&state=state-1&iss=https%3A%2F%2Fsso.example.org', {
      strict: true,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to FitPost' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/settings/welcome');
    // Codes are single-use: one POST even though StrictMode runs the effect twice.
    expect(bodies).toEqual([
      {
        code: 'code-1',
        state: 'state-1',
        iss: 'https://sso.example.org',
        host: 'localhost:3000',
        // The browser's zone, for the server to keep on a first sign-in.
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    expect(getStoredUser()).toMatchObject({ id: user.id, token: 'fresh' });
    await waitFor(() => expect(consumed).toEqual([user.id]));
  });

  it('sends an existing user to / and on to the dashboard', async () => {
    callbackHandlers(makeUser({ isNewUser: false }));
    const { router } = renderApp('/oauth?code=code-2&state=state-2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('only logs a failure to consume feeds', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      meHandler,
      http.post('/api/auth/callback', () => HttpResponse.json(makeUser())),
      http.get('/api/feed/consume/:userId', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Route not found' } }, { status: 404 }),
      ),
    );
    renderApp('/oauth?code=code-3&state=state-3');

    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' })).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Consuming feeds after sign-in failed', expect.anything()),
    );
    expect(screen.queryByText(/Route not found/)).not.toBeInTheDocument();
  });

  it('shows the no-access view with the reason, customer service and Login Again', async () => {
    server.use(
      publicConfig,
      http.post('/api/auth/callback', () =>
        HttpResponse.json(
          { error: { code: 'no_access', message: 'Your membership does not include FitPost.' } },
          { status: 403 },
        ),
      ),
      http.get('/api/auth/authorize', () => HttpResponse.json({ url: 'https://sso.example.org/a' })),
    );
    const assign = vi.spyOn(await import('@/lib/browser').then((m) => m.browser), 'assign');
    assign.mockImplementation(() => undefined);
    const { router, user } = renderApp('/oauth?code=code-4&state=state-4');

    expect(
      await screen.findByRole('heading', { level: 1, name: "You don't have access" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Reason: Your membership does not include FitPost.')).toBeInTheDocument();
    expect(getStoredUser()).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Email Customer Service' })).toHaveAttribute(
        'href',
        'mailto:help@fitnessguild.example',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Login Again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thirdpartysignin'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example.org/a'));
  });

  it("shows the refused portal's own support email once its admins set it", async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/public-config', ({ request }) => {
        const portalId = new URL(request.url).searchParams.get('portalId');
        asked.push(portalId);
        return HttpResponse.json(
          portalId === '7'
            ? { organisationName: 'Strong Together Academy', supportEmail: 'help@strong.example' }
            : { organisationName: 'Fitness Guild', supportEmail: 'help@fitnessguild.example' },
        );
      }),
      http.post('/api/auth/callback', () =>
        HttpResponse.json(
          {
            error: {
              code: 'no_access',
              message: 'Your membership does not include FitPost.',
              portalId: 7,
            },
          },
          { status: 403 },
        ),
      ),
    );
    renderApp('/oauth?code=code-5&state=state-5');

    expect(await screen.findByText('Reason: Your membership does not include FitPost.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Email Customer Service' })).toHaveAttribute(
        'href',
        'mailto:help@strong.example',
      ),
    );
    expect(screen.getByText(/comes with your Strong Together Academy membership/)).toBeInTheDocument();
    expect(asked).toContain('7');
  });

  it("shows the provider's own refusal instead of bouncing back to it", async () => {
    server.use(publicConfig);
    renderApp('/oauth?error=access_denied&error_description=The%20member%20cancelled');

    expect(await screen.findByText('Reason: The member cancelled')).toBeInTheDocument();
  });
});
