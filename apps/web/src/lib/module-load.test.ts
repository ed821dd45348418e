import { describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import {
  loadModule,
  moduleLoadErrorEvent,
  registerModuleReloadListener,
  type ModuleLoadErrorDetail,
} from './module-load';

const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/settings-abc.js');

describe('loadModule', () => {
  it('raises a cancelable event and rethrows when nobody handles it', async () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<ModuleLoadErrorDetail>).detail.error);
    window.addEventListener(moduleLoadErrorEvent, listener);

    await expect(loadModule(() => Promise.reject(chunkError))()).rejects.toBe(chunkError);
    expect(seen).toEqual([chunkError]);
    window.removeEventListener(moduleLoadErrorEvent, listener);
  });

  it('does not rethrow when a listener takes over', async () => {
    const listener = (event: Event) => event.preventDefault();
    window.addEventListener(moduleLoadErrorEvent, listener);

    const outcome = await Promise.race([
      loadModule(() => Promise.reject(chunkError))().then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
    ]);
    expect(outcome).toBe('pending');
    window.removeEventListener(moduleLoadErrorEvent, listener);
  });

  it('passes a successful load through', async () => {
    await expect(loadModule(() => Promise.resolve({ ok: 1 }))()).resolves.toEqual({ ok: 1 });
  });
});

describe('the default listener', () => {
  it('reloads once per session, then lets the error through', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const unregister = registerModuleReloadListener();
    const failing = loadModule(() => Promise.reject(chunkError));

    void failing(); // first failure: handled by reloading
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);

    await expect(failing()).rejects.toBe(chunkError); // second failure in the same session
    expect(reload).toHaveBeenCalledTimes(1);
    unregister();
  });
});
