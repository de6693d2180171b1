import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/session';
import { currentFor, footerHidden, greeting, showsQr, userItems } from './nav-items';

const as = (rol: string): SessionUser => ({
  iss: 't',
  user: { id: 1, name: '  Lucía  Fernández ', email: 'l@demo.ar', activo: true, provinces_id: 1 },
  exp: 0,
  rol,
  permisos: [],
});
const labels = (s: SessionUser | null) => userItems(s).map((i) => i.label);

describe('user menu items (spec section 2)', () => {
  it('offers login, registration and event creation to a visitor', () => {
    expect(labels(null)).toEqual(['Iniciar Sesión', 'Registrarse', 'Crea tu evento']);
    expect(userItems(null)[2].action).toBe('create-event');
  });

  it('links the visitor entries to real pages, so their first tap works before the shell is live', () => {
    expect(userItems(null).map((i) => i.href)).toEqual([
      '/ingresar',
      '/registrarme',
      '/ingresar?next=%2Fadmin%2Fevents',
    ]);
  });

  it.each(['USER', 'COLABORATORS'])('has no control panel for %s', (rol) => {
    expect(labels(as(rol))).toEqual(['Perfil', 'Mis tickets', 'Nuevo Evento', 'Cerrar sesión']);
  });

  it.each(['ADMIN', 'SUPERADMIN'])('adds the control panel for %s', (rol) => {
    expect(labels(as(rol))).toEqual(['Perfil', 'Mis tickets', 'Nuevo Evento', 'Panel de Control', 'Cerrar sesión']);
  });

  it('greets with the first name', () => {
    expect(greeting(as('USER'))).toBe('Hola, Lucía');
  });

  it('shows QR to collaborators only', () => {
    expect(showsQr(as('COLABORATORS'))).toBe(true);
    expect(showsQr(as('ADMIN'))).toBe(false);
    expect(showsQr(null)).toBe(false);
  });
});

describe('footer rules', () => {
  it.each([
    ['/admin', true],
    ['/admin/dashboard', true],
    ['/eventos/12', true],
    ['/eventos/12/', true],
    ['/eventos', false],
    ['/', false],
    ['/legal', false],
    ['/administrador', false],
  ])('%s hidden: %s', (path, hidden) => {
    expect(footerHidden(path)).toBe(hidden);
  });
});

describe('current link', () => {
  it('marks a section and its subpages', () => {
    expect(currentFor('/eventos', '/eventos/3')).toBe('page');
    expect(currentFor('/', '/eventos')).toBeUndefined();
    expect(currentFor('/', '/')).toBe('page');
  });
});
