import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

const state = 'Abc123Def456Ghi789Jk';

function fakeOpener() {
  const opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  return opener;
}

describe('/linkedin (popup callback)', () => {
  let close: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  });
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  });

  it('posts the code to the opener, on this origin only, exactly once', async () => {
    localStorage.setItem('linkedin_oauth2_state', state);
    const opener = fakeOpener();
    renderApp(`/linkedin?code=code-1&state=${state}`, { strict: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'LinkedIn Connection' })).toBeInTheDocument();
    expect(screen.getByText('Finishing the connection in FitPost…')).toBeInTheDocument();
    // Posted from an effect after the first render (once, even under StrictMode).
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: 'fitpost:oauth', network: 'linkedin', code: 'code-1', state },
        'http://localhost:3000',
      ),
    );
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(close).not.toHaveBeenCalled();
  });

  it("shows 'State does not match' and posts no code when the state is not the stored one", async () => {
    localStorage.setItem('linkedin_oauth2_state', 'SomeOtherState000000');
    const opener = fakeOpener();
    renderApp(`/linkedin?code=code-1&state=${state}`);

    expect(await screen.findByText('State does not match')).toBeInTheDocument();
    expect(screen.getByText(/nothing was connected/)).toBeInTheDocument();
    // Only a message the opener will discard (its state is not the opener's): never the code.
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalledTimes(1));
    const [message, targetOrigin] = opener.postMessage.mock.calls[0] as [Record<string, unknown>, string];
    expect(message).not.toHaveProperty('code');
    expect(message).toMatchObject({ error: 'state_mismatch', errorMessage: 'State does not match', state });
    expect(targetOrigin).toBe('http://localhost:3000');
  });

  it('treats a missing stored state as a mismatch', async () => {
    const opener = fakeOpener();
    renderApp(`/linkedin?code=code-1&state=${state}`);

    expect(await screen.findByText('State does not match')).toBeInTheDocument();
    expect(JSON.stringify(opener.postMessage.mock.calls)).not.toContain('code-1');
  });

  it("passes on 'user_cancelled_login' and closes the popup", async () => {
    localStorage.setItem('linkedin_oauth2_state', state);
    const opener = fakeOpener();
    renderApp(
      `/linkedin?error=user_cancelled_login&error_description=The%20user%20cancelled%20LinkedIn%20login&state=${state}`,
    );

    expect(await screen.findByText(/You canceled the sign-in/)).toBeInTheDocument();
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        {
          type: 'fitpost:oauth',
          network: 'linkedin',
          error: 'user_cancelled_login',
          errorMessage: 'The user cancelled LinkedIn login',
          state,
        },
        'http://localhost:3000',
      ),
    );
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it("shows other errors, with 'Login failed. Please try again.' when the network gives no text", async () => {
    localStorage.setItem('linkedin_oauth2_state', state);
    const opener = fakeOpener();
    renderApp(`/linkedin?error=server_error&state=${state}`);

    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ error: 'server_error', errorMessage: 'Login failed. Please try again.' }),
        'http://localhost:3000',
      ),
    );
    expect(close).not.toHaveBeenCalled();
  });

  it('explains when no FitPost window is waiting any more', async () => {
    localStorage.setItem('linkedin_oauth2_state', state);
    renderApp(`/linkedin?code=code-1&state=${state}`);

    expect(await screen.findByText('FitPost is no longer waiting for this window.')).toBeInTheDocument();
  });
});

describe('/facebook (popup callback)', () => {
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  });

  it("checks Facebook's own stored state and posts the code as network 'facebook'", async () => {
    localStorage.setItem('facebook_oauth2_state', state);
    localStorage.setItem('linkedin_oauth2_state', 'SomeOtherState000000');
    const opener = fakeOpener();
    renderApp(`/facebook?code=fb-code&state=${state}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Facebook Connection' })).toBeInTheDocument();
    // Posted from an effect after the first render (once, even under StrictMode).
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: 'fitpost:oauth', network: 'facebook', code: 'fb-code', state },
        'http://localhost:3000',
      ),
    );
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
  });

  it('closes the popup when the member cancels at Facebook (error=access_denied)', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    localStorage.setItem('facebook_oauth2_state', state);
    fakeOpener();
    renderApp(
      `/facebook?error_reason=user_denied&error=access_denied&error_description=Permissions%20error.&state=${state}`,
    );

    expect(await screen.findByText(/You canceled the sign-in/)).toBeInTheDocument();
    await waitFor(() => expect(close).toHaveBeenCalled());
  });
});
