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

/** role × path -> expected decision: 'allow', 'login' (index with the prompt) or the redirect target. */
const TABLE: Record<string, Record<string, string>> = {
  '/perfil': { GUEST: LOGIN, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/nuevo': { GUEST: LOGIN, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/checkout': { GUEST: LOGIN, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/mis-tickets': { GUEST: LOGIN, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/access-denied': { GUEST: LOGIN, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/': { GUEST: OK, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/eventos': { GUEST: OK, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/eventos/12': { GUEST: OK, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/productoras': { GUEST: OK, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/legal': { GUEST: OK, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/ayuda': { GUEST: OK, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/error': { GUEST: OK, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/admin': { GUEST: LOGIN, USER: denied('/admin'), COLABORATORS: denied('/admin'), ADMIN: OK, SUPERADMIN: OK },
  '/admin/dashboard': {
    GUEST: LOGIN,
    USER: denied('/admin/dashboard'),
    COLABORATORS: denied('/admin/dashboard'),
    ADMIN: OK,
    SUPERADMIN: OK,
  },
  '/admin/events': { GUEST: LOGIN, USER: OK, COLABORATORS: OK, ADMIN: OK, SUPERADMIN: OK },
  '/admin/tickets': {
    GUEST: LOGIN,
    USER: denied('/admin/tickets'),
    COLABORATORS: denied('/admin/tickets'),
    ADMIN: OK,
    SUPERADMIN: OK,
  },
  '/admin/access-control': {
    GUEST: LOGIN,
    USER: denied('/admin/access-control'),
    COLABORATORS: OK,
    ADMIN: OK,
    SUPERADMIN: OK,
  },
  '/admin/access-control/full': {
    GUEST: LOGIN,
    USER: denied('/admin/access-control/full'),
    COLABORATORS: OK,
    ADMIN: OK,
    SUPERADMIN: OK,
  },
  '/admin/finance': {
    GUEST: LOGIN,
    USER: denied('/admin/finance'),
    COLABORATORS: denied('/admin/finance'),
    ADMIN: OK,
    SUPERADMIN: OK,
  },
  '/admin/configurations': {
    GUEST: LOGIN,
    USER: denied('/admin/configurations'),
    COLABORATORS: denied('/admin/configurations'),
    ADMIN: OK,
    SUPERADMIN: OK,
  },
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
