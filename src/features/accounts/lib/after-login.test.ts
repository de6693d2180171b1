import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/session';
import { $nextView } from '../../../stores/navigation';
import { destinationAfterLogin } from './after-login';

const as = (rol: string): SessionUser => ({
  iss: 'boleteria',
  user: { id: 1, name: 'Ana', email: 'ana@example.com', activo: true, provinces_id: 1 },
  exp: 2_000_000_000,
  rol,
  permisos: [],
});
const here = new URL('http://localhost/eventos?login=1&next=%2Fperfil&provincia=2');

describe('destination after login', () => {
  beforeEach(() => $nextView.set(null));

  it('goes to the remembered next view first, and forgets it', () => {
    $nextView.set({ name: 'admin-events', query: { tab: 'revision' } });
    expect(destinationAfterLogin(as('ADMIN'), here)).toBe('/admin/events?tab=revision');
    expect($nextView.get()).toBeNull();
  });

  it.each([
    ['SUPERADMIN', '/admin/dashboard'],
    ['ADMIN', '/admin/dashboard'],
    ['COLABORATORS', '/admin/access-control'],
    ['USER', '/eventos?provincia=2'],
  ])('sends %s to %s', (rol, to) => {
    expect(destinationAfterLogin(as(rol), here)).toBe(to);
  });

  it('never lands on the login or registration page itself', () => {
    expect(destinationAfterLogin(as('USER'), new URL('http://localhost/ingresar'))).toBe('/');
    expect(destinationAfterLogin(as('USER'), new URL('http://localhost/registrarme?x=1'))).toBe('/');
  });
});
