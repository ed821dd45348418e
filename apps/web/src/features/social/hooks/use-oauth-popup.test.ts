import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postFrom, stubWindowOpen } from '@/test/popup';
import { generateState, popupStateKey, type PopupNetwork } from '../popup-protocol';
import { useOAuthPopup, type OAuthPopupOutcome } from './use-oauth-popup';

const authorizeUrl = 'https://www.linkedin.example/oauth/v2/authorization?client_id=fitpost';

function setWindowGeometry(geometry: Record<'screenX' | 'screenY' | 'outerWidth' | 'outerHeight', number>) {
  for (const [name, value] of Object.entries(geometry)) {
    Object.defineProperty(window, name, { value, configurable: true });
  }
}

/** Starts a flow through the hook; `outcome()` is undefined until the flow has ended. */
function startFlow(network: PopupNetwork = 'linkedin') {
  const { popup, open } = stubWindowOpen();
  const getUrl = vi.fn((state: string) => Promise.resolve(`${authorizeUrl}&state=${state}`));
  const hook = renderHook(() => useOAuthPopup());
  let settled: OAuthPopupOutcome | undefined;
  act(() => {
    void hook.result.current.start({ network, authorizeUrl: getUrl }).then((outcome) => {
      settled = outcome;
    });
  });
  const state = localStorage.getItem(popupStateKey(network)) ?? '';
  return { popup, open, getUrl, hook, state, outcome: () => settled };
}

