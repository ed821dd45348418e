import { browser } from './browser';
import { isOnline } from './online';

/** Raised on window when a lazily loaded module fails to load (spec §8). Cancelable. */
export const moduleLoadErrorEvent = 'fitpost:module-load-error';

export interface ModuleLoadErrorDetail {
  error: unknown;
}

const reloadGuardKey = 'fitpost:reloaded-after-module-error';

/**
 * Wraps a dynamic import. On failure it dispatches `moduleLoadErrorEvent`; when no listener calls
 * `preventDefault()` the error is rethrown for the error boundary, otherwise the load never settles
 * (the listener has taken over, typically by reloading the page).
 */
export function loadModule<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      const event = new CustomEvent<ModuleLoadErrorDetail>(moduleLoadErrorEvent, {
        detail: { error },
        cancelable: true,
      });
      const unhandled = window.dispatchEvent(event);
      if (unhandled) throw error;
      return new Promise<T>(() => {});
    }
  };
}

/**
 * The app's default handling: a missing chunk usually means a new deployment replaced the old files,
 * so reload once per browser session to pick it up; a second failure, or any while offline, reaches
 * the error boundary.
 */
export function registerModuleReloadListener(): () => void {
  const listener = (event: Event) => {
    // Offline, a missing chunk is not a new deployment: the screen says so and the page stays.
    if (!isOnline()) return;
    try {
      if (sessionStorage.getItem(reloadGuardKey)) return;
      sessionStorage.setItem(reloadGuardKey, new Date().toISOString());
    } catch {
      return; // without sessionStorage a reload could loop
    }
    event.preventDefault();
    browser.reload();
  };
  window.addEventListener(moduleLoadErrorEvent, listener);
  return () => window.removeEventListener(moduleLoadErrorEvent, listener);
}
