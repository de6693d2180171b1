import type { APIContext, MiddlewareNext } from 'astro';

/** Header a page sets (and this module removes) to say "my HTML is the same for every visitor". */
export const PUBLIC_PAGE_HEADER = 'x-public-page';

/**
 * Marks a public page's response. Visitors without a session get a shared, revalidated response; a
 * signed-in visitor's page carries their name in the navigation, so it is private and never stored.
 */
export function markPublicPage(headers: Headers, signedIn: boolean) {
  if (signedIn) headers.set('cache-control', 'private, no-store');
  else headers.set(PUBLIC_PAGE_HEADER, '1');
}

/**
 * Edge caching with no stale prices: public pages are sent with `Cache-Control: public, no-cache` and a
 * strong ETag computed from the HTML itself. Browsers and shared caches may keep the page but must ask
 * again every time; when nothing changed (same price, same availability, same deploy) the answer is a
 * body-less 304. Because the ETag is the content's hash, any change of price, availability or markup
 * changes it at once: there is no purge to forget and nothing can be served stale.
 */
export async function withPublicCache(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const response = await next();
  if (!response.headers.has(PUBLIC_PAGE_HEADER)) return response;
  const headers = new Headers(response.headers);
  headers.delete(PUBLIC_PAGE_HEADER);
  if (response.status !== 200 || context.request.method !== 'GET')
    return new Response(response.body, { status: response.status, headers });
  const html = await response.text();
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(html));
  const etag = `"${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
  headers.set('etag', etag);
  headers.set('cache-control', 'public, no-cache');
  headers.append('vary', 'Cookie');
  const ifNoneMatch = context.request.headers.get('if-none-match');
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return new Response(null, { status: 304, headers });
  return new Response(html, { status: 200, headers });
}
