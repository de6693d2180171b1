import { salesPeriodRange } from '../../../../src/shared/sales';
import type { EventStatus } from '../../../../src/shared/schemas/events';
import type { SalesScopeQuery } from '../../../../src/shared/schemas/sales';
import { cancellationProgress } from '../events/cancellation';
import { resaleRefundProblems } from '../resale/seller-refund';
import { type SalesScope, scopeWhere } from './scope';

type Totals = {
  orders: number;
  total: number;
  service: number;
  refunds: number;
  chargebacks: number;
  mp_fees: number;
};

/** Sums of ledger entries (alias `l`): money in, the service charge in it, MercadoPago's fees, money back. */
const SUMS = `count(distinct case when l.kind in ('payment', 'box_office') then l.order_id end) as orders,
  coalesce(sum(case when l.kind in ('payment', 'box_office') then l.amount_cents else 0 end), 0) as total,
  coalesce(sum(case when l.kind = 'service_charge' then l.amount_cents else 0 end), 0) as service,
  coalesce(sum(case when l.kind = 'refund' then l.amount_cents else 0 end), 0) as refunds,
  coalesce(sum(case when l.kind = 'chargeback' then l.amount_cents else 0 end), 0) as chargebacks,
  coalesce(sum(case when l.kind = 'mp_fee' then l.amount_cents else 0 end), 0) as mp_fees`;

/** The signed amount of an entry for the balance: money in positive, fees and money back negative. */
const SIGNED = `case when l.kind in ('payment', 'box_office') then l.amount_cents
  when l.kind in ('mp_fee', 'refund', 'chargeback') then -l.amount_cents else 0 end`;

/**
 * Finance read only from the ledger (immutable entries, migrations/0016_refunds_ledger.sql), by the time each
 * movement happened in the period: gross collected (online payments and the box office), the service charge
 * in it, MercadoPago's fees, refunds and chargebacks, and the net = gross − MercadoPago fees − refunds −
 * chargebacks. Available vs to be released splits the same entries by their release date (MercadoPago's
 * money_release_date; the box office, refunds and chargebacks at once), so available + to be released = net.
 * Reconciliation ("Conciliación") lists every mismatch between MercadoPago's payments, the orders and the ledger.
 */
