import { HTTPException } from 'hono/http-exception';
import type { RefundReason } from '../../../../src/shared/messages/checkout';
import { TICKET_FATE_MSG } from '../../../../src/shared/messages/checkout';
import { REFUND_REASON } from '../../../../src/shared/messages/refunds';
import { type OrderState, orderTransition } from '../../../domain/checkout/order-state';
import { inventoryOf } from '../../../durable-objects/stubs';
import { MercadoPagoError, type MpPayment, mercadoPago } from '../../../payments/mercadopago';
import { payUnderClaim, sellHold } from '../checkout/commit';
import { mpCredentialsOf } from '../checkout/config';
import { ensureTickets } from '../checkout/issue-tickets';
import { nowIso, type OrderRow } from '../checkout/orders';
import { sendRefundNotice } from '../checkout/ticket-mail';
import { deliverTicketsMail, QUEUE_TICKETS_MAIL_SQL } from '../checkout/ticket-mail-queue';
import { refundOrderTickets } from '../refunds/refund';
import { afterResaleSale, resaleSaleStatements } from '../resale/seller-refund';
import { formerSellerTokens } from '../settings/mp-link';

/** Work that may run after the answer (e-mails): ctx.waitUntil when there is a context. */
export type Defer = (work: Promise<unknown>) => void;

const OPEN: OrderState[] = ['held', 'pending_payment', 'failed', 'expired'];
const OPEN_SQL = "('held', 'pending_payment', 'failed', 'expired')";

/**
 * The payment state machine. Every transition is a conditional update (`... where status in (expected)`),
 * so a duplicate, late or concurrent notification changes nothing or loses the race harmlessly:
 * - first of all the payment must match its order: collected by the order's producer account (the one
 *   whose credentials fetched it), same amount and currency as the order's total. A mismatch is logged,
 *   an approved one refunded, and the order is never touched;
 * - approved: the open hold becomes sold and the tickets are issued once. A hold that expired, was replaced
 *   by the buyer's newer hold, or was closed by the event's cancellation is not payable: the payment is
 *   refunded through MercadoPago and the buyer is told;
 * - pending / in_process: the order waits; a cash payment keeps the hold until the payment expires;
 * - rejected / cancelled: the hold's tickets go back on sale; a retry approved within the hold's time is
 *   still sold if the stock is there (unless the buyer made a newer hold meanwhile);
 * - refunded / charged_back: tickets cancelled and back on sale.
 */
export async function applyPayment(
  env: Env,
  payment: MpPayment,
  defer: Defer,
  /** The access token that fetched the payment: the account that collected it. */
  collectedWith: string,
): Promise<string> {
  const orderId = payment.external_reference;
  if (!orderId) return 'ignored';
  const order = await env.DB.prepare('select * from orders where id = ?').bind(orderId).first<OrderRow>();
  if (!order) {
    console.warn(`Payment ${payment.id} names an unknown order`, orderId.slice(0, 80));
    return 'ignored';
  }
  const paymentId = String(payment.id);
  const mismatch = await mismatchOf(env, order, payment, collectedWith);
  if (mismatch) {
    console.error(`Payment ${paymentId} does not match order ${order.id}: ${mismatch}`);
    if (payment.status !== 'approved' && payment.status !== 'authorized') return 'mismatch_ignored';
    await mercadoPago(env, collectedWith).refundPayment(paymentId);
    return 'mismatch_refunded';
  }
  await recordPayment(env, order.id, payment);

  switch (payment.status) {
    case 'approved':
    case 'authorized':
      return approve(env, order, paymentId, defer);
    case 'pending':
    case 'in_process':
    case 'in_mediation':
      return keepPending(env, order, payment);
    case 'rejected':
    case 'cancelled':
      return fail(env, order, paymentId, payment.status);
    case 'refunded':
    case 'charged_back':
      return markOrderRefunded(env, order, paymentId, payment.status, defer);
    default:
      return 'ignored';
  }
}

async function recordPayment(env: Env, orderId: string, p: MpPayment) {
  await env.DB.prepare(
    `insert into payments (id, order_id, status, status_detail, payment_method_id, payment_type_id, amount_cents, date_of_expiration, updated_at, fee_cents, money_release_date, installments)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (id) do update set status = excluded.status, status_detail = excluded.status_detail, updated_at = excluded.updated_at,
       fee_cents = excluded.fee_cents, money_release_date = excluded.money_release_date, installments = excluded.installments`,
  )
    .bind(
      String(p.id),
      orderId,
      p.status,
      p.status_detail,
      p.payment_method_id,
      p.payment_type_id,
      Math.round(p.transaction_amount * 100),
      p.date_of_expiration,
      nowIso(),
      // MercadoPago's own fees only: a linked seller's `application_fee` is our service charge, counted apart.
      Math.round(
        (p.fee_details ?? []).filter((f) => f.type !== 'application_fee').reduce((sum, f) => sum + f.amount, 0) * 100,
      ),
      p.money_release_date ?? null,
      p.installments ?? null,
    )
    .run();
}

