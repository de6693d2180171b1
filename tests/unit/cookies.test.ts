import { describe, expect, it } from 'vitest';
import { clearedCookies, readCookie, sessionCookies } from '../../functions/edge/cookies';
import type { SessionUser } from '../../src/shared/session';

const session: SessionUser = {
  iss: 'boleteria',
  user: { id: 7, name: 'Ana Pérez', email: 'ana@example.com', activo: true, provinces_id: 2 },
  exp: 2_000_000_000,
  rol: 'USER',
  permisos: [],
};

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; user-data=%7B%22x%22%3A1%7D; b=2', 'user-data')).toBe('{"x":1}');
  });

  it('answers undefined for a missing cookie or header', () => {
    expect(readCookie('a=1', 'auth-token')).toBeUndefined();
    expect(readCookie(null, 'auth-token')).toBeUndefined();
  });

  it('does not match a cookie whose name only ends like the wanted one', () => {
    expect(readCookie('xauth-token=1', 'auth-token')).toBeUndefined();
  });
});

describe('sessionCookies', () => {
  const local = new URL('http://localhost:8787/');
  const prod = new URL('https://boleteria.com.ar/');

  it('sets the three cookies with the spec lifetimes, tokens HttpOnly', () => {
    const [auth, refresh, user] = sessionCookies({ token: 't', refresh_token: 'r' }, session, local);
    expect(auth).toBe('auth-token=t; Path=/; Max-Age=86400; SameSite=Lax; HttpOnly');
    expect(refresh).toBe('refresh-token=r; Path=/; Max-Age=432000; SameSite=Lax; HttpOnly');
    expect(user).toMatch(/^user-data=%7B.*; Path=\/; Max-Age=432000; SameSite=Lax$/);
  });

  it('adds Secure outside localhost', () => {
    for (const cookie of sessionCookies({ token: 't', refresh_token: 'r' }, session, prod)) {
      expect(cookie).toMatch(/; Secure$/);
    }
  });

  it('clears the three cookies', () => {
    const cleared = clearedCookies(local);
    expect(cleared.map((c) => c.split('=')[0])).toEqual(['auth-token', 'refresh-token', 'user-data']);
    for (const cookie of cleared) expect(cookie).toContain('Max-Age=0');
  });
});
