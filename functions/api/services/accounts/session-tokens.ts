import { accessTtl } from '../../../domain/accounts/revocation';
import { signAccessToken } from '../../../lib/jwt';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { emit } from '../../reactions';
import { forgetRevocations } from './revocation-cache';
import type { UserRow } from './users';
import { memberRolesOf, sessionClaims } from './users';

/** Refresh tokens live 5 days (the refresh cookie's lifetime, spec section 9); each use rotates them. */
export const REFRESH_TTL_MS = 5 * 24 * 60 * 60 * 1000;
/**
 * A rotated token presented again within this window is a race of one browser (the edge and the page
 * middleware refreshing at once), not a replay: it gets the same successor refresh token again (with a
 * freshly signed access token), so a family never forks however often the token comes back.
 */
export const REUSE_GRACE_MS = 30 * 1000;

export type TokenPair = { token: string; refresh_token: string };

type RefreshRow = {
  token_hash: string;
  family_id: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: string | null;
};

/**
 * The one successor of a refresh token: an HMAC of it under the server secret, so every exchange of the
 * same token (within the grace window) derives the same value without storing any token in clear.
 */
async function successorOf(env: Env, presented: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.JWT_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`refresh-successor:${presented}`));
  return btoa(String.fromCharCode(...new Uint8Array(mac)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/** Stores a refresh token; storing the same successor twice keeps the first row. */
async function storeRefreshToken(db: D1Database, token: string, familyId: string, userId: number): Promise<string> {
  const now = Date.now();
  await db
    .prepare(
      `insert into refresh_tokens (token_hash, family_id, user_id, created_at, expires_at) values (?, ?, ?, ?, ?)
       on conflict (token_hash) do nothing`,
    )
    .bind(await sha256Hex(token), familyId, userId, now, now + REFRESH_TTL_MS)
    .run();
  return token;
}

async function pairFor(env: Env, user: UserRow, familyId: string, refreshToken: string): Promise<TokenPair> {
  const [token, refresh_token] = await Promise.all([
    memberRolesOf(env.DB, user.id).then((roles) =>
      signAccessToken(env.JWT_SECRET, sessionClaims(user, roles), accessTtl(env)),
    ),
    storeRefreshToken(env.DB, refreshToken, familyId, user.id),
  ]);
  return { token, refresh_token };
}

/** A new session (login, verified e-mail): a new refresh family and its first pair. */
export async function startSession(env: Env, user: UserRow): Promise<TokenPair> {
  const familyId = crypto.randomUUID();
  await env.DB.prepare('insert into refresh_families (id, user_id) values (?, ?)').bind(familyId, user.id).run();
  return pairFor(env, user, familyId, randomToken(32));
}

export async function revokeFamily(db: D1Database, familyId: string) {
  await db
    .prepare(
      `update refresh_families set revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ? and revoked_at is null`,
    )
    .bind(familyId)
    .run();
}

/**
 * Ends every session of a user (after a password reset): the refresh families, and the access tokens
 * issued up to this second (checked in services/accounts/access-revocation.ts).
 */
export async function revokeAllSessions(env: Env, userId: number) {
  const db = env.DB;
  await db.batch([
    db
      .prepare(
        `update refresh_families set revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where user_id = ? and revoked_at is null`,
      )
      .bind(userId),
    db.prepare('update users set sessions_revoked_at = ? where id = ?').bind(Math.floor(Date.now() / 1000), userId),
  ]);
  forgetRevocations();
  await emit(env, { kind: 'staffChanged', userId });
}

async function lookup(db: D1Database, presented: string) {
  return db
    .prepare(
      `select t.token_hash, t.family_id, t.user_id, t.expires_at, t.used_at, f.revoked_at
         from refresh_tokens t join refresh_families f on f.id = t.family_id
        where t.token_hash = ?`,
    )
    .bind(await sha256Hex(presented))
    .first<RefreshRow>();
}

/**
 * Exchanges a refresh token for a new pair (rotation). Null when the token is unknown, expired, of a
 * revoked family or of a user who can no longer log in. A token already exchanged more than
 * REUSE_GRACE_MS ago means the session leaked: its whole family is revoked.
 */
export async function rotateRefreshToken(
  env: Env,
  presented: string,
  loadUser: (id: number) => Promise<UserRow | null>,
): Promise<TokenPair | null> {
  const row = await lookup(env.DB, presented);
  const now = Date.now();
  if (!row || row.revoked_at !== null || row.expires_at <= now) return null;
  // Mark it used only if nobody did yet: of two concurrent exchanges exactly one wins this update.
  const claimed = await env.DB.prepare('update refresh_tokens set used_at = ? where token_hash = ? and used_at is null')
    .bind(now, row.token_hash)
    .run();
  if (claimed.meta.changes !== 1) {
    const usedAt = row.used_at ?? (await lookup(env.DB, presented))?.used_at ?? now;
    if (now - usedAt > REUSE_GRACE_MS) {
      await revokeFamily(env.DB, row.family_id);
      return null;
    }
  }
  const user = await loadUser(row.user_id);
  if (user?.activo !== 1 || user.email_verified_at === null) {
    await revokeFamily(env.DB, row.family_id);
    return null;
  }
  return pairFor(env, user, row.family_id, await successorOf(env, presented));
}

/** Logout: revokes the family of a refresh token (unknown tokens are ignored); answers its user's id. */
export async function endSession(db: D1Database, presented: string): Promise<number | null> {
  const row = await lookup(db, presented);
  if (!row) return null;
  await revokeFamily(db, row.family_id);
  return row.user_id;
}
