import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { popupStateKey } from '../popup-protocol';
import { cancelledCloseFallbackMs } from './popup-callback';

const state = 'AbCdEfGhIjKlMnOpQrSt';

/** Makes this window a popup whose opener records what it is sent. */
function withOpener() {
  const opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true });
  return opener;
}

describe('the /linkedin popup callback', () => {
  let close: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(popupStateKey('linkedin'), state);
    close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  });
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true });
    vi.useRealTimers();
  });

  it('posts the code for its state to the opener, on this origin only', async () => {
    const opener = withOpener();
    renderApp(`/linkedin?code=li-code&state=${state}`, { strict: true });

    expect(await screen.findByText('Finishing the connection in FitPost…')).toBeInTheDocument();
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledTimes(1); // once, though StrictMode runs effects twice
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'fitpost:oauth', network: 'linkedin', state, code: 'li-code' },
      window.location.origin,
    );
  });

  it("shows 'State does not match' and sends no code when the state is not the stored one", async () => {
    const opener = withOpener();
    renderApp('/linkedin?code=li-code&state=SomeoneElsesState123');

    expect(await screen.findByText('State does not match')).toBeInTheDocument();
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      expect.not.objectContaining({ code: expect.anything() as unknown }),
      window.location.origin,
    );
  });

  it('on a canceled sign-in leaves closing to the opener, and closes itself only if the opener never does', async () => {
    const opener = withOpener();
    renderApp(`/linkedin?error=user_cancelled_login&error_description=Canceled&state=${state}`);

    expect(
      await screen.findByText(
        'You canceled the sign-in, so nothing was connected. This window closes by itself.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ error: 'user_cancelled_login', state }),
      window.location.origin,
    );
    // Closing at once would race the opener's closed-window poll into 'User closed the popup'.
    expect(close).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(cancelledCloseFallbackMs));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
