import { TICKET_FATE_MSG } from '../../../../src/shared/messages/checkout';
import { INVITATION_MSG } from '../../../../src/shared/messages/invitations';
import { REFUND_MSG } from '../../../../src/shared/messages/refunds';
import type { RefundMethod } from '../../../../src/shared/schemas/sales';
import type { Actor } from '../../../domain/events/access';
import { MercadoPagoError, mercadoPago } from '../../../payments/mercadopago';
import { fail } from '../../lib/errors';
import { claimAtDoor, claimCommit, fencedOff, settleAtDoor } from '../checkin/claims';
import { logCopied } from '../checkin/scan';
import { mpCredentialsOf } from '../checkout/config';
import { ensureTickets } from '../checkout/issue-tickets';
import type { OrderRow } from '../checkout/orders';
import { isBoxOfficePayment } from '../sales/box-office-payment';
import { completeRefund, returnStock, sendRefundMail } from './complete';
import type { RefundRow } from './rows';

type Defer = (work: Promise<unknown>) => void;

export type RefundResult = {
  refund_id: string;
  refunded_cents: number;
  fee_cents: number;
  tickets: number;
  whole: boolean;
  method: RefundMethod;
  status: RefundRow['status'];
};

export type RefundRequest = {
  actor: Actor | null;
  reason: string;
  /** Left out: every ticket of the order not refunded yet. */
  ticketIds?: string[];
  /** The refund-permission holder confirmed "ya ingresó: reembolsar igual" (audited). */
  confirmUsed?: boolean;
  /** The caller's idempotency key; the same key answers the same refund. */
  key?: string;
  /** A chargeback or a refund made at MercadoPago: nothing to ask MercadoPago, the money already moved. */
  external?: 'mp_refunded' | 'charged_back';
  /** Kept by the producer from the tickets' price (a face-value resale's policy); never below zero. */
  keepCents?: number;
  /** Who asked, when the refund is driven without the caller (an event cancellation resumed by the cron job). */
  createdBy?: number | null;
  /**
   * A face-value resale's refund (services/resale): it claims the resold ticket, which the waiting buyer's
   * payment already cancelled and revoked (resale_refunds pending), instead of valid or used ones.
   */
  resold?: boolean;
};

/** A refund's claim at the event's door (services/checkin/claims.ts) is named after the refund's row. */
const refundClaimId = (refundId: string) => `refund:${refundId}`;

/** A resold ticket waiting for its seller's refund (the only tickets a resale's refund claims). */
const RESOLD_SQL = `k.status = 'cancelled' and exists (select 1 from resale_refunds s where s.ticket_id = k.id and s.status = 'pending')`;

type Candidate = {
  id: string;
  status: string;
  ticket_type_id: number;
  unit_price_cents: number;
  unit_fee_cents: number;
};

/** How the money of an order goes back: MercadoPago for its payments, cash for the box office's. */
export function refundMethodOf(order: OrderRow, amountCents: number): RefundMethod {
  if (amountCents === 0) return 'none';
  if (order.payment_id && isBoxOfficePayment(order.payment_id)) return 'cash';
  return 'mercadopago';
}

/** A refund error's message when it is one of ours (Spanish, for the back office), else `fallback`. */
export function refundMessageOr(message: string, fallback: string) {
  return Object.values(REFUND_MSG).includes(message as never) ? message : fallback;
}

/**
 * A refund of some or all of an order's tickets, safe under any interleaving:
 * 1. the refund row is written first, with the tickets it claims (refund_tickets: a ticket can be claimed
 *    once; the database refuses a second claim, a ticket of another order, a cancelled one, and a used one
 *    unless the override was confirmed), so two racing refunds cannot both take a ticket, and the amount is
 *    exactly what those tickets cost (never more than what is still refundable);
 * 2. MercadoPago is asked with that refund's own idempotency key (a retry is the same refund);
 * 3. the refund is completed once (conditional on it still being pending): tickets cancelled (an admitted
 *    ticket stays used), order figures and state, ledger entry, audit; the buyer gets an e-mail;
 * 4. each cancelled ticket's place goes back to the event's inventory object, keyed by ticket id.
 * A refund left pending by a MercadoPago outage is driven again (same key) by the next refund request
 * of the order or by the cron job.
 */
