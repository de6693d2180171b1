import { Hono } from 'hono';
import { COOKIE, MSG } from '../../src/shared/messages/common';
import { producerKeyOf } from '../api/services/integrations/api-keys';
import { refuseDeepJson } from '../lib/json-depth';
import { visitorOf } from './client-address';
import { clearedCookies, readCookie, type TokenPair } from './cookies';
import { cookiesFor, resolveSession } from './session';
import { callApi } from './upstream';

/** Provider paths whose answers carry a token pair that must become cookies. */
const TOKEN_ISSUERS = new Set(['/api/v1/login', '/api/v1/verify-email']);

/** Request headers passed on to the provider; everything else (cookies above all) stays at the edge. */
const FORWARDED = ['accept', 'content-type', 'accept-language', 'x-request-id', 'x-signature', 'idempotency-key'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An origin without user info or path (what browsers send), comparable to a URL's prefix as is. */
const PLAIN_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d+)?$/;

/** Unsafe methods are only accepted from our own pages (or from servers, which send neither header). */
function isCrossOrigin(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  // The usual case without parsing the URL: the request's (canonical) URL begins with a plain origin.
  if (PLAIN_ORIGIN.test(origin) && request.url.startsWith(`${origin}/`)) return false;
  return origin !== new URL(request.url).origin;
}

function json(body: unknown, status: number, setCookies: string[] = []) {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  for (const cookie of setCookies) headers.append('set-cookie', cookie);
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * The edge proxy: what browsers call at /api/*. It adds the API key, turns the HttpOnly token cookies
 * into a Bearer header (refreshing first when needed), and turns token pairs in answers into cookies,
 * so page scripts never see a token.
 */
export const edge = new Hono<{ Bindings: Env }>();

edge.use('/api/*', async (c, next) => {
  if (isCrossOrigin(c.req.raw)) return json({ status: false, message: MSG.forbiddenOrigin }, 403);
  await next();
});
// JSON nested too deep never reaches a provider (an external one included); the body is buffered here.
edge.use('/api/*', refuseDeepJson);

/** Logout: revokes the refresh family at the provider and clears the three cookies. */
edge.post('/api/auth/logout', async (c) => {
  const refresh = readCookie(c.req.header('cookie'), COOKIE.refreshToken);
  const access = readCookie(c.req.header('cookie'), COOKIE.authToken);
  if (refresh) {
    await callApi(c.env, c.executionCtx, visitorOf(c.req.raw, c.env), '/api/v1/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${refresh}`, 'content-type': 'application/json' },
      body: JSON.stringify(access ? { access_token: access } : {}),
    }).catch(() => undefined);
  }
  return json({ status: true }, 200, clearedCookies(new URL(c.req.url)));
});

/** Refresh from the browser: uses the refresh cookie and answers the new session, never the tokens. */
edge.post('/api/v1/refresh', async (c) => {
  const url = new URL(c.req.url);
  const resolved = await resolveSession(c.env, c.executionCtx, forceRefresh(c.req.raw), visitorOf(c.req.raw, c.env));
  if (!resolved.session)
    return json({ status: false, message: MSG.sessionExpired, error: true }, 401, clearedCookies(url));
  return json({ status: true, session: resolved.session, error: false }, 200, resolved.setCookies);
});

edge.all('/api/v1/*', async (c) => {
  const request = c.req.raw;
  const url = new URL(request.url);
  const visitor = visitorOf(request, c.env);
  const issuesTokens = TOKEN_ISSUERS.has(url.pathname);
  // A producer's API key (`Authorization: Bearer bol_…`) is passed on as is; no cookie session is used.
  const producerKey = producerKeyOf(request.headers.get('authorization') ?? undefined) !== undefined;
  const resolved =
    issuesTokens || producerKey
      ? { token: null, setCookies: [], expired: false }
      : await resolveSession(c.env, c.executionCtx, request, visitor);
  if (resolved.expired) return json({ status: false, message: MSG.sessionExpired }, 401, resolved.setCookies);

  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (resolved.token) headers.set('authorization', `Bearer ${resolved.token}`);
  if (producerKey) headers.set('authorization', request.headers.get('authorization') as string);

  const upstream = await callApi(
    c.env,
    c.executionCtx,
    visitor,
    url.pathname + url.search,
    {
      method: request.method,
      headers,
      // Buffered already (its depth was checked): the bundled API and an external one get the same bytes.
      body: SAFE_METHODS.has(request.method) ? undefined : await c.req.arrayBuffer(),
    },
    // Verified here a moment ago: the bundled API does not verify it again.
    resolved.token && resolved.session ? { token: resolved.token, session: resolved.session } : null,
  );

  if (issuesTokens && upstream.ok) return withSessionCookies(c.env, upstream, url);
  // Nothing to change in the answer (the common case, a scan among them): it goes out as it came.
  if (resolved.setCookies.length === 0 && !upstream.headers.has('set-cookie')) return upstream;
  const response = new Response(upstream.body, upstream);
  response.headers.delete('set-cookie');
  for (const cookie of resolved.setCookies) response.headers.append('set-cookie', cookie);
  return response;
});

edge.all('/api/*', () => json({ status: false, message: MSG.notFound }, 404));

/** Images (`/media/<key>`): the provider serves them from its bucket; revalidation headers pass through. */
edge.get('/media/*', (c) => {
  const headers = new Headers({ accept: c.req.header('accept') ?? '*/*' });
  for (const name of ['if-none-match', 'if-modified-since']) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  return callApi(c.env, c.executionCtx, visitorOf(c.req.raw, c.env), `/api/v1${new URL(c.req.url).pathname}`, {
    headers,
  });
});

/** Replaces the token pair in an answer with a `session` object and sets the cookies instead. */
async function withSessionCookies(env: Env, upstream: Response, url: URL) {
  const body = (await upstream.json().catch(() => null)) as (Partial<TokenPair> & Record<string, unknown>) | null;
  if (!body?.token || !body.refresh_token) return json(body ?? {}, upstream.status);
  const issued = await cookiesFor(env, { token: body.token, refresh_token: body.refresh_token }, url);
  if (!issued) return json({ status: false, message: MSG.unexpected }, 502);
  const { token: _token, refresh_token: _refresh, ...rest } = body;
  return json({ ...rest, session: issued.session }, upstream.status, issued.setCookies);
}

/** A copy of the request without its access token, so `resolveSession` refreshes. */
function forceRefresh(request: Request): Request {
  const refresh = readCookie(request.headers.get('cookie'), COOKIE.refreshToken);
  const headers = new Headers(request.headers);
  headers.set('cookie', refresh ? `${COOKIE.refreshToken}=${encodeURIComponent(refresh)}` : '');
  return new Request(request.url, { method: 'POST', headers });
}
