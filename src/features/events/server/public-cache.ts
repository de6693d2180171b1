import type { APIContext, MiddlewareNext } from 'astro';
import { unwrap } from '../../../shared/provider-result';

/** Header a page sets (and this module removes) to say "my HTML is the same for every visitor". */
export const PUBLIC_PAGE_HEADER = 'x-public-page';

/** How long the edge keeps a rendered page for one version (bounds only the listings' time-based changes). */
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
 * The event a page shows (`/eventos/12`, its embeddable checkout `/embed/eventos/12`; the id read like the pages
 * read it, Number.parseInt): its page is cached under that event's version. Null for every other page.
 */
export function pageEvent(pathname: string): string | null {
  const id = /^\/(?:embed\/)?eventos\/(\d{1,15})/.exec(pathname)?.[1];
  return id && Number(id) > 0 ? String(Number(id)) : null;
}

/**
 * Caching of public pages with no stale price or availability, in two layers:
 * 1. Browsers and shared caches get `Cache-Control: public, no-cache` and a strong ETag computed from
 *    the HTML itself: they may keep the page but must revalidate; unchanged pages answer a body-less 304,
 *    and any change of price, availability or markup changes the ETag at once.
 * 2. The Worker keeps rendered pages in the edge cache keyed by URL *and* the version of what that page shows
 *    (the provider's `GET /catalog/version`, services/events/catalog.ts `pageVersion`), counters that database
 *    triggers bump (migrations/0081_page_versions.sql). An event page is keyed by its event's own version with its
 *    producer's, its venue's and the service charge's, and its clock changes that have passed (a sale window, a
 *    date, the wheelchair reserve's release); the listings (home, /eventos, productoras) by the catalogue's.
 *    The inventory's stock writes bump an event's version only when what its page shows flips ("Disponible",
 *    "Últimas entradas", "Agotado", how many one order may still add; a seated date's section counts), and the
 *    catalogue's only when an event's "Agotado" may flip: a hold, an expiry or a sale of one event leaves every
 *    other page's entry alone. A change makes a new key, so nothing needs purging and the old entry is never read
 *    again; EDGE_SECONDS only bounds the listings' changes that come from the clock (an event leaving the
 *    "upcoming" list).
 * Signed-in visitors skip both: their pages are private.
 */
export async function withPublicCache(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, locals } = context;
  const cacheable = (request.method === 'GET' || request.method === 'HEAD') && !locals.session;
  const cache = cacheable ? edgeCache() : null;
  let key: Request | null = null;
  if (cache) {
    const evento = pageEvent(new URL(request.url).pathname);
    const query = evento ? { evento } : {};
    const version = await unwrap(locals.publicApi.catalog.version.$get({ query })).catch(() => null);
    if (version?.version !== undefined) {
      const url = new URL(request.url);
      url.searchParams.set('__version', version.version);
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
