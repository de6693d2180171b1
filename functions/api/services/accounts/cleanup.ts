/**
 * Deletes what can no longer be used: expired refresh tokens (a replay of one is refused as unknown,
 * just as it would be as expired), families without tokens, and e-mailed tokens a day past expiry or use.
 * Idempotent; run by the cron trigger.
 */
export async function purgeExpiredAccountTokens(db: D1Database, now = Date.now()): Promise<void> {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  await db.batch([
    db.prepare('delete from refresh_tokens where expires_at < ?').bind(now),
    db.prepare(
      'delete from refresh_families where not exists (select 1 from refresh_tokens t where t.family_id = refresh_families.id)',
    ),
    db.prepare('delete from account_tokens where expires_at < ? or used_at < ?').bind(dayAgo, dayAgo),
    db.prepare('delete from revoked_access_tokens where expires_at < ?').bind(now),
  ]);
}
