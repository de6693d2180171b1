import { CONSENT_VERSIONS, type ConsentKind } from '../../../../src/shared/messages/accounts';
import { type MemberRole, permissionsFor, permissionsOf } from '../../../../src/shared/roles';
import type { ProfileUpdate, Register } from '../../../../src/shared/schemas/accounts';
import type { SessionUser } from '../../../../src/shared/session';
import { claimInvitations } from '../invitations/claim';
import { promotionsConsentIfChanged } from './consents';

/** A row of `users` (migrations/0003_accounts.sql). */
export type UserRow = {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  dni: string;
  telefono: string;
  pais_id: number | null;
  provinces_id: number | null;
  rol: string;
  activo: number;
  email_verified_at: string | null;
  accept_promotions: number;
  terms_accepted_at: string;
  created_at: string;
  updated_at: string;
};

/** What the API shows of a user: everything but the password hash. */
export function publicUser(row: UserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    dni: row.dni,
    telefono: row.telefono,
    pais_id: row.pais_id,
    provinces_id: row.provinces_id,
    rol: row.rol,
    activo: row.activo === 1,
    email_verified: row.email_verified_at !== null,
    accept_promotions: row.accept_promotions === 1,
    created_at: row.created_at,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

/**
 * The access token's claims besides iss and exp (spec section 3): `rol` the highest the person holds
 * (users.rol, kept by syncUserRole), `permisos` what their memberships grant (src/shared/roles.ts), or
 * what the role alone grants for an account without memberships. The API itself decides from D1.
 */
export function sessionClaims(row: UserRow, memberRoles: readonly MemberRole[]): Omit<SessionUser, 'iss' | 'exp'> {
  return {
    user: { id: row.id, name: row.name, email: row.email, activo: row.activo === 1, provinces_id: row.provinces_id },
    rol: row.rol,
    permisos: memberRoles.length > 0 ? permissionsOf(row.rol, memberRoles) : permissionsFor(row.rol),
  };
}

/** The person's roles in the producers they belong to. */
export async function memberRolesOf(db: D1Database, userId: number): Promise<MemberRole[]> {
  const { results } = await db
    .prepare('select role from producer_members where user_id = ?')
    .bind(userId)
    .all<{ role: MemberRole }>();
  return results.map((r) => r.role);
}

export const findUserByEmail = (db: D1Database, email: string) =>
  db.prepare('select * from users where email = ?').bind(email.trim().toLowerCase()).first<UserRow>();

export const findUserById = (db: D1Database, id: number) =>
  db.prepare('select * from users where id = ?').bind(id).first<UserRow>();

/** True when the province exists (and belongs to the country, when one is given). */
export async function provinceExists(db: D1Database, provinceId: number, paisId?: number | null) {
  const row = await db
    .prepare('select pais_id from provincias where id = ?')
    .bind(provinceId)
    .first<{ pais_id: number }>();
  return row !== null && (paisId == null || row.pais_id === paisId);
}

export async function countryExists(db: D1Database, paisId: number) {
  return (await db.prepare('select 1 from pais where id = ?').bind(paisId).first()) !== null;
}

/** The profile fields of an update; fields left out keep their value, provinces_id: null clears it. */
export async function updateProfile(db: D1Database, target: UserRow, input: ProfileUpdate): Promise<void> {
  const consent =
    input.accept_promotions === undefined ? [] : [promotionsConsentIfChanged(db, target.id, input.accept_promotions)];
  await db.batch([
    ...consent,
    db
      .prepare(
        `update users set name = ?, telefono = ?, dni = ?,
              provinces_id = ?, pais_id = ?, accept_promotions = ?,
              updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        where id = ?`,
      )
      .bind(
        input.name,
        input.telefono,
        input.dni,
        input.provinces_id === undefined ? target.provinces_id : input.provinces_id,
        input.pais_id === undefined ? (input.provinces_id != null ? 1 : target.pais_id) : input.pais_id,
        input.accept_promotions === undefined ? target.accept_promotions : input.accept_promotions ? 1 : 0,
        target.id,
      ),
  ]);
}

/** Moves an account to a confirmed new address; false when another account took it in the meantime. */
export async function changeEmail(db: D1Database, userId: number, newEmail: string): Promise<boolean> {
  const changed = await db
    .prepare(
      `update users set email = ?1, email_verified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
              updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        where id = ?2 and not exists (select 1 from users other where other.email = ?1 and other.id <> ?2)`,
    )
    .bind(newEmail.toLowerCase(), userId)
    .run();
  if (changed.meta.changes !== 1) return false;
  // The new address is proven: invitations sent to it before become this account's.
  await claimInvitations(db, userId);
  return true;
}

/**
 * Moves a never-verified account to another address (a typo at registration): the links already sent to the
 * old address stop working in the same batch, so whoever holds that mailbox cannot verify (and log into) the
 * account. False when the account got verified meanwhile or another account holds the address.
 */
export async function movePendingEmail(db: D1Database, userId: number, newEmail: string): Promise<boolean> {
  const [, moved] = await db.batch([
    db
      .prepare(
        "update account_tokens set used_at = ? where user_id = ? and purpose = 'verify_email' and used_at is null",
      )
      .bind(Date.now(), userId),
    db
      .prepare(
        `update users set email = ?1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          where id = ?2 and email_verified_at is null
            and not exists (select 1 from users other where other.email = ?1 and other.id <> ?2)`,
      )
      .bind(newEmail.toLowerCase(), userId),
  ]);
  return moved.meta.changes === 1;
}

/**
 * A new, unverified account; null when the address was taken by a concurrent registration. Its consents are
 * recorded in the same batch: the terms (the form refuses an unticked box) and the promotions answer.
 */
export async function insertUser(db: D1Database, input: Register, passwordHash: string) {
  // Only an account without consents yet gets them: a concurrent registration that lost adds nothing.
  const consent = (kind: ConsentKind, granted: boolean) =>
    db
      .prepare(
        `insert into consents (user_id, kind, granted, version, source)
         select id, ?, ?, ?, 'registration' from users
          where email = ? and not exists (select 1 from consents c where c.user_id = users.id and c.kind = ?)`,
      )
      .bind(kind, granted ? 1 : 0, CONSENT_VERSIONS[kind], input.email, kind);
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `insert into users (name, email, password_hash, dni, telefono, pais_id, provinces_id, accept_promotions, terms_accepted_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
       on conflict (email) do nothing returning id`,
      )
      .bind(
        input.name,
        input.email,
        passwordHash,
        input.dni,
        input.telefono,
        input.pais_id ?? (input.provinces_id != null ? 1 : null),
        input.provinces_id ?? null,
        input.accept_promotions ? 1 : 0,
      ),
    consent('terms', true),
    consent('promotions', input.accept_promotions),
  ]);
  return inserted.results[0] ?? null;
}

/** Undoes a registration whose verification e-mail could not be sent. */
export async function deleteUser(db: D1Database, id: number) {
  await db.prepare('delete from users where id = ?').bind(id).run();
}

/**
 * The address is proven (the first verification counts; later ones change nothing). Invitations sent to it
 * before the account existed or was verified become this account's now.
 */
export async function markEmailVerified(db: D1Database, id: number) {
  await db
    .prepare(
      `update users set email_verified_at = coalesce(email_verified_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) where id = ?`,
    )
    .bind(id)
    .run();
  await claimInvitations(db, id);
}
