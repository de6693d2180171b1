import { formatEventDate } from '../../../../src/shared/dates';
import { MAIL_WAITLIST_EXPIRED, WAITLIST_MSG } from '../../../../src/shared/messages/waitlist';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';

/**
 * The waiting list's e-mails as a retried job (waitlist_mails, migrations/0043_waitlist_mails.sql), the same
 * way as the purchase and invitation e-mails: the event's inventory object queues each one once (its id is
 * the offer hold's), it is tried at once, and the cron job tries again what failed or was interrupted.
 */

/** Minutes to wait after the n-th failed try; after the last one the e-mail is marked 'failed'. */
const RETRY_AFTER_MINUTES = [1, 5, 15, 60, 180];
/** A 'sending' claim older than this was interrupted (the isolate died): another try takes it over. */
const CLAIM_MINUTES = 5;
const PER_RUN = 20;

const minutesFrom = (at: number, minutes: number) => new Date(at + minutes * 60_000).toISOString();

export type WaitlistMail = {
  id: string;
  kind: 'offer' | 'expired';
  event_id: number;
  ticket_type_id: number;
  email: string;
  quantity: number;
  order_id: string | null;
  expires_at: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  mail_at: string | null;
};

export type WaitlistMailInput = Pick<
  WaitlistMail,
  'kind' | 'event_id' | 'ticket_type_id' | 'email' | 'quantity' | 'order_id' | 'expires_at'
> & { holdId: string };

/** Queues an e-mail (once per offer hold and kind) and tries it at once; a failed try is left to the cron. */
export async function queueWaitlistMail(env: Env, mail: WaitlistMailInput): Promise<string> {
  const id = `${mail.kind}:${mail.holdId}`;
  await env.DB.prepare(
    `insert or ignore into waitlist_mails (id, kind, event_id, ticket_type_id, email, quantity, order_id, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(id, mail.kind, mail.event_id, mail.ticket_type_id, mail.email, mail.quantity, mail.order_id, mail.expires_at)
    .run();
  return deliverWaitlistMail(env, id);
}

/** Sends the e-mail if it is due and nobody else is sending it. Answers what happened. */
export async function deliverWaitlistMail(env: Env, id: string, at = Date.now()): Promise<string> {
  const now = new Date(at).toISOString();
  const claimed = await env.DB.prepare(
    `update waitlist_mails set status = 'sending', mail_at = ?1, attempts = attempts + 1
     where id = ?2 and (
       (status = 'pending' and (mail_at is null or mail_at <= ?1))
       or (status = 'sending' and mail_at <= ?3))
     returning *`,
  )
    .bind(now, id, minutesFrom(at, -CLAIM_MINUTES))
    .first<WaitlistMail>();
  if (!claimed) return 'not_due';
  try {
    await sendWaitlistMail(env, claimed);
  } catch (err) {
    const wait = RETRY_AFTER_MINUTES[claimed.attempts - 1];
    console.error(`Waiting-list e-mail ${id} failed (try ${claimed.attempts})`, err);
    await env.DB.prepare("update waitlist_mails set status = ?, mail_at = ? where id = ? and status = 'sending'")
      .bind(wait === undefined ? 'failed' : 'pending', wait === undefined ? now : minutesFrom(at, wait), id)
      .run();
    return wait === undefined ? 'failed' : 'retry';
  }
  await env.DB.prepare("update waitlist_mails set status = 'sent', mail_at = ? where id = ? and status = 'sending'")
    .bind(now, id)
    .run();
  return 'sent';
}

/** Cron: sends the waiting-list e-mails that are due again (failed tries, interrupted sends). */
export async function retryWaitlistMails(env: Env, at = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    `select id from waitlist_mails where
       (status = 'pending' and (mail_at is null or mail_at <= ?1))
       or (status = 'sending' and mail_at <= ?2)
     order by mail_at limit ?3`,
  )
    .bind(new Date(at).toISOString(), minutesFrom(at, -CLAIM_MINUTES), PER_RUN)
    .all<{ id: string }>();
  let sent = 0;
  for (const { id } of results) if ((await deliverWaitlistMail(env, id, at)) === 'sent') sent++;
  return sent;
}

async function sendWaitlistMail(env: Env, mail: WaitlistMail) {
  const row = await env.DB.prepare(
    'select e.title, t.name from events e join event_dates d on d.event_id = e.id join ticket_types t on t.event_date_id = d.id where e.id = ? and t.id = ?',
  )
    .bind(mail.event_id, mail.ticket_type_id)
    .first<{ title: string; name: string }>();
  const title = row?.title ?? 'el evento';
  const origin = env.PUBLIC_ORIGIN.replace(/\/$/, '');
  if (mail.kind === 'offer') {
    const expiry = mail.expires_at ? formatEventDate(new Date(mail.expires_at)) : '';
    await sendMail(env, {
      to: mail.email,
      subject: WAITLIST_MSG.mailSubject(title),
      ...renderEmail({
        title: WAITLIST_MSG.mailTitle,
        preheader: WAITLIST_MSG.mailSubject(title),
        bodyHtml:
          paragraph(escapeHtml(WAITLIST_MSG.mailBody(mail.quantity, row?.name ?? '', title))) +
          (expiry ? paragraph(escapeHtml(WAITLIST_MSG.mailExpiry(expiry))) : ''),
        cta: { label: WAITLIST_MSG.mailCta, url: `${origin}/checkout?order=${mail.order_id}` },
      }),
    });
    return;
  }
  const T = MAIL_WAITLIST_EXPIRED;
  await sendMail(env, {
    to: mail.email,
    subject: T.subject(title),
    ...renderEmail({
      title: T.title,
      preheader: T.preheader(title),
      bodyHtml:
        paragraph(escapeHtml(T.body(mail.quantity, row?.name ?? '', title))) +
        paragraph(escapeHtml(T.passed)) +
        paragraph(escapeHtml(T.again)),
      cta: { label: T.cta, url: `${origin}/eventos/${mail.event_id}` },
    }),
  });
}
