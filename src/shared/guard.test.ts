import { describe, expect, it } from 'vitest';
import { guard, isLoginRequired, pendingDestination } from './guard';
import type { SessionUser } from './session';

const as = (rol: string): SessionUser => ({
  iss: 'test',
  user: { id: 1, name: 'Ana Pérez', email: 'ana@demo.ar', activo: true, provinces_id: 1 },
  exp: 4_000_000_000,
  rol,
  permisos: [],
});

const LOGIN = 'login';
const OK = 'allow';
const denied = (path: string) => `/access-denied?from=${encodeURIComponent(path)}`;

/** Open to everyone. */
const PUBLIC = { GUEST: OK, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK };
/** Open to every signed-in role; a guest is asked to log in. */
const SIGNED_IN = { GUEST: LOGIN, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK };
/** Back office for `staff` roles (admins always): a guest logs in, anyone else is sent to access-denied. */
const backOffice = (path: string, staff: 'ADMIN' | 'COLABORATORS') => ({
  GUEST: LOGIN,
  USER: denied(path),
  COLABORATORS: staff === 'COLABORATORS' ? OK : denied(path),
  ADMIN: OK,
  SUPERADMIN: OK,
});

/** role × path -> expected decision: 'allow', 'login' (index with the prompt) or the redirect target. */
const TABLE: Record<string, Record<string, string>> = {
  '/perfil': SIGNED_IN,
  '/nuevo': SIGNED_IN,
  '/checkout': SIGNED_IN,
  '/mis-tickets': SIGNED_IN,
  '/access-denied': SIGNED_IN,
  '/': PUBLIC,
  '/eventos': PUBLIC,
  '/eventos/12': PUBLIC,
  '/productoras': PUBLIC,
  '/legal': PUBLIC,
  '/ayuda': PUBLIC,
  '/error': PUBLIC,
  '/admin': backOffice('/admin', 'ADMIN'),
  '/admin/dashboard': backOffice('/admin/dashboard', 'ADMIN'),
  '/admin/events': SIGNED_IN,
  '/admin/tickets': backOffice('/admin/tickets', 'ADMIN'),
  '/admin/access-control': backOffice('/admin/access-control', 'COLABORATORS'),
  '/admin/access-control/full': backOffice('/admin/access-control/full', 'COLABORATORS'),
  '/admin/finance': backOffice('/admin/finance', 'ADMIN'),
  '/admin/configurations': backOffice('/admin/configurations', 'ADMIN'),
};

describe('collaborators by permission', () => {
  const analyst = {
    ...as('COLABORATORS'),
    permisos: ['events.view', 'dashboard.view', 'finance.view', 'tickets.view'],
  };
  const door = { ...as('COLABORATORS'), permisos: ['events.view', 'tickets.validate', 'tickets.scan'] };
  it('an Analista opens the dashboard and finance, not the team nor configuration', () => {
    expect(guard('/admin/dashboard', '', analyst).kind).toBe('allow');
    expect(guard('/admin/finance', '', analyst).kind).toBe('allow');
    expect(guard('/admin/collaborators', '', analyst).kind).toBe('redirect');
    expect(guard('/admin/configurations', '', analyst).kind).toBe('redirect');
  });
  it('Control de acceso opens the scanner, not finance', () => {
    expect(guard('/admin/access-control/full', '', door).kind).toBe('allow');
    expect(guard('/admin/finance', '', door)).toEqual({ kind: 'redirect', to: denied('/admin/finance') });
  });
});

const rows = Object.entries(TABLE).flatMap(([path, byRole]) =>
  Object.entries(byRole).map(([role, expected]) => ({ path, role, expected })),
);

describe('navigation guard (spec sections 2 and 6)', () => {
  it.each(rows)('$role on $path -> $expected', ({ path, role, expected }) => {
    const decision = guard(path, '', role === 'GUEST' ? null : as(role));
    if (expected === OK) expect(decision).toEqual({ kind: 'allow' });
    else if (expected === LOGIN)
      expect(decision).toEqual({ kind: 'login', to: `/?login=1&next=${encodeURIComponent(path)}` });
    else expect(decision).toEqual({ kind: 'redirect', to: expected });
  });

  it('remembers the query of a login-required destination', () => {
    expect(guard('/checkout', '?event=7&qty=2', null)).toEqual({
      kind: 'login',
      to: `/?login=1&next=${encodeURIComponent('/checkout?event=7&qty=2')}`,
    });
  });

  it('sends from= with the path only, not the query', () => {
    expect(guard('/admin/finance', '?month=3', as('USER'))).toEqual({
      kind: 'redirect',
      to: denied('/admin/finance'),
    });
  });

  it('does not treat look-alike paths as admin routes', () => {
    expect(isLoginRequired('/administrador')).toBe(false);
    expect(guard('/administrador', '', as('USER'))).toEqual({ kind: 'allow' });
  });

  it('accepts a trailing slash on login-required routes', () => {
    expect(isLoginRequired('/perfil/')).toBe(true);
    expect(isLoginRequired('/admin/')).toBe(true);
  });

  it('denies an unknown role on the back office', () => {
    expect(guard('/admin/events', '', as('VISITANTE'))).toEqual({ kind: 'redirect', to: denied('/admin/events') });
  });
});

describe('pending next view (guard step 4)', () => {
  it('goes to a stored view that differs from the target', () => {
    expect(pendingDestination({ name: 'admin-events' }, '/admin/dashboard')).toBe('/admin/events');
  });

  it('stays when the stored view is the target, whatever the query order', () => {
    expect(pendingDestination({ name: 'checkout', query: { b: '2', a: '1' } }, '/checkout?a=1&b=2')).toBeNull();
    expect(pendingDestination({ name: 'path', params: { path: '/eventos/3' } }, '/eventos/3/')).toBeNull();
  });

  it('keeps the query of the stored view', () => {
    expect(pendingDestination({ name: 'mis-tickets', query: { order: '9' } }, '/')).toBe('/mis-tickets?order=9');
  });

  it('does nothing without a stored view', () => {
    expect(pendingDestination(null, '/')).toBeNull();
  });
});