export async function refundOrderTickets(env: Env, order: OrderRow, req: RefundRequest, defer: Defer) {
  if (req.key) {
    const existing = await env.DB.prepare('select * from refunds where idempotency_key = ?')
      .bind(req.key)
      .first<RefundRow>();
    if (existing) {
      if (existing.order_id !== order.id) fail(409, REFUND_MSG.keyReused);
      return resultOf(existing, order, await driveRefund(env, order, existing, defer));
    }
  }
  if (order.kind === 'invitation') fail(409, INVITATION_MSG.notRefundable);
  if (order.status !== 'paid') fail(409, REFUND_MSG.notPaid);
  // A refund left pending by a MercadoPago outage goes on first (same key). Not from MercadoPago's own
  // notification: a refund of ours in flight set it off, and that refund completes itself.
  if (!req.external) await drivePending(env, order, defer);
  // A paid order always has its tickets; a crash right after the payment may have left them to the next call.
  await ensureTickets(env, order);

  const { results: open } = await env.DB.prepare(
    `select k.id, k.status, k.ticket_type_id, i.unit_price_cents, i.unit_fee_cents
     from tickets k join order_items i on i.order_id = k.order_id and i.ticket_type_id = k.ticket_type_id
     where k.order_id = ? and k.refund_id is null and ${req.resold ? RESOLD_SQL : "k.status in ('valid', 'used')"}
       and not exists (select 1 from refund_tickets c where c.ticket_id = k.id)
     order by k.id`,
  )
    .bind(order.id)
    .all<Candidate>();
  const wanted = req.ticketIds ? [...new Set(req.ticketIds)] : open.map((t) => t.id);
  const chosen = open.filter((t) => wanted.includes(t.id));
  if (chosen.length !== wanted.length || chosen.length === 0) fail(409, REFUND_MSG.notRefundableTickets);
  const allowUsed = Boolean(req.confirmUsed) || req.external !== undefined;
  if (!allowUsed && chosen.some((t) => t.status === 'used')) fail(409, REFUND_MSG.usedTickets);

  const amount = Math.max(
    0,
    chosen.reduce((sum, t) => sum + t.unit_price_cents + t.unit_fee_cents, 0) - (req.keepCents ?? 0),
  );
  const fee = chosen.reduce((sum, t) => sum + t.unit_fee_cents, 0);
  const method: RefundMethod =
    req.external === 'charged_back' ? 'chargeback' : req.external ? 'mercadopago' : refundMethodOf(order, amount);
  const id = crypto.randomUUID();
  const key = req.key ?? `refund-${id}`;
  const ids = chosen.map((t) => t.id);
  // The tickets are claimed at the event's door first: a ticket admitted a moment ago (D1 may not say so yet)
  // needs the override like any other, and none can be admitted from now until the refund ends. A resold
  // ticket's refund claims nothing: the buyer's payment cancelled and closed it already.
  const claim = req.resold
    ? null
    : await claimAtDoor(
        env,
        order.event_id,
        { claimId: refundClaimId(id), kind: 'refund', ticketIds: ids, allowAdmitted: allowUsed },
        { admitted: REFUND_MSG.usedTickets },
      );
  // Admitted ones stay used (the person is inside): D1 gets their admission before the refund reads them.
  if (claim && claim.admitted.length > 0) await logCopied(env, order.event_id);
  try {
    await env.DB.batch([
      ...(claim ? [claimCommit(env.DB, claim)] : []),
      env.DB.prepare(
        `insert into refunds (id, order_id, ticket_ids, amount_cents, fee_cents, method, idempotency_key, created_by, reason, allow_used)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        id,
        order.id,
        JSON.stringify(ids),
        amount,
        fee,
        method,
        key,
        req.actor?.userId ?? req.createdBy ?? null,
        req.reason,
        +allowUsed,
      ),
      ...ids.map((ticketId) =>
        env.DB.prepare('insert into refund_tickets (ticket_id, refund_id) values (?, ?)').bind(ticketId, id),
      ),
    ]);
  } catch (err) {
    if (claim) await settleAtDoor(env, claim);
    if (fencedOff(err)) fail(409, TICKET_FATE_MSG.fenced);
    // Another refund took one of these tickets (or closed the order) between the read and the claim.
    if (req.key && /UNIQUE constraint failed: refunds\.idempotency_key/.test(String(err)))
      return refundOrderTickets(env, order, req, defer);
    if (/refund_|UNIQUE constraint failed|PRIMARY KEY/.test(String(err))) fail(409, REFUND_MSG.raced);
    throw err;
  }
  const row = (await env.DB.prepare('select * from refunds where id = ?').bind(id).first<RefundRow>())!;
  const status = await driveRefund(env, order, row, defer, req.external !== undefined);
  return resultOf(row, order, status);
}

function resultOf(row: RefundRow, order: OrderRow, status: RefundRow['status']): RefundResult {
  const tickets = JSON.parse(row.ticket_ids) as string[];
  return {
    refund_id: row.id,
    refunded_cents: row.amount_cents,
    fee_cents: row.fee_cents,
    tickets: tickets.length,
    whole: row.amount_cents === order.total_cents,
    method: row.method,
    status,
  };
}

/** Drives every pending refund of the order (left by an earlier MercadoPago outage), each with its own key. */
async function drivePending(env: Env, order: OrderRow, defer: Defer) {
  const { results } = await env.DB.prepare("select * from refunds where order_id = ? and status = 'pending'")
    .bind(order.id)
    .all<RefundRow>();
  for (const row of results) {
    try {
      await driveRefund(env, order, row, defer);
    } catch (err) {
      console.error(`Pending refund ${row.id} still pending`, err);
    }
  }
}

/**
 * Moves a refund on from wherever it is: pending → (MercadoPago, with its key) → done, then its stock.
 * Safe to call from several places at once: MercadoPago sees one key, and completion is conditional.
 */
async function driveRefund(
  env: Env,
  order: OrderRow,
  row: RefundRow,
  defer: Defer,
  moneyAlreadyMoved = false,
): Promise<RefundRow['status']> {
  if (row.status === 'failed') return 'failed';
  if (row.status === 'pending') {
    if (row.method === 'mercadopago' && row.amount_cents > 0 && !moneyAlreadyMoved && order.payment_id) {
      try {
        await refundAtMercadoPago(env, order, row);
      } catch (err) {
        // A definite refusal (not "in progress" 409, not a timeout): nothing was given back.
        if (err instanceof MercadoPagoError && err.status >= 400 && err.status < 500 && err.status !== 409) {
          await abandon(env, row);
          await settleAtDoor(env, { eventId: order.event_id, claimId: refundClaimId(row.id) });
          fail(409, REFUND_MSG.mpRefused);
        }
        console.error(`MercadoPago refund ${row.id} failed; it stays pending`, err);
        fail(502, REFUND_MSG.mpUnavailable);
      }
    }
    const won = await completeRefund(env, order, row);
    // The door closes the cancelled tickets for good (and releases any the refund kept admitted).
    await settleAtDoor(env, { eventId: order.event_id, claimId: refundClaimId(row.id) }, JSON.parse(row.ticket_ids));
    if (won) defer(sendRefundMail(env, order, row));
  }
  try {
    await returnStock(env, order, row.id);
  } catch (err) {
    // The refund is done; its places stay sold (never oversold) until the cron job returns them.
    console.error(`Stock of refund ${row.id} not returned yet; the cron job retries`, err);
  }
  return 'done';
}

async function refundAtMercadoPago(env: Env, order: OrderRow, row: RefundRow) {
  const { accessToken } = await mpCredentialsOf(env, order.producer_id, order.mp_collector_id);
  const mp = mercadoPago(env, accessToken);
  const paymentId = order.payment_id!;
  // The whole payment in one refund: MercadoPago's full refund (the payment becomes "refunded").
  if (row.amount_cents === order.total_cents) await mp.refundPayment(paymentId, row.idempotency_key);
  else await mp.refundPart(paymentId, row.amount_cents, row.idempotency_key);
}

/** MercadoPago refused the refund: nothing moved, so the tickets are released for another try. */
async function abandon(env: Env, row: RefundRow) {
  await env.DB.batch([
    env.DB.prepare(
      `delete from refund_tickets where refund_id = ? and exists (select 1 from refunds where id = ? and status = 'pending')`,
    ).bind(row.id, row.id),
    env.DB.prepare("update refunds set status = 'failed' where id = ? and status = 'pending'").bind(row.id),
  ]);
}

/** Cron: refunds left pending (MercadoPago outage) or done without their stock returned (a crash). */
export async function resumeRefunds(env: Env) {
  const { results } = await env.DB.prepare(
    `select r.*, o.event_id, o.hold_id from refunds r join orders o on o.id = r.order_id
     where (r.status = 'done' and r.stock_returned = 0) or (r.status = 'pending' and r.created_at < ?)
     limit 100`,
  )
    .bind(new Date(Date.now() - 60_000).toISOString())
    .all<RefundRow & { event_id: number; hold_id: string }>();
  for (const row of results) {
    try {
      const order = await env.DB.prepare('select * from orders where id = ?').bind(row.order_id).first<OrderRow>();
      if (order) await driveRefund(env, order, row, () => {});
    } catch (err) {
      console.error(`Refund ${row.id} could not be resumed`, err);
    }
  }
}
