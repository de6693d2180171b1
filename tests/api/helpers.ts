import { env, SELF } from 'cloudflare:test';

export const ORIGIN = 'http://localhost:8787';

/** A call straight to the provider API, with the platform key (as the edge or another server would). */
export function provider(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-api-key', env.API_KEY);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return SELF.fetch(`${ORIGIN}/api/v1${path}`, { ...init, headers });
}

/** A call as a browser makes it: through the edge, same origin, with cookies. */
export function browser(path: string, init: RequestInit & { cookies?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', ORIGIN);
  headers.set('sec-fetch-site', 'same-origin');
  if (init.cookies) headers.set('cookie', init.cookies);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers });
}

/** The cookie header a browser would send back after this response. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}