async function approve(env: Env, order: OrderRow, paymentId: string, defer: Defer): Promise<string> {
  if (order.status === 'paid') {
    if (order.payment_id === paymentId) {
      await ensureTickets(env, order);
      return 'already_paid';
    }
    // A second approved payment for an order already paid (the buyer paid twice): give it back.
    await refundThroughMercadoPago(env, order, paymentId);
    return 'duplicate_payment_refunded';
  }
  if (order.status === 'refunded') return 'already_refunded';

  const { sold, claim } = await sellHold(env, order.event_id, order.hold_id);
  // Another delivery of this payment is selling the same resale offer right now: it finishes the order.
  if (!sold.ok && sold.reason === 'in_flight') return 'lost_race';
  if (!sold.ok) {
    const reason: RefundReason = sold.reason === 'closed' ? 'evento_cancelado' : 'reserva_vencida';
    // Why, before asking MercadoPago: its "refunded" notification may close the order before this call
    // returns, and whichever path closes it then knows the reason and tells the buyer, once.
    await env.DB.prepare(`update orders set status_reason = ? where id = ? and status in ${OPEN_SQL}`)
      .bind(reason, order.id)
      .run();
    await refundThroughMercadoPago(env, order, paymentId);
    const res = await orderTransition(env.DB, { id: order.id }, OPEN, 'refunded', {
      set: { status_reason: reason, payment_id: paymentId, payment_status: 'refunded' },
    }).run();
    if (res.meta.changes === 1) defer(sendRefundNotice(env, order, reason));
    return `refunded_${reason}`;
  }

  // A resold ticket (face-value resale) bought by this hold is cancelled in the same batch: never valid beside
  // the buyer's, whatever becomes of its seller's refund (services/resale).
  const resale = sold.resold ? await resaleSaleStatements(env, sold.resold, order.id) : [];
  const [res] = await payUnderClaim(env, claim, [
    orderTransition(env.DB, { id: order.id }, OPEN, 'paid', {
      set: { payment_id: paymentId, payment_status: 'approved', paid_at: nowIso(), status_reason: null },
      setSql: QUEUE_TICKETS_MAIL_SQL,
    }),
    ...paymentLedger(env.DB, order, paymentId),
    ...resale,
  ]);
  if (res.meta.changes !== 1) return 'lost_race';
  const paid = { ...order, status: 'paid' as const, payment_id: paymentId };
  // Tickets first and on their own: whatever happens to the e-mail, the order has its tickets (and the
  // e-mail is retried by the cron job).
  await ensureTickets(env, paid);
  defer(deliverTicketsMail(env, order.id));
  if (sold.resold) await afterResaleSale(env, sold.resold, defer);
  return 'paid';
}

async function keepPending(env: Env, order: OrderRow, payment: MpPayment): Promise<string> {
  const until = payment.date_of_expiration ? new Date(payment.date_of_expiration) : null;
  const extended =
    until && until.getTime() > new Date(order.hold_expires_at).getTime() ? until.toISOString() : order.hold_expires_at;
  const res = await orderTransition(env.DB, { id: order.id }, ['held', 'pending_payment'], 'pending_payment', {
    set: { payment_id: String(payment.id), payment_status: payment.status, hold_expires_at: extended },
    where: { sql: 'hold_expires_at > ?', binds: [nowIso()] },
  }).run();
  if (res.meta.changes === 1 && extended !== order.hold_expires_at) {
    await inventoryOf(env, order.event_id).extend(order.hold_id, new Date(extended).getTime());
  }
  return res.meta.changes === 1 ? 'pending' : 'ignored';
}

async function fail(env: Env, order: OrderRow, paymentId: string, status: string): Promise<string> {
  const res = await orderTransition(env.DB, { id: order.id }, ['held', 'pending_payment'], 'failed', {
    set: { payment_id: paymentId, payment_status: status },
  }).run();
  if (res.meta.changes !== 1) return 'ignored';
  await inventoryOf(env, order.event_id).reject(order.hold_id);
  return 'failed';
}

/** A refund refused for these reasons has not happened yet: it must be asked again, not taken as done. */
const RETRY_LATER: string[] = [TICKET_FATE_MSG.busy, TICKET_FATE_MSG.fenced];

/** Refunds we start ourselves and tell the buyer about, whichever path closes the order. */
const OUR_REFUNDS: readonly (string | null)[] = ['reserva_vencida', 'evento_cancelado'] satisfies RefundReason[];

