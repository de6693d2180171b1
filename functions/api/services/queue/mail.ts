import { MAIL_QUEUE_REMOVED } from '../../../../src/shared/messages/queue';
import { deliverMailJob, dueMailJobs } from '../../../mail/jobs';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';

/**
 * The queue's e-mails as a retried job (queue_mails, migrations/0048_queue_lifecycle.sql; mail/jobs.ts),
 * like the waiting list's: queued once per account and removal, tried at once (a few, in the background of the
 * request that removed the queue), and retried by the cron job.
 */

const PER_RUN = 25;

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

const deliverQueueMail = (env: Env, id: string, at = Date.now()) =>
  deliverMailJob<QueueMail>(env.DB, 'queue_mails', id, (mail) => sendRemovedMail(env, mail), at);

/** Cron: the queue's e-mails that are due (not sent by the request, failed tries, interrupted sends). */
export async function retryQueueMails(env: Env, at = Date.now()): Promise<void> {
  for (const id of await dueMailJobs(env.DB, 'queue_mails', PER_RUN, at)) await deliverQueueMail(env, id, at);
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
