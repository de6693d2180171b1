import { ensureTickets } from './issue-tickets';
import { nowIso, type OrderRow } from './orders';
import { sendOrderTickets } from './ticket-mail';

/**
 * The purchase e-mail as a retried job (orders.tickets_mail_*, migrations/0008_hardening_sales.sql): a paid
 * order is marked 'pending' together with its payment, the e-mail is tried at once, and the cron job tries
 * again what failed or was interrupted. Tickets are issued before, and again (idempotently) on each try.
 */

/** Minutes to wait after the n-th failed try; after the last one the order is marked 'failed'. */
const RETRY_AFTER_MINUTES = [1, 5, 15, 60, 180];
/** A 'sending' claim older than this was interrupted (the isolate died): another try takes it over. */
const CLAIM_MINUTES = 5;
/** E-mails per cron run: each builds one order's PDF, one after another, so memory stays that of one order. */
const PER_RUN = 10;

const minutesFrom = (at: number, minutes: number) => new Date(at + minutes * 60_000).toISOString();

/** The columns that queue an order's e-mail: part of the update that marks it paid. */
export const QUEUE_TICKETS_MAIL_SQL =
  "tickets_mail_status = 'pending', tickets_mail_attempts = 0, tickets_mail_at = null";

/** Sends the order's e-mail if it is due and nobody else is sending it. Answers what happened. */
export async function deliverTicketsMail(env: Env, orderId: string, at = Date.now()): Promise<string> {
  const now = new Date(at).toISOString();
  const claimed = await env.DB.prepare(
    `update orders set tickets_mail_status = 'sending', tickets_mail_at = ?1, tickets_mail_attempts = tickets_mail_attempts + 1
     where id = ?2 and status = 'paid' and (
       (tickets_mail_status = 'pending' and (tickets_mail_at is null or tickets_mail_at <= ?1))
       or (tickets_mail_status = 'sending' and tickets_mail_at <= ?3))
     returning *`,
  )
    .bind(now, orderId, minutesFrom(at, -CLAIM_MINUTES))
    .first<OrderRow>();
  if (!claimed) return 'not_due';
  try {
    await ensureTickets(env, claimed);
    await sendOrderTickets(env, claimed);
  } catch (err) {
    const attempts = claimed.tickets_mail_attempts;
    const wait = RETRY_AFTER_MINUTES[attempts - 1];
    console.error(`Tickets e-mail of order ${orderId} failed (try ${attempts})`, err);
    await env.DB.prepare(
      "update orders set tickets_mail_status = ?, tickets_mail_at = ? where id = ? and tickets_mail_status = 'sending'",
    )
      .bind(wait === undefined ? 'failed' : 'pending', wait === undefined ? now : minutesFrom(at, wait), orderId)
      .run();
    return wait === undefined ? 'failed' : 'retry';
  }
  await env.DB.prepare(
    "update orders set tickets_mail_status = 'sent', tickets_mail_at = ?, updated_at = ? where id = ? and tickets_mail_status = 'sending'",
  )
    .bind(now, nowIso(), orderId)
    .run();
  return 'sent';
}

/** Cron: sends the e-mails that are due again (failed tries, interrupted sends), a few per run. */
export async function retryTicketsMails(env: Env, at = Date.now()): Promise<number> {
  const now = new Date(at).toISOString();
  const { results } = await env.DB.prepare(
    `select id from orders where
       (tickets_mail_status = 'pending' and (tickets_mail_at is null or tickets_mail_at <= ?1))
       or (tickets_mail_status = 'sending' and tickets_mail_at <= ?2)
     order by tickets_mail_at limit ?3`,
  )
    .bind(now, minutesFrom(at, -CLAIM_MINUTES), PER_RUN)
    .all<{ id: string }>();
  let sent = 0;
  for (const { id } of results) if ((await deliverTicketsMail(env, id, at)) === 'sent') sent++;
  return sent;
}
