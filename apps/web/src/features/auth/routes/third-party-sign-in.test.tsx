import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { meHandler, memberUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

describe('/thirdpartysignin', () => {
  it('offers Retry when the authorize URL cannot be fetched', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      http.get('/api/auth/authorize', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: { code: 'upstream', message: 'The sign-in service is down' } },
              { status: 502 },
            )
          : HttpResponse.json({ url: 'https://sso.example.org/authorize' });
      }),
    );
    const { user } = renderApp('/thirdpartysignin');

    expect(await screen.findByText('The sign-in service is down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example.org/authorize'));
  });

  it('tells a signed-in user so, with Go Home', async () => {
    server.use(meHandler);
    const { user, router } = renderApp('/thirdpartysignin', { user: memberUser });

    expect(await screen.findByText("You're already signed in.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });
});
