/**
 * E-mails kept as retried jobs in a table of their own with `id, status (pending | sending | sent | failed),
 * attempts, mail_at` (waitlist_mails, queue_mails): a job is claimed by one sender at a time, tried, and on a
 * failure tried again after 1, 5, 15, 60 and 180 minutes, then marked 'failed'. A 'sending' claim older than
 * CLAIM_MINUTES was interrupted (the isolate died) and is taken over.
 */
export type MailJobTable = 'waitlist_mails' | 'queue_mails';

const RETRY_AFTER_MINUTES = [1, 5, 15, 60, 180];
const CLAIM_MINUTES = 5;

const minutesFrom = (at: number, minutes: number) => new Date(at + minutes * 60_000).toISOString();

/** Sends the job's e-mail if it is due and nobody else is sending it. Answers what happened. */
export async function deliverMailJob<T extends { attempts: number }>(
  db: D1Database,
  table: MailJobTable,
  id: string,
  send: (job: T) => Promise<void>,
  at = Date.now(),
): Promise<'not_due' | 'sent' | 'retry' | 'failed'> {
  const now = new Date(at).toISOString();
  const claimed = await db
    .prepare(
      `update ${table} set status = 'sending', mail_at = ?1, attempts = attempts + 1
       where id = ?2 and (
         (status = 'pending' and (mail_at is null or mail_at <= ?1))
         or (status = 'sending' and mail_at <= ?3))
       returning *`,
    )
    .bind(now, id, minutesFrom(at, -CLAIM_MINUTES))
    .first<T>();
  if (!claimed) return 'not_due';
  try {
    await send(claimed);
  } catch (err) {
    const wait = RETRY_AFTER_MINUTES[claimed.attempts - 1];
    console.error(`E-mail ${id} of ${table} failed (try ${claimed.attempts})`, err);
    await db
      .prepare(`update ${table} set status = ?, mail_at = ? where id = ? and status = 'sending'`)
      .bind(wait === undefined ? 'failed' : 'pending', wait === undefined ? now : minutesFrom(at, wait), id)
      .run();
    return wait === undefined ? 'failed' : 'retry';
  }
  await db
    .prepare(`update ${table} set status = 'sent', mail_at = ? where id = ? and status = 'sending'`)
    .bind(now, id)
    .run();
  return 'sent';
}

/** Cron: the ids of the table's jobs that are due (never tried, failed tries, interrupted sends). */
export async function dueMailJobs(db: D1Database, table: MailJobTable, limit: number, at = Date.now()) {
  const { results } = await db
    .prepare(
      `select id from ${table} where (status = 'pending' and (mail_at is null or mail_at <= ?1))
         or (status = 'sending' and mail_at <= ?2)
       order by mail_at limit ?3`,
    )
    .bind(new Date(at).toISOString(), minutesFrom(at, -CLAIM_MINUTES), limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}