export async function finance(db: D1Database, scope: SalesScope, query: SalesScopeQuery, now = new Date()) {
  const range = salesPeriodRange(query.period, query.from, query.to, now) ?? { from: '', to: '9999', bucket: 'day' };
  const ledgerScope = scopeWhere(scope, 'l.producer_id', 'l.event_id');
  const where = `${ledgerScope.sql} and l.created_at >= ? and l.created_at < ?`;
  const binds = [...ledgerScope.binds, range.from, range.to];
  const orderBinds = [...scope.binds, range.from, range.to];
  const from = 'from ledger_entries l';
  const [
    totals,
    release,
    series,
    byEvent,
    unpaidPayments,
    missingPayments,
    amountMismatch,
    refundMismatch,
    ledgerMissing,
  ] = await db.batch([
    db.prepare(`select ${SUMS} ${from} where ${where}`).bind(...binds),
    db
      .prepare(
        `select coalesce(sum(case when l.release_at is null or l.release_at <= ? then ${SIGNED} else 0 end), 0) as available,
                  coalesce(sum(case when l.release_at > ? then ${SIGNED} else 0 end), 0) as to_release
           ${from} where ${where}`,
      )
      .bind(now.toISOString(), now.toISOString(), ...binds),
    db
      .prepare(
        `select substr(datetime(l.created_at, '-3 hours'), 1, 10) as bucket, ${SUMS} ${from} where ${where}
           group by bucket order by bucket`,
      )
      .bind(...binds),
    db
      .prepare(
        `select l.event_id, e.title, e.status, ${SUMS} ${from} join events e on e.id = l.event_id where ${where}
           group by l.event_id order by total desc limit 100`,
      )
      .bind(...binds),
    // An approved MercadoPago payment whose order is not paid (nor refunded).
    db
      .prepare(
        `select p.id as payment_id, p.order_id, o.status as order_status, p.amount_cents
           from payments p join orders o on o.id = p.order_id
           where ${scope.sql} and p.status = 'approved' and o.status not in ('paid', 'refunded') limit 100`,
      )
      .bind(...scope.binds),
    // A paid order without its approved MercadoPago payment.
    db
      .prepare(
        `select o.id as order_id, o.payment_id, o.total_cents from orders o
           where ${scope.sql} and o.paid_at >= ? and o.paid_at < ? and o.status = 'paid' and o.total_cents > 0
             and coalesce(o.payment_id, '') not like 'boleteria:%'
             and not exists (select 1 from payments p where p.id = o.payment_id and p.order_id = o.id and p.status = 'approved')
           limit 100`,
      )
      .bind(...orderBinds),
    // The payment that paid an order is not for the order's total.
    db
      .prepare(
        `select o.id as order_id, o.payment_id, o.total_cents, p.amount_cents from orders o join payments p on p.id = o.payment_id
           where ${scope.sql} and o.paid_at >= ? and o.paid_at < ? and p.amount_cents <> o.total_cents limit 100`,
      )
      .bind(...orderBinds),
    // What MercadoPago says was given back against what our refunds say (a refunded payment, an order not).
    db
      .prepare(
        `select o.id as order_id, o.payment_id, p.status as payment_status, o.status as order_status, o.refunded_cents
           from orders o join payments p on p.id = o.payment_id
           where ${scope.sql} and o.paid_at >= ? and o.paid_at < ?
             and ((p.status in ('refunded', 'charged_back') and o.status = 'paid')
               or (p.status = 'approved' and o.status = 'refunded' and coalesce(o.payment_status, '') not in ('refunded', 'charged_back')
                   and not exists (select 1 from refunds r where r.order_id = o.id and r.status = 'done')))
           limit 100`,
      )
      .bind(...orderBinds),
    // A paid order the ledger does not know (its money would be missing from every figure).
    db
      .prepare(
        `select o.id as order_id, o.total_cents from orders o
           where ${scope.sql} and o.paid_at >= ? and o.paid_at < ? and o.kind = 'sale' and o.total_cents > 0
             and not exists (select 1 from ledger_entries l where l.order_id = o.id and l.kind in ('payment', 'box_office'))
           limit 100`,
      )
      .bind(...orderBinds),
  ]);
  const view = (t: Totals) => ({
    orders: t.orders,
    // Ticket prices (what the producer sells), the service charge on top, and both: what was collected.
    gross_cents: t.total - t.service,
    service_charges_cents: t.service,
    total_cents: t.total,
    mp_fees_cents: t.mp_fees,
    refunds_cents: t.refunds,
    chargebacks_cents: t.chargebacks,
    net_cents: t.total - t.mp_fees - t.refunds - t.chargebacks,
  });
  const r = release.results[0] as { available: number; to_release: number };
  return {
    period: range,
    totals: view(totals.results[0] as Totals),
    available_cents: r.available,
    to_release_cents: r.to_release,
    series: (series.results as (Totals & { bucket: string })[]).map((s) => ({ bucket: s.bucket, ...view(s) })),
    by_event: (byEvent.results as (Totals & { event_id: number; title: string; status: EventStatus })[]).map((e) => ({
      event_id: e.event_id,
      title: e.title,
      status: e.status,
      ...view(e),
    })),
    reconciliation: {
      payments_without_paid_order: unpaidPayments.results as {
        payment_id: string;
        order_id: string;
        order_status: string;
        amount_cents: number;
      }[],
      paid_orders_without_payment: missingPayments.results as {
        order_id: string;
        payment_id: string | null;
        total_cents: number;
      }[],
      amount_mismatches: amountMismatch.results as {
        order_id: string;
        payment_id: string;
        total_cents: number;
        amount_cents: number;
      }[],
      refund_mismatches: refundMismatch.results as {
        order_id: string;
        payment_id: string;
        payment_status: string;
        order_status: string;
        refunded_cents: number;
      }[],
      orders_missing_from_ledger: ledgerMissing.results as { order_id: string; total_cents: number }[],
    },
    /** Cancelled events of the scope and their buyers' refunds (services/events/cancellation.ts). */
    cancellations: await cancellationProgress(db, scope),
    /** Resold tickets whose seller's refund failed or waits on MercadoPago (services/resale/resale.ts). */
    resale_refunds: await resaleRefundProblems(db, scope),
  };
}
