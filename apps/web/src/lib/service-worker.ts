/**
 * Registers public/sw.js for the signed-in app (/app/…), so a navigation without a network keeps the
 * app. The build is named by the entry script's hashed file name, which changes whenever any of the
 * app's files does: a deployment installs a new worker with a new cache and drops the old one.
 */
export function registerServiceWorker(entryUrl: string): void {
  if (!('serviceWorker' in navigator)) return;
  const build = entryUrl.split('/').pop()?.replace(/\.js$/, '') ?? 'dev';
  const register = () =>
    navigator.serviceWorker
      .register(`/sw.js?v=${encodeURIComponent(build)}`, { scope: '/app/' })
      .then((registration) => {
        // A page that began outside /app/ (sign-in) is not the worker's: it names what it has loaded.
        if (navigator.serviceWorker.controller) return;
        const worker = registration.installing ?? registration.waiting ?? registration.active;
        const send = () =>
          worker?.postMessage({
            cacheAssets: performance
              .getEntriesByType('resource')
              .map((entry) => entry.name)
              .filter((url) => new URL(url).origin === location.origin),
          });
        if (worker?.state === 'activated') send();
        else
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'activated') send();
          });
      })
      .catch((error: unknown) => console.warn('The offline copy of the app is not available', error));
  // After the page has loaded: installing copies the app's files, which should not compete with it.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
