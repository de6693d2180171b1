/**
 * Makes the scanner page load without network: registers the door's service worker (scoped to the
 * access-control pages) and stores this page and the scripts and styles it loaded in the worker's cache,
 * so the next load offline is served from there.
 */
export const DOOR_CACHE = 'boleteria-door-v1';

export async function keepPageOffline() {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  try {
    await navigator.serviceWorker.register('/door-sw.js', { scope: '/admin/access-control/' });
    const cache = await caches.open(DOOR_CACHE);
    const assets = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter(
        (u) => u.origin === location.origin && (u.pathname.startsWith('/_astro/') || u.pathname === '/favicon.svg'),
      )
      .map((u) => u.pathname);
    // One by one: a single missing file must not keep the others out.
    await Promise.allSettled([location.pathname, ...new Set(assets)].map((url) => cache.add(url)));
  } catch {
    // Without the cache the scanner still works while this page stays open.
  }
}
