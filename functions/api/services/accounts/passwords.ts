import { ACCOUNT_MSG } from '../../../../src/shared/messages/accounts';
import { fail } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { claimInvitations } from '../invitations/claim';
import { consumeAccountToken } from './account-tokens';
import { revokeAllSessions } from './session-tokens';
import { findUserById, type UserRow } from './users';

/** Stores a new password hash. */
export async function setPassword(db: D1Database, userId: number, password: string) {
  await db
    .prepare(`update users set password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ?`)
    .bind(await hashPassword(password), userId)
    .run();
}

/**
 * Password recovery with the e-mailed token: sets the new password, marks the e-mail verified (the link
 * proved the address) and ends every open session, since someone else may know the old password.
 */
export async function resetPassword(env: Env, token: string, password: string, userId?: number): Promise<UserRow> {
  const used = await consumeAccountToken(env.DB, token, 'reset_password');
  if (!used) fail(400, ACCOUNT_MSG.resetInvalid);
  if (userId !== undefined && userId !== used.user_id) fail(400, ACCOUNT_MSG.tokenUserMismatch);
  await setPassword(env.DB, used.user_id, password);
  await env.DB.prepare(
    `update users set email_verified_at = coalesce(email_verified_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) where id = ?`,
  )
    .bind(used.user_id)
    .run();
  await claimInvitations(env.DB, used.user_id);
  await revokeAllSessions(env, used.user_id);
  const user = await findUserById(env.DB, used.user_id);
  if (!user) fail(400, ACCOUNT_MSG.resetInvalid);
  return user;
}
