// FitPost's service worker (registered by src/lib/service-worker.ts with scope /app/): a navigation
// inside the signed-in app that fails for want of a network gets the app's page from the cache, and
// the built files (/assets/…, named by their content) come from the cache once fetched, so the app
// stays when the network goes. Never cached: anything under /api/ (per-user answers, sign-in, media),
// other origins, anything but GET. Pages outside /app/ (sign-in, OAuth and network callbacks) are not
// controlled at all. `?v=` names the build; a new build gets a new cache and the old ones are deleted.

const build = new URL(self.location.href).searchParams.get('v') ?? 'dev';
const prefix = 'fitpost-app-';
const cacheName = `${prefix}${build}`;
/** Where the app's page (the same index.html for every /app/ address) is kept. */
const pageKey = '/app/';

/** The page and the files it names (entry script, styles, preloaded modules). */
async function precache() {
  const cache = await caches.open(cacheName);
  const response = await fetch(pageKey, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) return;
  const html = await response.clone().text();
  const files = [...html.matchAll(/(?:src|href)="(\/(?:assets\/[^"]+|favicon\.svg))"/g)].map((m) => m[1]);
  await cache.put(pageKey, response);
  await cache.addAll([...new Set(files)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(prefix) && name !== cacheName)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

// A page the worker does not control (the first one after signing in started at /oauth) names the
// built files it has loaded, so they are here too when the network goes.
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.cacheAssets) ? event.data.cacheAssets : [];
  const own = urls.filter(
    (url) => typeof url === 'string' && new URL(url, self.location.origin).pathname.startsWith('/assets/'),
  );
  event.waitUntil(
    caches.open(cacheName).then((cache) =>
      Promise.all(
        own.map(async (url) => {
          if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
        }),
      ),
    ),
  );
});

/** Network first; offline, the cached page (which then says it is offline). */
async function page(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && response.type === 'basic' && type.startsWith('text/html')) {
      const cache = await caches.open(cacheName);
      await cache.put(pageKey, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(pageKey, { cacheName });
    if (cached) return cached;
    throw error;
  }
}

/** Built files never change under one name: the cache first, else the network (then kept). */
async function asset(request) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/app/')) event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg')
    event.respondWith(asset(request));
});
