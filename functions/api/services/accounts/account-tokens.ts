import { randomToken, sha256Hex } from '../../lib/crypto';

/** Single-use tokens sent by e-mail, and how long each kind lives. */
export const ACCOUNT_TOKEN_TTL_MS = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
} as const;
export type AccountTokenPurpose = keyof typeof ACCOUNT_TOKEN_TTL_MS;

export type AccountTokenRow = { token_hash: string; user_id: number; new_email: string | null };

/**
 * Issues a token for `purpose` and returns its clear value (only the hash is stored). Earlier unused
 * tokens of the same user and purpose stop working: only the newest link in the mailbox is valid.
 */
export async function issueAccountToken(
  db: D1Database,
  userId: number,
  purpose: AccountTokenPurpose,
  newEmail: string | null = null,
): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await db.batch([
    db
      .prepare('update account_tokens set used_at = ? where user_id = ? and purpose = ? and used_at is null')
      .bind(now, userId, purpose),
    db
      .prepare(
        'insert into account_tokens (token_hash, user_id, purpose, new_email, created_at, expires_at) values (?, ?, ?, ?, ?, ?)',
      )
      .bind(await sha256Hex(token), userId, purpose, newEmail, now, now + ACCOUNT_TOKEN_TTL_MS[purpose]),
  ]);
  return token;
}

/** Uses a token up: answers its row once, null when it is unknown, used, expired or of another purpose. */
export async function consumeAccountToken(
  db: D1Database,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<AccountTokenRow | null> {
  const now = Date.now();
  return db
    .prepare(
      `update account_tokens set used_at = ?
        where token_hash = ? and purpose = ? and used_at is null and expires_at > ?
        returning token_hash, user_id, new_email`,
    )
    .bind(now, await sha256Hex(token), purpose, now)
    .first<AccountTokenRow>();
}

/** The newest unused change-email request of a user for an address (for resending its link). */
export async function pendingEmailChange(db: D1Database, userId: number, newEmail: string) {
  return db
    .prepare(
      `select 1 from account_tokens where user_id = ? and purpose = 'change_email' and new_email = ? and used_at is null`,
    )
    .bind(userId, newEmail)
    .first();
}

/** The address of a user's newest live change-email request, or null (the profile offers to resend it). */
export async function pendingEmailOf(db: D1Database, userId: number): Promise<string | null> {
  const row = await db
    .prepare(
      `select new_email from account_tokens
        where user_id = ? and purpose = 'change_email' and used_at is null and expires_at > ?
        order by created_at desc limit 1`,
    )
    .bind(userId, Date.now())
    .first<{ new_email: string }>();
  return row?.new_email ?? null;
}
