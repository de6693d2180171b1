import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { hashPassword } from '../../../functions/api/lib/password';
import type { UserRow } from '../../../functions/api/services/accounts/users';
import { signAccessToken } from '../../../functions/lib/jwt';
import type { MemberRole } from '../../../src/shared/roles';
import type { SessionUser } from '../../../src/shared/session';
import { provider } from './http';

/**
 * The people a test acts as. Every actor is a row of `users` with an access token for it: `token` for
 * `call`, `auth` (its Bearer header) for `asBuyer`. Their rows are made straight in D1: signing up and
 * logging in are the accounts tests' own subject.
 */
export type Actor = { id: number; email: string; token: string; auth: { authorization: string } };
type Rol = 'USER' | 'COLABORATORS' | 'ADMIN' | 'SUPERADMIN';

export const PASSWORD = 'secreto123';

let counter = 0;

/** A unique address per call, so tests never depend on each other's rows. */
export const uniqueEmail = (prefix = 'persona') => `${prefix}.${Date.now()}.${++counter}@prueba.ar`;

async function signedIn(user: SessionUser['user'], rol: string, seconds: number): Promise<Actor> {
  const token = await signAccessToken(env.JWT_SECRET, { user, rol, permisos: [] }, seconds);
  return { id: user.id, email: user.email, token, auth: { authorization: `Bearer ${token}` } };
}

/** A signed-in user of role `rol` whose e-mail is not verified (the back office's tests). */
export async function makeUser(rol: Rol = 'USER'): Promise<Actor> {
  counter += 1;
  const email = `u${counter}-${Date.now()}@prueba.ar`;
  const row = await env.DB.prepare(
    `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at)
     values (?, ?, 'x', '12345678', '1122334455', ?, '2026-01-01T00:00:00Z') returning id`,
  )
    .bind(`Usuario ${counter}`, email, rol)
    .first<{ id: number }>();
  const id = row!.id;
  return signedIn({ id, name: `Usuario ${id}`, email, activo: true, provinces_id: 1 }, rol, 900);
}

/** A verified buyer, Ana Compradora (or a signed-in user of role `rol`). */
export async function createBuyer(rol: Rol = 'USER'): Promise<Actor> {
  const email = `comprador-${Date.now()}-${counter++}@prueba.local`;
  const row = await env.DB.prepare(
    `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at, email_verified_at)
     values ('Ana Compradora', ?, 'x', '30123456', '1155550000', ?, '2026-01-01', '2026-01-01') returning id`,
  )
    .bind(email, rol)
    .first<{ id: number }>();
  return signedIn({ id: row!.id, name: 'Ana Compradora', email, activo: true, provinces_id: null }, rol, 3600);
}

/** A member of the producer with `role` (limited to `eventIds` when given). */
export async function addMember(producerId: number, role: MemberRole, eventIds: number[] = []) {
  const person = await createBuyer(role === 'ADMIN' ? 'ADMIN' : 'COLABORATORS');
  await env.DB.batch([
    env.DB.prepare('insert into producer_members (producer_id, user_id, role, event_limited) values (?, ?, ?, ?)').bind(
      producerId,
      person.id,
      role,
      eventIds.length > 0 ? 1 : 0,
    ),
    ...eventIds.map((id) =>
      env.DB.prepare('insert into producer_member_events (producer_id, user_id, event_id) values (?, ?, ?)').bind(
        producerId,
        person.id,
        id,
      ),
    ),
  ]);
  return person;
}

/** An ADMIN member of `producerId` (a new producer when left out). */
export async function adminOf(producerId?: number) {
  let id = producerId;
  if (id === undefined) {
    const row = await env.DB.prepare("insert into producers (name, slug) values ('Otra productora', ?) returning id")
      .bind(`otra-${Date.now()}-${Math.floor(Math.random() * 1e6)}`)
      .first<{ id: number }>();
    id = row!.id;
  }
  return { ...(await addMember(id, 'ADMIN')), producerId: id };
}

/** A provider-API call as `actor`, with `json` as its body. */
export function asBuyer(
  actor: { auth: Record<string, string> },
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(actor.auth)) headers.set(k, v);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return provider(path, { ...init, headers, body });
}

/** A complete sign-up body (POST /register) for `email`, but for `fields` (undefined leaves one out). */
export const registration = (email: string, fields: Record<string, unknown> = {}) => ({
  name: 'Rita Registro',
  email,
  password: 'mi-clave-segura',
  repeat_password: 'mi-clave-segura',
  telefono: '1144445555',
  dni: '40111222',
  terms_and_conditions: true,
  accept_promotions: true,
  provinces_id: 8,
  ...fields,
});

let hash: Promise<string> | undefined;

/** A user who logs in with PASSWORD (verified and active unless told otherwise): the accounts tests'. */
export async function createUser(
  fields: Partial<Pick<UserRow, 'name' | 'email' | 'rol' | 'activo' | 'provinces_id'>> & { verified?: boolean } = {},
): Promise<UserRow> {
  // Cheap scrypt parameters keep the suite fast; the stored hash names them, so login verifies it through
  // the real code path. Registration and the demo accounts cover the production parameters.
  hash ??= hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
  const email = fields.email ?? uniqueEmail();
  const row = await env.DB.prepare(
    `insert into users (name, email, password_hash, dni, telefono, pais_id, provinces_id, rol, activo, email_verified_at, terms_accepted_at)
     values (?, ?, ?, '30111222', '1155554444', 1, ?, ?, ?, ?, '2026-01-01T00:00:00Z') returning *`,
  )
    .bind(
      fields.name ?? 'Paula Prueba',
      email,
      await hash,
      fields.provinces_id === undefined ? 2 : fields.provinces_id,
      fields.rol ?? 'USER',
      fields.activo ?? 1,
      fields.verified === false ? null : '2026-01-01T00:00:00Z',
    )
    .first<UserRow>();
  if (!row) throw new Error('user not created');
  return row;
}

export type Pair = { token: string; refresh_token: string };

/** Logs in through the API: the token pair. */
export async function login(email: string, password = PASSWORD): Promise<Pair> {
  const res = await provider('/login', { method: 'POST', body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return (await res.json()) as Pair;
}

/** Provider call with an access token. */
export function authed(token: string, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return provider(path, { ...init, headers });
}

/** The claims an access token carries. */
export function claimsOf(token: string): SessionUser {
  const payload = token.split('.')[1].replaceAll('-', '+').replaceAll('_', '/');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(payload), (ch) => ch.charCodeAt(0))));
}

let dniCounter = Math.floor(Math.random() * 10_000_000);

/** A buyer with a DNI of their own (createBuyer gives every buyer the same one; the waiting list keeps one per DNI). */
export async function buyerWithDni(): Promise<Actor> {
  const buyer = await createBuyer();
  const dni = String(20_000_000 + (dniCounter++ % 70_000_000)).padStart(8, '0');
  await env.DB.prepare('update users set dni = ? where id = ?').bind(dni, buyer.id).run();
  return buyer;
}
