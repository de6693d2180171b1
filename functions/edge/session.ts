import type { ExecutionContext as WorkerContext } from 'hono';
import { COOKIE } from '../../src/shared/messages/common';
import type { SessionUser } from '../../src/shared/session';
import { verifyAccessToken } from '../lib/jwt';
import type { Visitor } from './client-address';
import { clearedCookies, readCookie, sessionCookies, type TokenPair } from './cookies';
import { callApi } from './upstream';

/** Seconds before expiry at which an access token is already refreshed. */
const EXPIRY_SKEW = 15;

export type ResolvedSession = {
  token: string | null;
  session: SessionUser | null;
  /** Set-Cookie values to send back: new tokens after a refresh, or cleared cookies after a failed one. */
  setCookies: string[];
  /** True when a refresh was attempted and failed: the session is gone. */
  expired: boolean;
};

/** Asks the provider for a new pair with a refresh token, for `visitor`; null when it refuses. */
export async function refreshPair(
  env: Env,
  ctx: WorkerContext,
  visitor: Visitor,
  refreshToken: string,
): Promise<TokenPair | null> {
  const res = await callApi(env, ctx, visitor, '/api/v1/refresh', {
    method: 'POST',
    headers: { authorization: `Bearer ${refreshToken}` },
  });
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as Partial<TokenPair> | null;
  return body?.token && body.refresh_token ? { token: body.token, refresh_token: body.refresh_token } : null;
}

/** Issues the cookies for a token pair; null when the access token does not verify. */
export async function cookiesFor(env: Env, tokens: TokenPair, url: URL) {
  const session = await verifyAccessToken(env.JWT_SECRET, tokens.token);
  return session ? { session, setCookies: sessionCookies(tokens, session, url) } : null;
}

/**
 * The session of a request, from its cookies (spec section 4, "Restore"): a valid access token is used
 * as is; a missing or expired one is replaced through the refresh token (asked for `visitor`, the person
 * behind the request); a failed refresh clears all.
 */
export async function resolveSession(
  env: Env,
  ctx: WorkerContext,
  request: Request,
  visitor: Visitor,
): Promise<ResolvedSession> {
  const header = request.headers.get('cookie');
  const token = readCookie(header, COOKIE.authToken);
  const refresh = readCookie(header, COOKIE.refreshToken);
  if (token) {
    const session = await verifyAccessToken(env.JWT_SECRET, token);
    if (session && session.exp - EXPIRY_SKEW > Date.now() / 1000)
      return { token, session, setCookies: [], expired: false };
  }
  if (!refresh) {
    const stale = token !== undefined || readCookie(header, COOKIE.userData) !== undefined;
    return {
      token: null,
      session: null,
      setCookies: stale ? clearedCookies(new URL(request.url)) : [],
      expired: false,
    };
  }
  const url = new URL(request.url);
  const pair = await refreshPair(env, ctx, visitor, refresh);
  const issued = pair && (await cookiesFor(env, pair, url));
  if (!pair || !issued) return { token: null, session: null, setCookies: clearedCookies(url), expired: true };
  return { token: pair.token, session: issued.session, setCookies: issued.setCookies, expired: false };
}
