// The door scanner's service worker (scope /admin/access-control/): the page loads offline from the
// cache its island fills (see src/features/checkin/lib/offline-page.ts). Pages: network first, cache when
// offline. Hashed assets: cache first. API calls are not touched (the scanner queues scans itself).
const CACHE = 'boleteria-door-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((res) => {
          if (res.ok && url.pathname.startsWith('/admin/access-control')) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put(url.pathname, copy));
          }
          return res;
        })
        .catch(async () => (await caches.match(url.pathname)) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(
      caches.match(url.pathname).then(
        (hit) =>
          hit ??
          fetch(request).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(CACHE).then((c) => c.put(url.pathname, copy));
            }
            return res;
          }),
      ),
    );
  }
});
