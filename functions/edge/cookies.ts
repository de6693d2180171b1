import Cookies from 'universal-cookie';
import { COOKIE, LIMITS } from '../../src/shared/messages/common';
import type { SessionUser } from '../../src/shared/session';

export type TokenPair = { token: string; refresh_token: string };

/**
 * Reads one cookie from a Cookie header (decoded; undefined when absent). A value with control characters
 * (a NUL or a line break once decoded) is forged, and read as absent: passed on in a header it made the
 * edge answer 5xx (found by tests/api/platform/fuzz.test.ts).
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const value: unknown = new Cookies(header).get(name, { doNotParse: true });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  return typeof value === 'string' && !/[\x00-\x1f\x7f]/.test(value) ? value : undefined;
}

const isLocal = (url: URL) => url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';

function serialize(name: string, value: string, maxAge: number, httpOnly: boolean, url: URL) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${maxAge}`, 'SameSite=Lax'];
  if (httpOnly) parts.push('HttpOnly');
  if (!isLocal(url)) parts.push('Secure');
  return parts.join('; ');
}

/** The three session cookies of spec section 9. Both token cookies are HttpOnly; user-data is readable. */
export function sessionCookies(tokens: TokenPair, session: SessionUser, url: URL): string[] {
  return [
    serialize(COOKIE.authToken, tokens.token, LIMITS.accessCookieSeconds, true, url),
    serialize(COOKIE.refreshToken, tokens.refresh_token, LIMITS.refreshCookieSeconds, true, url),
    serialize(COOKIE.userData, JSON.stringify(session), LIMITS.refreshCookieSeconds, false, url),
  ];
}

export function clearedCookies(url: URL): string[] {
  return [COOKIE.authToken, COOKIE.refreshToken, COOKIE.userData].map((name) =>
    serialize(name, '', 0, name !== COOKIE.userData, url),
  );
}
