import { MAIL_QUEUE_REMOVED } from '../../../../src/shared/messages-mail';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';

/**
 * The queue's e-mails as a retried job (queue_mails, migrations/0048_queue_lifecycle.sql), like the waiting
 * list's: queued once per account and removal, tried at once (a few, in the background of the request that
 * removed the queue), and retried by the cron job.
 */

const RETRY_AFTER_MINUTES = [1, 5, 15, 60, 180];
/** A 'sending' claim older than this was interrupted (the isolate died): another try takes it over. */
const CLAIM_MINUTES = 5;
const PER_RUN = 25;

const minutesFrom = (at: number, minutes: number) => new Date(at + minutes * 60_000).toISOString();

type QueueMail = { id: string; event_id: number; user_id: number; attempts: number };

/** Queues the e-mail to each account a removed queue dropped; answers their ids (send them with deliverQueueMails). */
export async function queueRemovedMails(env: Env, eventId: number, userIds: number[]): Promise<string[]> {
  const removal = crypto.randomUUID();
  const ids = userIds.map((u) => `removed:${eventId}:${u}:${removal}`);
  for (let i = 0; i < ids.length; i += 50) {
    await env.DB.batch(
      ids
        .slice(i, i + 50)
        .map((id, k) =>
          env.DB.prepare(
            "insert or ignore into queue_mails (id, event_id, user_id, kind) values (?, ?, ?, 'removed')",
          ).bind(id, eventId, userIds[i + k]),
        ),
    );
  }
  return ids;
}

/** Sends these e-mails now, one after the other (what is left or fails waits for the cron job). */
export async function deliverQueueMails(env: Env, ids: string[]) {
  for (const id of ids.slice(0, PER_RUN)) await deliverQueueMail(env, id);
}

async function deliverQueueMail(env: Env, id: string, at = Date.now()): Promise<string> {
  const now = new Date(at).toISOString();
  const claimed = await env.DB.prepare(
    `update queue_mails set status = 'sending', mail_at = ?1, attempts = attempts + 1
     where id = ?2 and ((status = 'pending' and (mail_at is null or mail_at <= ?1)) or (status = 'sending' and mail_at <= ?3))
     returning id, event_id, user_id, attempts`,
  )
    .bind(now, id, minutesFrom(at, -CLAIM_MINUTES))
    .first<QueueMail>();
  if (!claimed) return 'not_due';
  try {
    await sendRemovedMail(env, claimed);
  } catch (err) {
    const wait = RETRY_AFTER_MINUTES[claimed.attempts - 1];
    console.error(`Queue e-mail ${id} failed (try ${claimed.attempts})`, err);
    await env.DB.prepare("update queue_mails set status = ?, mail_at = ? where id = ? and status = 'sending'")
      .bind(wait === undefined ? 'failed' : 'pending', wait === undefined ? now : minutesFrom(at, wait), id)
      .run();
    return 'retry';
  }
  await env.DB.prepare("update queue_mails set status = 'sent', mail_at = ? where id = ? and status = 'sending'")
    .bind(now, id)
    .run();
  return 'sent';
}

/** Cron: the queue's e-mails that are due (not sent by the request, failed tries, interrupted sends). */
export async function retryQueueMails(env: Env, at = Date.now()): Promise<void> {
  const { results } = await env.DB.prepare(
    `select id from queue_mails where (status = 'pending' and (mail_at is null or mail_at <= ?1))
       or (status = 'sending' and mail_at <= ?2) order by created_at limit ?3`,
  )
    .bind(new Date(at).toISOString(), minutesFrom(at, -CLAIM_MINUTES), PER_RUN)
    .all<{ id: string }>();
  for (const { id } of results) await deliverQueueMail(env, id, at);
}

async function sendRemovedMail(env: Env, mail: QueueMail) {
  const row = await env.DB.prepare(
    'select e.title, u.email from events e, users u where e.id = ? and u.id = ? and u.activo = 1',
  )
    .bind(mail.event_id, mail.user_id)
    .first<{ title: string; email: string }>();
  if (!row) return;
  const T = MAIL_QUEUE_REMOVED;
  const origin = env.PUBLIC_ORIGIN.replace(/\/$/, '');
  await sendMail(env, {
    to: row.email,
    subject: T.subject(row.title),
    ...renderEmail({
      title: T.title,
      preheader: T.preheader(row.title),
      bodyHtml: paragraph(escapeHtml(T.body(row.title))) + paragraph(escapeHtml(T.next)),
      cta: { label: T.cta, url: `${origin}/eventos/${mail.event_id}` },
    }),
  });
}
