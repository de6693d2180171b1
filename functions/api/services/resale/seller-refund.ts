import { HTTPException } from 'hono/http-exception';
import { REFUND_MSG } from '../../../../src/shared/messages/refunds';
import { RESALE_MSG } from '../../../../src/shared/messages/resale';
import { resaleKeepCents } from '../../../../src/shared/resale-policy';
import { ticketTransition } from '../../../domain/checkout/order-state';
import { inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import { findOrder } from '../checkout/orders';
import { refundMessageOr, refundOrderTickets } from '../refunds/refund';
import { RESALE_KEY_PREFIX } from '../refunds/rows';
import { scopeWhere } from '../sales/scope';

type Defer = (work: Promise<unknown>) => void;

/**
 * The seller's side of a face-value resale: once the waiting buyer paid, the old ticket is closed and the seller
 * refunded through the refund machinery, once per attempt (services/resale/resale.ts has the holder's side).
 */

/** The ticket's price and service charge as paid, and the producer's resale policy. */
export function resaleTerms(env: Env, ticketId: string) {
  return env.DB.prepare(
    `select k.order_id, coalesce(s.resale_keep_bp, 0) as keep_bp, i.unit_price_cents, i.unit_fee_cents
     from tickets k join orders o on o.id = k.order_id
     join order_items i on i.order_id = k.order_id and i.ticket_type_id = k.ticket_type_id
     left join producer_settings s on s.producer_id = o.producer_id where k.id = ?`,
  )
    .bind(ticketId)
    .first<{ order_id: string; keep_bp: number; unit_price_cents: number; unit_fee_cents: number }>();
}

/** The key of a resold ticket's refund; a retry after a refusal is a new refund, so a new key. */
export const resaleKey = (ticketId: string, attempt: number) =>
  attempt === 0 ? `${RESALE_KEY_PREFIX}${ticketId}` : `${RESALE_KEY_PREFIX}${ticketId}:${attempt}`;

export type ResaleRefundRow = {
  ticket_id: string;
  order_id: string;
  event_id: number;
  buyer_order_id: string;
  keep_cents: number;
  status: 'pending' | 'done' | 'failed';
  attempt: number;
  ticket_closed: number;
};

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The waiting buyer paid for a resold ticket (the inventory object's commit answered its id): what goes in the
 * same D1 batch as the buyer's order becoming paid, so the old ticket is never valid beside the new one,
 * whatever becomes of the seller's refund. The seller's refund is recorded (resale_refunds, pending, with
 * what the producer keeps under its policy now), the old ticket cancelled (state.ts) and revoked. Written
 * once (the row's primary key; every statement is conditional), so a payment notification delivered twice
 * or a racing free-order approval changes nothing.
 */
export async function resaleSaleStatements(env: Env, ticketId: string, buyerOrderId: string) {
  const terms = await resaleTerms(env, ticketId);
  if (!terms) return [];
  const keep = resaleKeepCents(terms.unit_price_cents, terms.keep_bp);
  return [
    env.DB.prepare(
      `insert or ignore into resale_refunds (ticket_id, order_id, event_id, buyer_order_id, keep_cents)
       select id, order_id, event_id, ?, ? from tickets where id = ?`,
    ).bind(buyerOrderId, keep, ticketId),
    ticketTransition(env.DB, { ids: [ticketId] }, ['valid'], 'cancelled', {
      where: { sql: 'exists (select 1 from resale_refunds s where s.ticket_id = tickets.id)', binds: [] },
    }),
    env.DB.prepare(
      `insert or ignore into revocations (ticket_id, event_id, reason)
       select id, event_id, 'cancelled' from tickets where id = ? and status = 'cancelled'`,
    ).bind(ticketId),
  ];
}

/**
 * After that batch: the door's check-in object is told now (not when its copy expires), the old ticket's
 * place goes back to the inventory object (keyed by ticket: once; the buyer's ticket took it), then the
 * seller's refund starts in the background. A crash in between is finished by the cron job (ticket_closed).
 */
export async function afterResaleSale(env: Env, ticketId: string, defer: Defer) {
  const row = await resaleRefundOf(env, ticketId);
  if (!row) return;
  try {
    await closeResoldTicket(env, row);
  } catch (err) {
    // The buyer's order is paid and the ticket cancelled in D1 already: the cron job tells the door and
    // returns the place (ticket_closed stays 0); the payment's answer does not fail for it.
    console.error(`Resold ticket ${ticketId}: door and stock left to the cron job`, err);
  }
  defer(
    driveResaleRefund(env, ticketId, defer).catch((err) =>
      console.error(`Resale refund of ${ticketId}: the cron job goes on`, err),
    ),
  );
}

const resaleRefundOf = (env: Env, ticketId: string) =>
  env.DB.prepare('select * from resale_refunds where ticket_id = ?').bind(ticketId).first<ResaleRefundRow>();

async function closeResoldTicket(env: Env, row: ResaleRefundRow) {
  if (row.ticket_closed) return;
  await emit(env, { kind: 'ticketsChanged', eventId: row.event_id, ticketIds: [row.ticket_id] });
  const ticket = await env.DB.prepare(
    `select k.status, k.ticket_type_id, k.seat_id, o.hold_id from tickets k join orders o on o.id = k.order_id where k.id = ?`,
  )
    .bind(row.ticket_id)
    .first<{ status: string; ticket_type_id: number; seat_id: string | null; hold_id: string }>();
  // An admitted ticket keeps its place (the person is inside); a cancelled one gives it back, once.
  if (ticket?.status === 'cancelled') {
    await inventoryOf(env, row.event_id).returnTickets(ticket.hold_id, [
      { ticketId: row.ticket_id, typeId: ticket.ticket_type_id, seatId: ticket.seat_id },
    ]);
  }
  await env.DB.prepare('update resale_refunds set ticket_closed = 1 where ticket_id = ?').bind(row.ticket_id).run();
}

async function settle(
  env: Env,
  row: ResaleRefundRow,
  status: 'pending' | 'done' | 'failed',
  fields: { outcome?: 'refunded' | 'already'; refund_id?: string; amount_cents?: number; error?: string | null },
) {
  await env.DB.prepare(
    `update resale_refunds set status = ?, outcome = coalesce(?, outcome), refund_id = coalesce(?, refund_id),
       amount_cents = coalesce(?, amount_cents), last_error = ?, updated_at = ${NOW}
     where ticket_id = ? and status = 'pending' and attempt = ?`,
  )
    .bind(
      status,
      fields.outcome ?? null,
      fields.refund_id ?? null,
      fields.amount_cents ?? null,
      fields.error ?? null,
      row.ticket_id,
      row.attempt,
    )
    .run();
}

/**
 * Moves a resold ticket's seller refund on, through the refund machinery (refund.ts, key `resale:<ticket>`
 * or `resale:<ticket>:<attempt>`): done once the money moved; left pending (same key, so MercadoPago is
 * asked once) while MercadoPago does not answer; failed, with the reason, when MercadoPago refuses (nothing
 * moved: "Reintentar" in Finanzas tries again with a new key). Safe from several places at once: the
 * refund is idempotent by its key and the row is closed conditionally on the attempt it refunded.
 */
export async function driveResaleRefund(env: Env, ticketId: string, defer: Defer) {
  const row = await resaleRefundOf(env, ticketId);
  if (row?.status !== 'pending') return row?.status ?? null;
  await closeResoldTicket(env, row);
  const ticket = await env.DB.prepare('select status, refund_id from tickets where id = ?')
    .bind(ticketId)
    .first<{ status: string; refund_id: string | null }>();
  const order = await findOrder(env, row.order_id);
  if (!ticket || !order) {
    await settle(env, row, 'failed', { error: RESALE_MSG.refundMissing });
    return 'failed';
  }
  const refundedElsewhere = async () => {
    const done = await env.DB.prepare(
      'select id, amount_cents, idempotency_key from refunds where id = ? and status = ?',
    )
      .bind(ticket.refund_id, 'done')
      .first<{ id: string; amount_cents: number; idempotency_key: string }>();
    const ours = done?.idempotency_key.startsWith(`${RESALE_KEY_PREFIX}${ticketId}`) ?? false;
    await settle(
      env,
      row,
      'done',
      ours && done
        ? { outcome: 'refunded', refund_id: done.id, amount_cents: done.amount_cents }
        : { outcome: 'already' },
    );
    return 'done' as const;
  };
  // Refunded already (the producer refunded the order while the ticket was on offer, or an earlier run).
  if (ticket.refund_id) return refundedElsewhere();
  // Admitted at the door while on offer: the seller went in, so nothing is given back (a person decides).
  if (ticket.status === 'used') {
    await settle(env, row, 'failed', { error: RESALE_MSG.refundUsed });
    return 'failed';
  }
  // Changed hands before it was resold (transfers refuse listed tickets; an older listing): a person decides.
  if (ticket.status !== 'cancelled') {
    await settle(env, row, 'failed', { error: RESALE_MSG.refundNotCancelled });
    return 'failed';
  }
  try {
    const result = await refundOrderTickets(
      env,
      order,
      {
        actor: null,
        reason: RESALE_MSG.refundReason,
        ticketIds: [ticketId],
        key: resaleKey(ticketId, row.attempt),
        keepCents: row.keep_cents,
        resold: true,
      },
      defer,
    );
    if (result.status === 'failed') {
      await settle(env, row, 'failed', { error: REFUND_MSG.mpRefused });
      return 'failed';
    }
    await settle(env, row, 'done', {
      outcome: 'refunded',
      refund_id: result.refund_id,
      amount_cents: result.refunded_cents,
    });
    return 'done';
  } catch (err) {
    const fresh = await env.DB.prepare('select refund_id from tickets where id = ?')
      .bind(ticketId)
      .first<{ refund_id: string | null }>();
    if (fresh?.refund_id) {
      ticket.refund_id = fresh.refund_id;
      return refundedElsewhere();
    }
    const message = err instanceof Error ? err.message : String(err);
    // MercadoPago refused (nothing moved): a person decides ("Reintentar"). Anything else (MercadoPago down,
    // a racing refund of the same key) is retried by the cron job with the same key.
    if (err instanceof HTTPException && message === REFUND_MSG.mpRefused) {
      await settle(env, row, 'failed', { error: message });
      return 'failed';
    }
    console.error(`Resale refund of ${ticketId} not done yet`, err);
    await settle(env, row, 'pending', {
      error: refundMessageOr(message, RESALE_MSG.refundUnexpected),
    });
    return 'pending';
  }
}

/**
 * Cron: resold tickets whose seller's refund is pending (MercadoPago down, a crash after the payment): only
 * those rows, from D1 (no inventory object is called for events without one), with the same key, so
 * MercadoPago is asked once and the refund completes once (a drive racing the request's own is harmless:
 * same key, and the row is closed conditionally on its attempt).
 */
export async function resumeResaleRefunds(env: Env) {
  const { results } = await env.DB.prepare(
    "select ticket_id from resale_refunds where status = 'pending' order by updated_at limit 25",
  ).all<{ ticket_id: string }>();
  for (const { ticket_id } of results) {
    const mails: Promise<unknown>[] = [];
    try {
      await driveResaleRefund(env, ticket_id, (p) => mails.push(p));
    } catch (err) {
      console.error(`Resale refund of ${ticket_id} could not be resumed`, err);
    }
    await Promise.allSettled(mails);
  }
}

/** "Reintentar" (Finanzas): a refused resale refund goes back to pending with a new attempt (a new key). */
export async function retryResaleRefund(env: Env, eventId: number, ticketId: string) {
  const res = await env.DB.prepare(
    `update resale_refunds set status = 'pending', attempt = attempt + 1, last_error = null, updated_at = ${NOW}
     where ticket_id = ? and event_id = ? and status = 'failed'`,
  )
    .bind(ticketId, eventId)
    .run();
  if (res.meta.changes !== 1) {
    const exists = await env.DB.prepare('select status from resale_refunds where ticket_id = ? and event_id = ?')
      .bind(ticketId, eventId)
      .first<{ status: string }>();
    if (!exists) fail(404, RESALE_MSG.refundNotFound);
    fail(409, RESALE_MSG.refundNotFailed);
  }
}

/**
 * The back office's view (Finanzas): the resold tickets of the caller's scope whose seller's refund failed
 * or is waiting on MercadoPago, with the reason, the seller and the amount to give back.
 */
export async function resaleRefundProblems(
  db: D1Database,
  scope: { producerIds: number[] | null; eventId: number | null; onlyEvents?: Map<number, number[]> },
) {
  const where = scopeWhere(scope, 'e.producer_id', 'e.id');
  const { results } = await db
    .prepare(
      `select r.ticket_id, r.event_id, e.title, r.order_id, r.status, r.attempt, r.last_error, r.updated_at,
         max(0, i.unit_price_cents + i.unit_fee_cents - r.keep_cents) as amount_cents,
         coalesce(o.buyer_email, u.email) as seller_email
       from resale_refunds r join events e on e.id = r.event_id join orders o on o.id = r.order_id
         join tickets k on k.id = r.ticket_id
         join order_items i on i.order_id = k.order_id and i.ticket_type_id = k.ticket_type_id
         left join users u on u.id = o.user_id
       where ${where.sql} and (r.status = 'failed' or (r.status = 'pending' and r.last_error is not null))
       order by r.updated_at limit 100`,
    )
    .bind(...where.binds)
    .all<{
      ticket_id: string;
      event_id: number;
      title: string;
      order_id: string;
      status: 'pending' | 'failed';
      attempt: number;
      last_error: string | null;
      updated_at: string;
      amount_cents: number;
      seller_email: string | null;
    }>();
  return results;
}
