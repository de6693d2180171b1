import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../shared/messages/common';
import type { SessionUser } from '../shared/session';
import { $authDialog, $nextView } from '../stores/navigation';
import { $session, setUser } from '../stores/session';
import { $toasts } from '../stores/toast';
import { ApiError, client, messageOf, refreshClaims, unwrap } from './api';

const session = (rol: string): SessionUser => ({
  iss: 'boleteria',
  user: { id: 7, name: 'Ana Prueba', email: 'ana@prueba.ar', activo: true, provinces_id: 1 },
  exp: 2_000_000_000,
  rol,
  permisos: [],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: string[];
let answers: Record<string, () => Response>;
const assign = vi.fn();

beforeEach(() => {
  calls = [];
  answers = {};
  assign.mockReset();
  vi.stubGlobal('location', { href: 'http://localhost/perfil?tab=datos', assign });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return (answers[url] ?? (() => json(404, { message: 'no' })))();
    }),
  );
  setUser(session('USER'));
  $authDialog.set(null);
  $nextView.set(null);
  $toasts.set([]);
});

afterEach(() => vi.unstubAllGlobals());

describe("the islands' typed client", () => {
  it('a 401 blanks the session, opens the login prompt and remembers this page', async () => {
    answers['/api/v1/user'] = () => json(401, { message: MSG.sessionExpired });
    await expect(unwrap(client.user.$get({ query: {} }))).rejects.toMatchObject({ status: 401 });
    expect($session.get().user).toBeNull();
    expect($session.get().forceLogin).toBe(true);
    expect($authDialog.get()).toBe('login');
    expect($nextView.get()).toEqual({ name: 'perfil', query: { tab: 'datos' } });
  });

  it('a 401 from /login is wrong credentials, not a lost session', async () => {
    answers['/api/v1/login'] = () => json(401, { message: MSG.loginUnauthorized });
    const error = await unwrap(client.login.$post({ json: { email: 'a@b.ar', password: 'x' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(MSG.loginUnauthorized);
    expect($authDialog.get()).toBeNull();
    expect($session.get().user).not.toBeNull();
  });

  it('role_update refreshes the session and shows the new role', async () => {
    answers['/api/v1/admin/events/3/publish'] = () => json(200, { status: true, role_update: true });
    answers['/api/v1/refresh'] = () => json(200, { status: true, session: session('COLABORATORS') });
    await unwrap(client.admin.events[':id'].publish.$post({ param: { id: '3' } }));
    expect(calls).toContain('POST /api/v1/refresh');
    expect($session.get().user?.rol).toBe('COLABORATORS');
    expect($toasts.get()).toMatchObject([{ kind: 'success', title: MSG.rolesUpdated, detail: 'Colaborador' }]);
  });

  it('role_updated is read the same way', async () => {
    answers['/api/v1/user'] = () => json(200, { status: true, role_updated: true });
    answers['/api/v1/refresh'] = () => json(200, { status: true, session: session('ADMIN') });
    await unwrap(client.user.$get({ query: {} }));
    expect($toasts.get()[0]).toMatchObject({ title: MSG.rolesUpdated, detail: 'Administrador' });
  });

  it('a failed refresh shows the error and logs out', async () => {
    answers['/api/v1/admin/events/3/publish'] = () => json(200, { status: true, role_update: true });
    answers['/api/v1/refresh'] = () => json(401, { status: false, error: true });
    answers['/api/auth/logout'] = () => json(200, { status: true });
    await unwrap(client.admin.events[':id'].publish.$post({ param: { id: '3' } }));
    expect($toasts.get()[0]).toMatchObject({ kind: 'error', title: MSG.refreshError });
    expect(calls).toContain('POST /api/auth/logout');
    expect($session.get().user).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('refreshClaims (after a profile update): a failed refresh shows the refresh error and logs out', async () => {
    answers['/api/v1/refresh'] = () => json(401, { status: false, error: true });
    answers['/api/auth/logout'] = () => json(200, { status: true });
    expect(await refreshClaims()).toBeNull();
    expect($toasts.get()).toMatchObject([{ kind: 'error', title: MSG.refreshError }]);
    expect(calls).toContain('POST /api/auth/logout');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('refreshClaims answers the new claims without a toast', async () => {
    answers['/api/v1/refresh'] = () => json(200, { status: true, session: session('USER') });
    expect((await refreshClaims())?.rol).toBe('USER');
    expect($toasts.get()).toEqual([]);
  });

  it('a network failure is a Spanish ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(unwrap(client.user.$get({ query: {} }))).rejects.toMatchObject({ status: 0, message: MSG.network });
  });

  it("messageOf words every failure in Spanish: the server's message, the network one, else the generic one", () => {
    expect(messageOf(new ApiError(409, 'La reserva venció.'))).toBe('La reserva venció.');
    expect(messageOf(new ApiError(0, MSG.network))).toBe(MSG.network);
    expect(messageOf(new TypeError('Failed to fetch'))).toBe(MSG.network);
    expect(messageOf(new Error('Unexpected token < in JSON'))).toBe(MSG.unexpected);
    expect(messageOf('boom')).toBe(MSG.unexpected);
  });

  it('answers the typed body of a 2xx answer', async () => {
    answers['/api/v1/locations'] = () =>
      json(200, { status: true, data: { pais: [], provincias: [{ id: 1, name: 'Salta' }] } });
    const answer = await unwrap(client.locations.$get());
    expect(answer.data.provincias[0].name).toBe('Salta');
  });
});