export async function markOrderRefunded(
  env: Env,
  order: OrderRow,
  paymentId: string | null,
  status: string,
  defer?: Defer,
): Promise<string> {
  // A refund of some other attempt (not the payment that paid the order) leaves the order alone.
  if (order.status === 'paid' && paymentId !== null && order.payment_id !== paymentId) return 'ignored';
  if (order.status === 'paid') {
    // MercadoPago refunded the whole payment (or the bank charged it back): every ticket not refunded yet
    // is refunded by one refund row, through the same path as the producer's refunds (tickets claimed
    // once, stock back once per ticket). A refund of ours still pending is completed there first.
    try {
      await refundOrderTickets(
        env,
        order,
        {
          actor: null,
          reason: status === 'charged_back' ? REFUND_REASON.chargeback : REFUND_REASON.mercadoPago,
          key: `mp-${order.payment_id}-${status}`,
          external: status === 'charged_back' ? 'charged_back' : 'mp_refunded',
        },
        defer ?? (() => {}),
      );
    } catch (err) {
      // Nothing left to refund: our own refunds already covered every ticket. A ticket held by another
      // operation at the door is not that: the notification fails and MercadoPago sends it again.
      const held = err instanceof HTTPException && RETRY_LATER.includes(err.message);
      if (!(err instanceof HTTPException) || err.status !== 409 || held) throw err;
    }
    await env.DB.prepare('update orders set payment_status = ? where id = ?').bind(status, order.id).run();
    return 'refunded';
  }
  const closed = await orderTransition(env.DB, { id: order.id }, ['held', 'pending_payment'], 'refunded', {
    set: { payment_status: status },
    returning: 'status_reason',
  }).first<{ status_reason: string | null }>();
  if (!closed) return 'ignored';
  // MercadoPago's notice of a refund we asked for arrived first: the buyer hears why from here.
  if (defer && OUR_REFUNDS.includes(closed.status_reason))
    defer(sendRefundNotice(env, order, closed.status_reason as RefundReason));
  await inventoryOf(env, order.event_id).release(order.hold_id);
  return 'refunded';
}

/**
 * The ledger entries of an approved online payment, written in the same batch as the transition to paid
 * and only if it won (the order is paid by this payment): the payment, the service charge in it, and
 * MercadoPago's fee with the day the money is released. Each is written once (kind, ref).
 */
export function paymentLedger(db: D1Database, order: OrderRow, paymentId: string) {
  const won = "exists (select 1 from orders where id = ? and status = 'paid' and payment_id = ?)";
  const entry = (kind: 'payment' | 'service_charge' | 'mp_fee', amount: string) =>
    db
      .prepare(
        `insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, release_at, ref)
         select ?, ?, ?, ?, 'mercadopago', ${amount}, p.money_release_date, p.id from payments p
         where p.id = ? and ${won}`,
      )
      .bind(order.id, order.producer_id, order.event_id, kind, paymentId, order.id, paymentId);
  // The service charge is the platform's part of the payment (informative: it is inside the payment).
  return [
    entry('payment', String(order.total_cents)),
    entry('service_charge', String(order.fee_cents)),
    entry('mp_fee', 'p.fee_cents'),
  ];
}

export async function refundThroughMercadoPago(env: Env, order: OrderRow, paymentId: string) {
  const { accessToken } = await mpCredentialsOf(env, order.producer_id, order.mp_collector_id);
  await mercadoPago(env, accessToken).refundPayment(paymentId);
}

/**
 * Why a payment cannot pay its order, or null: it must be collected by the account of the order's producer
 * (the notification's `?producer=` only chooses which credentials fetch it) and equal the order's total.
 */
async function mismatchOf(env: Env, order: OrderRow, payment: MpPayment, collectedWith: string) {
  const owner = await mpCredentialsOf(env, order.producer_id, order.mp_collector_id);
  // A linked seller's token is renewed every few months; its payments stay its own (collector_id).
  if (owner.collectorId !== null && payment.collector_id != null) {
    if (String(payment.collector_id) !== owner.collectorId) return 'collected by another account';
  } else if (owner.accessToken !== collectedWith) return 'collected by another account';
  if (payment.currency_id !== 'ARS') return `currency ${payment.currency_id}`;
  const cents = Math.round(payment.transaction_amount * 100);
  if (cents !== order.total_cents) return `amount ${cents} instead of ${order.total_cents}`;
  return null;
}

/**
 * Fetches the payment from MercadoPago (never trusting the notification) and applies it. A payment
 * MercadoPago does not know (under these credentials) is logged and answered as done: retrying it
 * would never succeed.
 */
export async function syncPayment(env: Env, paymentId: string, producerId: number | null, defer: Defer) {
  let { accessToken } = await mpCredentialsOf(env, producerId);
  let payment = await paymentOrNull(env, accessToken, paymentId);
  // A refund or chargeback of a payment collected by one of the producer's since-unlinked accounts.
  for (const former of !payment && producerId !== null ? await formerSellerTokens(env, producerId) : []) {
    payment = await paymentOrNull(env, former, paymentId);
    if (payment) {
      accessToken = former;
      break;
    }
  }
  if (!payment) {
    console.warn(`Notified payment ${paymentId.slice(0, 40)} is unknown to MercadoPago (producer ${producerId})`);
    return 'unknown_payment';
  }
  return applyPayment(env, payment, defer, accessToken);
}

async function paymentOrNull(env: Env, accessToken: string, paymentId: string): Promise<MpPayment | null> {
  try {
    return await mercadoPago(env, accessToken).getPayment(paymentId);
  } catch (err) {
    if (!(err instanceof MercadoPagoError) || err.status !== 404) throw err;
    return null;
  }
}
