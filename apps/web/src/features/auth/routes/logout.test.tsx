import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { getStoredUser } from '@/lib/session';
import { meHandler, noAutoPostsHandlers, noPostsHandler, memberUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

// The dashboard lists the member's next posts and Auto-Posts; these tests are not about them.
beforeEach(() => server.use(noPostsHandler, ...noAutoPostsHandlers));

const endSessionUrl = 'http://127.0.0.1:4000/sso/session/end?id_token_hint=abc';

describe('/app/logout', () => {
  it('asks first: opening it signs nobody out until Sign out is clicked', async () => {
    const calls: string[] = [];
    server.use(
      meHandler,
      http.post('/api/auth/logout', () => {
        calls.push('logout');
        return HttpResponse.json({ endSessionUrl });
      }),
    );
    const { user, router } = renderApp('/app/logout', { user: memberUser, strict: true });

    expect(await screen.findByText('Sign out of FitPost on this device?')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(getStoredUser()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Recommended Posts', level: 1 })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(calls).toEqual([]);
  });

  it("revokes the session, clears the stored user and ends the provider's session", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const tokens: (string | null)[] = [];
    server.use(
      meHandler,
      http.post('/api/auth/logout', ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        return HttpResponse.json({ endSessionUrl });
      }),
    );
    const { user } = renderApp('/app/dashboard', { user: memberUser, strict: true });

    await user.click(await screen.findByRole('button', { name: `Account menu for ${memberUser.fullName}` }));
    await user.click(screen.getByRole('link', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(endSessionUrl));
    expect(tokens).toEqual([`Bearer ${memberUser.token}`]);
    expect(getStoredUser()).toBeNull();
  });

  it('signs out locally even when the server call fails, and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()));
    const { user } = renderApp('/app/logout', { user: memberUser });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText("You're signed out.")).toBeInTheDocument();
    expect(getStoredUser()).toBeNull();
    expect(screen.getByRole('button', { name: 'Login Again' })).toBeInTheDocument();
  });
});