/** Lets promises and `ms` of fake time run. */
async function elapse(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('useOAuthPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setWindowGeometry({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 });
  });
  afterEach(() => {
    setWindowGeometry({ screenX: 0, screenY: 0, outerWidth: 1024, outerHeight: 768 });
  });

  it('stores a 20-character state and opens a centred 600x600 popup on the authorize URL for it', async () => {
    const flow = startFlow();

    expect(flow.state).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(flow.open).toHaveBeenCalledWith(
      '',
      `fitpost-linkedin-login-${flow.state}`,
      'popup=yes,width=600,height=600,left=500,top=200',
    );
    expect(flow.getUrl).toHaveBeenCalledWith(flow.state);
    await elapse();
    expect(flow.popup.location.href).toBe(`${authorizeUrl}&state=${flow.state}`);
    expect(flow.hook.result.current.pending).toBe('linkedin');
  });

  it("reports 'User closed the popup' on the next 1-second poll after the member closes it", async () => {
    const flow = startFlow();
    await elapse(1000);
    expect(flow.outcome()).toBeUndefined();

    flow.popup.closed = true;
    await elapse(999);
    expect(flow.outcome()).toBeUndefined();
    await elapse(1);
    expect(flow.outcome()).toEqual({
      kind: 'error',
      error: 'user_closed_popup',
      message: 'User closed the popup',
    });
    expect(localStorage.getItem(popupStateKey('linkedin'))).toBeNull();
    expect(flow.hook.result.current.pending).toBeNull();
  });

  it('ignores messages from another origin, from another window and of another kind', async () => {
    const flow = startFlow();
    await elapse();
    const message = { type: 'fitpost:oauth', network: 'linkedin', code: 'code-1', state: flow.state };

    postFrom(flow.popup, message, 'https://evil.example');
    postFrom(window, message);
    postFrom(flow.popup, { ...message, type: 'something-else' });
    postFrom(flow.popup, { ...message, network: 'facebook' });
    await elapse();

    expect(flow.outcome()).toBeUndefined();
    expect(flow.popup.close).not.toHaveBeenCalled();
  });

  it('resolves with the code of a same-origin message from its popup carrying its state, and closes the popup', async () => {
    const flow = startFlow();
    await elapse();

    postFrom(flow.popup, { type: 'fitpost:oauth', network: 'linkedin', code: 'code-1', state: flow.state });
    await elapse();

    expect(flow.outcome()).toEqual({ kind: 'code', code: 'code-1', state: flow.state });
    expect(flow.popup.close).toHaveBeenCalled();
    expect(localStorage.getItem(popupStateKey('linkedin'))).toBeNull();
    // Finished: a later poll finding the popup closed changes nothing.
    await elapse(2000);
    expect(flow.outcome()).toMatchObject({ kind: 'code' });
  });

  it('closes the popup with no action when the message carries another state', async () => {
    const flow = startFlow();
    await elapse();

    postFrom(flow.popup, {
      type: 'fitpost:oauth',
      network: 'linkedin',
      code: 'code-1',
      state: 'AAAAAAAAAAAAAAAAAAAA',
    });
    await elapse();

    expect(flow.outcome()).toEqual({ kind: 'ignored', reason: 'state_mismatch' });
    expect(flow.popup.close).toHaveBeenCalled();
  });

  it("closes the popup quietly on 'user_cancelled_login'", async () => {
    const flow = startFlow();
    await elapse();

    postFrom(flow.popup, {
      type: 'fitpost:oauth',
      network: 'linkedin',
      error: 'user_cancelled_login',
      errorMessage: 'The user cancelled LinkedIn login',
      state: flow.state,
    });
    await elapse();

    expect(flow.outcome()).toEqual({ kind: 'cancelled' });
    expect(flow.popup.close).toHaveBeenCalled();
  });

  it("reports the network's error text, or 'Login failed. Please try again.' without one", async () => {
    const first = startFlow();
    await elapse();
    postFrom(first.popup, {
      type: 'fitpost:oauth',
      network: 'linkedin',
      error: 'server_error',
      errorMessage: 'LinkedIn is unavailable',
      state: first.state,
    });
    await elapse();
    expect(first.outcome()).toEqual({
      kind: 'error',
      error: 'server_error',
      message: 'LinkedIn is unavailable',
    });

    const second = startFlow('facebook');
    await elapse();
    postFrom(second.popup, {
      type: 'fitpost:oauth',
      network: 'facebook',
      error: 'server_error',
      errorMessage: '',
      state: second.state,
    });
    await elapse();
    expect(second.outcome()).toEqual({
      kind: 'error',
      error: 'server_error',
      message: 'Login failed. Please try again.',
    });
  });

  it('says so when the browser blocks the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const hook = renderHook(() => useOAuthPopup());
    let outcome: OAuthPopupOutcome | undefined;
    await act(async () => {
      outcome = await hook.result.current.start({
        network: 'linkedin',
        authorizeUrl: () => Promise.resolve(authorizeUrl),
      });
    });
    expect(outcome).toMatchObject({ kind: 'error', error: 'popup_blocked' });
    expect(localStorage.getItem(popupStateKey('linkedin'))).toBeNull();
  });

  it('closes the popup when the authorize URL cannot be fetched', async () => {
    const { popup } = stubWindowOpen();
    const hook = renderHook(() => useOAuthPopup());
    let outcome: OAuthPopupOutcome | undefined;
    await act(async () => {
      outcome = await hook.result.current.start({
        network: 'linkedin',
        authorizeUrl: () => Promise.reject(new Error('offline')),
      });
    });
    expect(outcome).toEqual({ kind: 'error', error: 'authorize_url_failed', message: 'error' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('abandons the flow and closes the popup on cancel and on unmount', async () => {
    const flow = startFlow();
    await elapse();
    act(() => flow.hook.result.current.cancel());
    await elapse();
    expect(flow.outcome()).toEqual({ kind: 'ignored', reason: 'aborted' });
    expect(flow.popup.close).toHaveBeenCalled();

    const other = startFlow();
    await elapse();
    other.hook.unmount();
    await elapse();
    expect(other.outcome()).toEqual({ kind: 'ignored', reason: 'aborted' });
    expect(other.popup.close).toHaveBeenCalled();
  });
});

describe('generateState', () => {
  it('draws letters and digits from crypto.getRandomValues', () => {
    const random = vi.spyOn(crypto, 'getRandomValues');
    const states = new Set(Array.from({ length: 50 }, () => generateState()));

    expect(random).toHaveBeenCalled();
    expect(states.size).toBe(50);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
