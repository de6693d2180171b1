import { describe, expect, it } from 'vitest';
import { guard, pendingDestination } from './guard';
import { type NextView, pathOf, viewOf } from './routes';

const ORIGIN = 'https://boleteria.example';
const offSite = (to: string) => new URL(to, ORIGIN).origin !== ORIGIN;

const TRICKY = [
  '/.//evil.invalid/phish',
  '/%2e//evil.invalid/phish',
  '/a/..//evil.invalid/phish',
  '//evil.invalid/phish',
  '/\\evil.invalid/phish',
];

describe('every redirect stays on the site', () => {
  it.each(TRICKY)('the login next view %j', (next) => {
    // What the shell does with ?next= and what the login does with the remembered view afterwards.
    expect(offSite(pathOf(viewOf(new URL(next, ORIGIN))))).toBe(false);
  });

  it.each(TRICKY)('a stored next view with the literal path %j', (path) => {
    const view: NextView = { name: 'path', params: { path } };
    expect(offSite(pathOf(view))).toBe(false);
    const pending = pendingDestination(view, '/perfil');
    expect(pending === null || !offSite(pending)).toBe(true);
  });

  it('the server guard remembers only a safe path', () => {
    const decision = guard('//evil.invalid/admin', '', null);
    if (decision.kind === 'login') {
      const next = new URL(decision.to, ORIGIN).searchParams.get('next') ?? '/';
      expect(offSite(next)).toBe(false);
    }
    const admin = guard('/admin/events', '?a=1', null);
    expect(admin).toEqual({ kind: 'login', to: `/?login=1&next=${encodeURIComponent('/admin/events?a=1')}` });
  });
});
