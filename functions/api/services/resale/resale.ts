import { HTTPException } from 'hono/http-exception';
import { RESALE_MSG } from '../../../../src/shared/messages-promo';
import { resaleKeepCents, resaleRefundCents } from '../../../../src/shared/resale-policy';
import { fail } from '../../lib/errors';
import { inventoryOf } from '../checkout/inventory';
import { findOrder } from '../checkout/orders';
import type { Defer } from '../payments/apply';
import { refundOrderTickets } from '../refunds/refund';

/**
 * Face-value resale through the waiting list (issue 22): a holder returns a paid ticket; the event's inventory
 * object offers it to the waiting list (durable-objects/resale.ts); when the offer is paid, the seller is
 * refunded here through the refund machinery (the ticket cancelled and its code revoked, the money back on
 * the original MercadoPago payment minus what the producer keeps), once: the key is the ticket's.
 */

/** A return may be made until two hours before the event. */
const CLOSE_BEFORE_MS = 2 * 3_600_000;

type TicketRow = {
  id: string;
  order_id: string;
  event_id: number;
  ticket_type_id: number;
  status: string;
  owner_user_id: number;
  order_status: string;
  kind: string;
  payment_id: string | null;
  buyer_id: number;
  starts_at: string;
};

async function ownTicket(env: Env, userId: number, ticketId: string) {
  const row = await env.DB.prepare(
    `select k.id, k.order_id, k.event_id, k.ticket_type_id, k.status, k.owner_user_id, o.status as order_status,
       o.kind, o.payment_id, o.user_id as buyer_id, d.starts_at
     from tickets k join orders o on o.id = k.order_id join event_dates d on d.id = k.event_date_id where k.id = ?`,
  )
    .bind(ticketId)
    .first<TicketRow>();
  if (row?.owner_user_id !== userId) fail(404, RESALE_MSG.notFound);
  return row;
}

export async function returnTicket(env: Env, userId: number, ticketId: string) {
  const t = await ownTicket(env, userId, ticketId);
  // The refund goes to the payment that bought it: only its buyer's own, paid, online tickets.
  if (t.status !== 'valid' || t.order_status !== 'paid' || t.kind !== 'sale' || !t.payment_id || t.buyer_id !== userId)
    fail(409, RESALE_MSG.notReturnable);
  const deadline = new Date(t.starts_at).getTime() - CLOSE_BEFORE_MS;
  if (deadline <= Date.now()) fail(409, RESALE_MSG.tooLate);
  const listed = await inventoryOf(env, t.event_id).listResale(ticketId, t.ticket_type_id, deadline);
  if (!listed.ok) {
    if (listed.reason === 'listed') fail(409, RESALE_MSG.already);
    if (listed.reason === 'no_waitlist') fail(409, RESALE_MSG.noWaitlist);
    fail(409, RESALE_MSG.closed);
  }
  await env.DB.prepare(
    `insert into ticket_resales (ticket_id, order_id, event_id, user_id, deadline) values (?, ?, ?, ?, ?)
     on conflict (ticket_id) do update set deadline = excluded.deadline`,
  )
    .bind(ticketId, t.order_id, t.event_id, userId, new Date(deadline).toISOString())
    .run();
  return { status: 'listed', deadline: new Date(deadline).toISOString(), message: RESALE_MSG.listed };
}

export async function withdrawTicket(env: Env, userId: number, ticketId: string) {
  const t = await ownTicket(env, userId, ticketId);
  if (!(await inventoryOf(env, t.event_id).withdrawResale(ticketId))) fail(409, RESALE_MSG.offered);
  return { status: 'withdrawn', message: RESALE_MSG.withdrawn };
}

/** The listing's state, and what the holder gets back if it is resold (the producer's policy applied). */
export async function resaleOf(env: Env, userId: number, ticketId: string) {
  const t = await ownTicket(env, userId, ticketId);
  const [status, terms] = await Promise.all([
    inventoryOf(env, t.event_id).resaleStatus(ticketId),
    resaleTerms(env, ticketId),
  ]);
  return {
    status,
    keep_bp: terms?.keep_bp ?? 0,
    refund_cents: terms ? resaleRefundCents(terms.unit_price_cents, terms.unit_fee_cents, terms.keep_bp) : 0,
  };
}

/** The ticket's price and service charge as paid, and the producer's resale policy. */
function resaleTerms(env: Env, ticketId: string) {
  return env.DB.prepare(
    `select k.order_id, coalesce(s.resale_keep_bp, 0) as keep_bp, i.unit_price_cents, i.unit_fee_cents
     from tickets k join orders o on o.id = k.order_id
     join order_items i on i.order_id = k.order_id and i.ticket_type_id = k.ticket_type_id
     left join producer_settings s on s.producer_id = o.producer_id where k.id = ?`,
  )
    .bind(ticketId)
    .first<{ order_id: string; keep_bp: number; unit_price_cents: number; unit_fee_cents: number }>();
}

/** The resold ticket's refund (called by the inventory object once the waiting buyer paid). */
export async function completeResale(env: Env, ticketId: string, defer: Defer) {
  const row = await resaleTerms(env, ticketId);
  const order = row ? await findOrder(env, row.order_id) : null;
  if (!row || !order) return;
  try {
    await refundOrderTickets(
      env,
      order,
      {
        actor: null,
        reason: RESALE_MSG.refundReason,
        ticketIds: [ticketId],
        key: `resale:${ticketId}`,
        keepCents: resaleKeepCents(row.unit_price_cents, row.keep_bp),
      },
      defer,
    );
  } catch (err) {
    // Refunded meanwhile by other means (the producer): nothing more to give back.
    if (err instanceof HTTPException && err.status === 409) {
      console.warn(JSON.stringify({ resale: ticketId, refund: 'already', message: err.message }));
      return;
    }
    throw err;
  }
}

/**
 * Cron: resold tickets whose seller's refund failed part-way (MercadoPago down, a crash before the refund
 * was written) are refunded again by their event's inventory object, with the same key (`resale:<ticket>`),
 * so MercadoPago is asked once and the refund completes once. The candidates are the events with a returned
 * ticket that is still valid (listed, on offer, or sold and not refunded yet), for a week after its deadline.
 */
export async function resumeResaleRefunds(env: Env) {
  const { results } = await env.DB.prepare(
    `select distinct r.event_id from ticket_resales r join tickets k on k.id = r.ticket_id
     where k.status = 'valid' and r.deadline > ? limit 100`,
  )
    .bind(new Date(Date.now() - 7 * 86_400_000).toISOString())
    .all<{ event_id: number }>();
  for (const { event_id } of results) {
    try {
      await inventoryOf(env, event_id).completeResales();
    } catch (err) {
      console.error(`Resale refunds of event ${event_id} could not be resumed`, err);
    }
  }
}
