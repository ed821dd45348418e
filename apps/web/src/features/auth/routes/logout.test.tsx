import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '@/lib/session';
import { meHandler, noAutoPostsHandlers, noPostsHandler, memberUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/setup';

// The dashboard lists the member's next posts and Auto-Posts; these tests are not about them.
beforeEach(() => server.use(noPostsHandler, ...noAutoPostsHandlers));

describe('/app/logout', () => {
  it('revokes the session, clears the stored user and says so', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      meHandler,
      http.post('/api/auth/logout', ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/app/dashboard', { user: memberUser, strict: true });

    await user.click(await screen.findByRole('button', { name: `Account menu for ${memberUser.fullName}` }));
    await user.click(screen.getByRole('link', { name: 'Logout' }));

    expect(await screen.findByText("You're signed out.")).toBeInTheDocument();
    expect(tokens).toEqual([`Bearer ${memberUser.token}`]);
    expect(getStoredUser()).toBeNull();
    expect(router.state.location.pathname).toBe('/app/logout');
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });

  it('signs out locally even when the server call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()));
    renderApp('/app/logout', { user: memberUser });

    expect(await screen.findByText("You're signed out.")).toBeInTheDocument();
    expect(getStoredUser()).toBeNull();
  });
});
