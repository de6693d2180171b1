import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../shared/session';
import { $backOfficeEnable, $isAuthenticated, $isSuperAdmin, $session, restoreSession, setUser } from './session';

const session = (rol: string): SessionUser => ({
  iss: 'boleteria',
  user: { id: 3, name: 'Ana Prueba', email: 'ana@prueba.ar', activo: true, provinces_id: null },
  exp: 2_000_000_000,
  rol,
  permisos: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUser(null);
});

describe('setUser', () => {
  it.each([
    ['USER', false, false],
    ['COLABORATORS', false, true],
    ['ADMIN', false, true],
    ['SUPERADMIN', true, true],
  ])('%s: superadmin %s, back office %s', (rol, superAdmin, backOffice) => {
    setUser(session(rol));
    expect($isAuthenticated.get()).toBe(true);
    expect($isSuperAdmin.get()).toBe(superAdmin);
    expect($backOfficeEnable.get()).toBe(backOffice);
    expect($session.get()).toMatchObject({ token: 'httponly', refreshToken: 'httponly', forceLogin: false });
  });

  it('anything that is not a session user blanks the session and the flags', () => {
    setUser(session('SUPERADMIN'));
    setUser({ rol: 'SUPERADMIN' } as unknown as SessionUser);
    expect($session.get()).toMatchObject({ user: null, token: null, refreshToken: null });
    expect($isSuperAdmin.get()).toBe(false);
    expect($backOfficeEnable.get()).toBe(false);
  });
});

describe('restoreSession', () => {
  it('restores from the user-data cookie', () => {
    const cookie = `other=1; user-data=${encodeURIComponent(JSON.stringify(session('ADMIN')))}`;
    vi.stubGlobal('document', { cookie });
    restoreSession();
    expect($session.get().user?.user.email).toBe('ana@prueba.ar');
    expect($backOfficeEnable.get()).toBe(true);
  });

  it('stays logged out without the cookie or with a damaged one', () => {
    vi.stubGlobal('document', { cookie: 'user-data=%7Bnot-json' });
    restoreSession();
    expect($isAuthenticated.get()).toBe(false);
    vi.stubGlobal('document', { cookie: '' });
    restoreSession();
    expect($isAuthenticated.get()).toBe(false);
  });
});
