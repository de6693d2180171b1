import type { APIContext, MiddlewareNext } from 'astro';
import { unwrap } from '../../../shared/provider-result';

/** Header a page sets (and this module removes) to say "my HTML is the same for every visitor". */
export const PUBLIC_PAGE_HEADER = 'x-public-page';

/** How long the edge keeps a rendered page for one catalogue version (bounds only time-based changes). */
const EDGE_SECONDS = 60;

/**
 * Marks a public page's response. Visitors without a session get a shared, revalidated response; a
 * signed-in visitor's page carries their name in the navigation, so it is private and never stored.
 */
export function markPublicPage(headers: Headers, signedIn: boolean) {
  if (signedIn) headers.set('cache-control', 'private, no-store');
  else headers.set(PUBLIC_PAGE_HEADER, '1');
}

async function etagOf(html: string) {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(html));
  return `"${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

function answer(request: Request, html: string, etag: string, headers: Headers) {
  headers.set('etag', etag);
  headers.set('cache-control', 'public, no-cache');
  headers.set('vary', 'Cookie');
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : html, { status: 200, headers });
}

/** The edge cache (Workers Cache API); absent outside workerd. */
const edgeCache = () => (typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default);

/**
 * Caching of public pages with no stale price or availability, in two layers:
 * 1. Browsers and shared caches get `Cache-Control: public, no-cache` and a strong ETag computed from
 *    the HTML itself: they may keep the page but must revalidate; unchanged pages answer a body-less 304,
 *    and any change of price, availability or markup changes the ETag at once.
 * 2. The Worker keeps rendered pages in the edge cache keyed by URL *and* the catalogue version, a
 *    counter that database triggers bump on every write to events, dates, ticket types (prices and the
 *    inventory mirror), producers and venues (migrations/0004_events.sql). A change makes a new key, so
 *    nothing needs purging and the old entry is never read again; EDGE_SECONDS only bounds changes that
 *    come from the clock (an event leaving the "upcoming" list, a sale window closing).
 * Signed-in visitors skip both: their pages are private.
 */
export async function withPublicCache(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, locals } = context;
  const cacheable = (request.method === 'GET' || request.method === 'HEAD') && !locals.session;
  const cache = cacheable ? edgeCache() : null;
  let key: Request | null = null;
  if (cache) {
    const version = await unwrap(locals.publicApi.catalog.version.$get()).catch(() => null);
    if (version?.version !== undefined) {
      const url = new URL(request.url);
      url.searchParams.set('__catalogo', String(version.version));
      key = new Request(url, { method: 'GET' });
      const hit = await cache.match(key);
      if (hit) {
        const headers = new Headers(hit.headers);
        headers.set('x-edge-cache', 'HIT');
        const html = await hit.text();
        return answer(request, html, hit.headers.get('etag') ?? (await etagOf(html)), headers);
      }
    }
  }

  const response = await next();
  if (!response.headers.has(PUBLIC_PAGE_HEADER)) return response;
  const headers = new Headers(response.headers);
  headers.delete(PUBLIC_PAGE_HEADER);
  if (response.status !== 200 || !cacheable) return new Response(response.body, { status: response.status, headers });
  const html = await response.text();
  const etag = await etagOf(html);
  if (cache && key) {
    const stored = new Headers(headers);
    stored.set('etag', etag);
    stored.set('cache-control', `public, max-age=${EDGE_SECONDS}`);
    const put = cache.put(key, new Response(html, { status: 200, headers: stored })).catch(() => undefined);
    locals.cfContext.waitUntil(put);
  }
  return answer(request, html, etag, headers);
}
