import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { makeConnection, meHandler, memberUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

const xConnection = makeConnection({
  network: 'x',
  accountId: 'x-1',
  accountName: 'Zoë Lifts',
  handle: 'zoelifts',
});

describe('/validatetwitterauth', () => {
  it('authenticates once with both values, then goes to /app/settings', async () => {
    const bodies: unknown[] = [];
    server.use(
      meHandler,
      http.post('/api/social/twitter/authenticate', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(xConnection);
      }),
      http.get('/api/social/connections', () => HttpResponse.json([xConnection])),
    );
    const { router } = renderApp('/validatetwitterauth?oauth_token=tok-1&oauth_verifier=ver-1', {
      user: memberUser,
      strict: true,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/settings');
    expect(bodies).toEqual([{ oauth_token: 'tok-1', oauth_verifier: 'ver-1' }]);
    expect(await screen.findByText('Your X account is connected.')).toBeInTheDocument();
    expect(await screen.findByText('Zoë Lifts')).toBeInTheDocument();
  });

  it("shows 'Invalid request' when a value is missing, without calling the server", async () => {
    renderApp('/validatetwitterauth?oauth_token=tok-1', { user: memberUser });

    expect(await screen.findByText('Invalid request')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/app/settings');
  });

  it("says the connection was canceled when X sends back 'denied'", async () => {
    renderApp('/validatetwitterauth?denied=tok-1', { user: memberUser });

    expect(await screen.findByText('Invalid request')).toBeInTheDocument();
    expect(
      screen.getByText('You canceled the connection at X, so no account was connected.'),
    ).toBeInTheDocument();
  });

  it("shows 'An error occurred' with a way back to Settings when the call fails", async () => {
    server.use(
      http.post('/api/social/twitter/authenticate', () =>
        HttpResponse.json(
          { error: { code: 'bad_request', message: 'The request token has expired' } },
          { status: 400 },
        ),
      ),
    );
    renderApp('/validatetwitterauth?oauth_token=tok-2&oauth_verifier=ver-2', { user: memberUser });

    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
    expect(screen.getByText('The request token has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/app/settings');
  });

  it('needs a stored user, like /app/*', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get('/api/auth/authorize', () => HttpResponse.json({ url: 'https://sso.example.org/a' })),
    );
    const { router } = renderApp('/validatetwitterauth?oauth_token=tok-3&oauth_verifier=ver-3');

    await waitFor(() => expect(router.state.location.pathname).toBe('/thirdpartysignin'));
  });
});
