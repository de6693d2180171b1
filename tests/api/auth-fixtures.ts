import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { hashPassword } from '../../functions/api/lib/password';
import type { UserRow } from '../../functions/api/services/accounts/users';
import type { SessionUser } from '../../src/shared/session';
import { provider } from './helpers';

export const PASSWORD = 'secreto123';

let hash: Promise<string> | undefined;
let counter = 0;

/** A unique address per call, so tests never depend on each other's rows. */
export const uniqueEmail = (prefix = 'persona') => `${prefix}.${Date.now()}.${++counter}@prueba.ar`;

/** Inserts a user straight into D1 (verified and active unless told otherwise), with PASSWORD. */
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

export function claimsOf(token: string): SessionUser {
  const payload = token.split('.')[1].replaceAll('-', '+').replaceAll('_', '/');
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(payload), (ch) => ch.charCodeAt(0))));
}

type Mail = { to_address: string; subject: string; html: string; text: string; links: string };

/** Messages the dev mailbox holds for an address, newest first (waits briefly for background sends). */
export async function mailsTo(address: string, atLeast = 1): Promise<Mail[]> {
  for (let i = 0; i < 50; i++) {
    const { results } = await env.DB.prepare('select * from dev_mail where to_address = ? order by id desc')
      .bind(address.toLowerCase())
      .all<Mail>();
    if (results.length >= atLeast || atLeast === 0) return results;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
}

/** The `token` of the first link in a mail that points at `path`. */
export function tokenIn(mail: Mail, path: string): string {
  const link = (JSON.parse(mail.links) as string[]).find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in ${mail.links}`);
  expect(link.startsWith(`${env.PUBLIC_ORIGIN}${path}?token=`)).toBe(true);
  return new URL(link).searchParams.get('token') ?? '';
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
