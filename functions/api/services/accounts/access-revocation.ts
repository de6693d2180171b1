import type { SessionUser } from '../../../../src/shared/session';
import { revokedBy, rolesChangedSince } from '../../../domain/accounts/revocation';
import { verifyAccessToken } from '../../../lib/jwt';
import { sha256Hex } from '../../lib/crypto';
import { emit } from '../../reactions';
import { forgetRevocations } from './revocation-cache';

/**
 * Logout ends the access token at once instead of letting it live out its 15 minutes. Only a token
 * that verifies and belongs to the refresh family's user is recorded, until its own expiry.
 */
export async function revokeAccessToken(env: Env, token: string, userId: number): Promise<void> {
  const claims = await verifyAccessToken(env.JWT_SECRET, token);
  if (!claims || claims.user.id !== userId) return;
  await env.DB.prepare('insert or ignore into revoked_access_tokens (token_hash, expires_at) values (?, ?)')
    .bind(await sha256Hex(token), claims.exp * 1000)
    .run();
  forgetRevocations();
  await emit(env, { kind: 'staffChanged', userId });
}

/**
 * Whether a verified access token was ended before its expiry: by a logout (its hash is listed) or by
 * the end of all the user's sessions (issued before `sessions_revoked_at`; the claims carry no issue
 * time, so it is `exp` minus the configured lifetime, to the second). One D1 query of two primary-key
 * lookups per authenticated call.
 */
export async function isAccessTokenRevoked(env: Env, token: string, claims: SessionUser): Promise<boolean> {
  return (await accessTokenStatus(env, token, claims)).revoked;
}

/** Revoked, and (when not) whether its role claims are stale: one D1 query. */
export async function accessTokenStatus(env: Env, token: string, claims: SessionUser) {
  const result = (await (await revocationStatement(env, token, claims)).all()) as D1Result;
  return { revoked: revokedBy(env, result, claims), rolesChanged: rolesChangedSince(env, result, claims) };
}

/** The revocation check as a statement, for a hot path that sends it in one D1 batch with its own reads. */
export async function revocationStatement(env: Env, token: string, claims: SessionUser) {
  return env.DB.prepare(
    `select exists (select 1 from revoked_access_tokens where token_hash = ?) as listed,
            sessions_revoked_at as cutoff, roles_changed_at
       from (select 1) left join users on users.id = ?`,
  ).bind(await sha256Hex(token), claims.user.id);
}
