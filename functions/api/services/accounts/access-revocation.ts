import { verifyAccessToken } from '../../../lib/jwt';
import { sha256Hex } from '../../lib/crypto';

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
}

/** One primary-key lookup per authenticated call. */
export async function isAccessTokenRevoked(db: D1Database, token: string): Promise<boolean> {
  const row = await db
    .prepare('select 1 as revoked from revoked_access_tokens where token_hash = ?')
    .bind(await sha256Hex(token))
    .first();
  return row !== null;
}
