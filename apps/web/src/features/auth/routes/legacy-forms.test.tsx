import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

describe('/signup', () => {
  it('explains that sign-up goes through the organisation, in an alert that hides after 3 s', async () => {
    server.use(
      http.get('/api/public-config', () =>
        HttpResponse.json({ organisationName: 'Fitness Guild', supportEmail: 'help@fitnessguild.example' }),
      ),
    );
    const { user, queryClient } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Name'), 'Pat Plank');
    await user.type(screen.getByLabelText('Email'), 'not-even-an-email');
    await waitFor(() => expect(queryClient.getQueryData(['public-config'])).toBeDefined());

    // Only the alert's timer is faked, so the clock moves exactly as far as the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-up happens through Fitness Guild.');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/signin', () => {
  it('goes to / on sign in, with no validation and no calls', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get('/api/auth/authorize', () => HttpResponse.json({ url: 'https://sso.example.org/a' })),
    );
    const { user, router } = renderApp('/signin');

    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // / then forwards a signed-out visitor to sign-in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/thirdpartysignin'));
  });
});
