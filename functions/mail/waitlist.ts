import { formatEventDate } from '../../src/shared/dates';
import { MAIL_WAITLIST_EXPIRED, WAITLIST_MSG } from '../../src/shared/messages/waitlist';
import { commitChanges } from '../domain/commit';
import { deliverMailJob, dueMailJobs } from './jobs';
import { sendMail } from './port';
import { escapeHtml, paragraph, renderEmail } from './templates/layout';

/**
 * The waiting list's e-mails as a retried job (waitlist_mails, migrations/0043_waitlist_mails.sql), the same
 * way as the purchase and invitation e-mails: the event's inventory object queues each one once (its id is
 * the offer hold's), it is tried at once, and the cron job tries again what failed or was interrupted.
 */

const PER_RUN = 20;

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
  const insert = env.DB.prepare(
    `insert or ignore into waitlist_mails (id, kind, event_id, ticket_type_id, email, quantity, order_id, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).bind(id, mail.kind, mail.event_id, mail.ticket_type_id, mail.email, mail.quantity, mail.order_id, mail.expires_at);
  // An offer is where the waiting list's decision reaches D1: waitlist.offered goes in the same batch, and its
  // first attempt right after it (the inventory object queues offers: it commits through the domain's port).
  if (mail.kind === 'offer')
    await commitChanges(env, [insert], { kind: 'waitlistOffered', eventId: mail.event_id, offerId: id });
  else await insert.run();
  return deliverWaitlistMail(env, id);
}

/** Sends the e-mail if it is due and nobody else is sending it. Answers what happened. */
export function deliverWaitlistMail(env: Env, id: string, at = Date.now()): Promise<string> {
  return deliverMailJob<WaitlistMail>(env.DB, 'waitlist_mails', id, (mail) => sendWaitlistMail(env, mail), at);
}

/** Cron: sends the waiting-list e-mails that are due again (failed tries, interrupted sends). */
export async function retryWaitlistMails(env: Env, at = Date.now()): Promise<number> {
  let sent = 0;
  for (const id of await dueMailJobs(env.DB, 'waitlist_mails', PER_RUN, at))
    if ((await deliverWaitlistMail(env, id, at)) === 'sent') sent++;
  return sent;
}

/** The seats a seated offer holds, by name, from its order (order_items.seats); none for general admission. */
async function offerSeatNames(env: Env, orderId: string | null): Promise<string[]> {
  if (!orderId) return [];
  const { results } = await env.DB.prepare('select seats from order_items where order_id = ? and seats is not null')
    .bind(orderId)
    .all<{ seats: string }>();
  return results.flatMap((r) => (JSON.parse(r.seats) as { name: string }[]).map((s) => s.name));
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
    const seats = await offerSeatNames(env, mail.order_id);
    await sendMail(env, {
      to: mail.email,
      subject: WAITLIST_MSG.mailSubject(title),
      ...renderEmail({
        title: WAITLIST_MSG.mailTitle,
        preheader: WAITLIST_MSG.mailSubject(title),
        bodyHtml:
          paragraph(escapeHtml(WAITLIST_MSG.mailBody(mail.quantity, row?.name ?? '', title))) +
          (seats.length > 0 ? paragraph(escapeHtml(WAITLIST_MSG.mailSeats(seats))) : '') +
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
