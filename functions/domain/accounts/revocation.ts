import type { SessionUser } from '../../../src/shared/session';

/**
 * The rules that end an access token before its expiry, shared by the API's authentication and the check-in
 * object's door staff: a logout lists its hash; the end of all sessions (and a change of memberships) sets a
 * cutoff on the account, compared with the token's issue time (`exp` minus the configured lifetime).
 */

/** The lifetime of an access token in seconds (ACCESS_TOKEN_TTL; 15 minutes unless configured). */
export const accessTtl = (env: Env) => {
  const ttl = Number(env.ACCESS_TOKEN_TTL);
  return Number.isFinite(ttl) && ttl > 0 ? ttl : 900;
};

/** A token whose signature and expiry were checked, but not yet whether it was revoked. */
export type SignedToken = { token: string; session: SessionUser };

type RevocationRow = { listed: number; cutoff: number | null; roles_changed_at: number | null };

/** Reads the answer of `revocationStatement`. */
export function revokedBy(env: Env, result: D1Result, claims: SessionUser): boolean {
  const row = result.results[0] as RevocationRow | undefined;
  if (!row) return false;
  if (row.listed === 1) return true;
  return row.cutoff !== null && claims.exp - accessTtl(env) < row.cutoff;
}

/**
 * Whether the token was issued before the person's memberships last changed (answer of
 * `revocationStatement`): its `rol` and `permisos` are stale, and the answer says `role_update`.
 */
export function rolesChangedSince(env: Env, result: D1Result, claims: SessionUser): boolean {
  const row = result.results[0] as RevocationRow | undefined;
  return !!row?.roles_changed_at && claims.exp - accessTtl(env) <= row.roles_changed_at;
}
