import { salesPeriodRange } from '../../../../src/shared/sales';
import type { SalesScopeQuery } from '../../../../src/shared/schemas/sales';
import type { SalesScope } from './scope';

type Totals = {
  orders: number;
  gross: number;
  service: number;
  total: number;
  refunds: number;
  chargebacks: number;
  mp_fees: number;
  kept_service: number;
};

/**
 * Finance of the orders paid in the period: what was collected, what is ours (service charges on orders
 * not refunded), MercadoPago's fees (each payment's fee_details), refunds and chargebacks, and the net for
 * the producer = total − refunds − chargebacks − service charges kept − MercadoPago fees. Available vs to
 * be released comes from each approved payment's money_release_date. Reconciliation lists paid orders
 * without their approved payment and approved payments whose order is not paid.
 */
export async function finance(db: D1Database, scope: SalesScope, query: SalesScopeQuery, now = new Date()) {
  const range = salesPeriodRange(query.period, query.from, query.to, now) ?? { from: '', to: '9999', bucket: 'day' };
  const where = `${scope.sql} and o.paid_at >= ? and o.paid_at < ?`;
  const binds = [...scope.binds, range.from, range.to];
  const sums = `count(*) as orders, coalesce(sum(o.subtotal_cents), 0) as gross, coalesce(sum(o.fee_cents), 0) as service,
    coalesce(sum(o.total_cents), 0) as total,
    coalesce(sum(case when o.status = 'refunded' and coalesce(o.payment_status, '') <> 'charged_back' then o.total_cents else o.refunded_cents end), 0) as refunds,
    coalesce(sum(case when o.payment_status = 'charged_back' then o.total_cents else 0 end), 0) as chargebacks,
    coalesce(sum(p.fee_cents), 0) as mp_fees,
    coalesce(sum(case when o.status = 'paid' then o.fee_cents else 0 end), 0) as kept_service`;
  const from = 'from orders o left join payments p on p.id = o.payment_id';
  const [totals, release, series, byEvent, unpaidPayments, missingPayments] = await db.batch([
    db.prepare(`select ${sums} ${from} where ${where}`).bind(...binds),
    db
      .prepare(
        `select coalesce(sum(case when p.money_release_date is null or p.money_release_date <= ? then p.amount_cents - p.fee_cents else 0 end), 0) as available,
                coalesce(sum(case when p.money_release_date > ? then p.amount_cents - p.fee_cents else 0 end), 0) as to_release
         ${from} where ${where} and o.status = 'paid' and p.status = 'approved'`,
      )
      .bind(now.toISOString(), now.toISOString(), ...binds),
    db
      .prepare(
        `select substr(datetime(o.paid_at, '-3 hours'), 1, 10) as bucket, ${sums} ${from} where ${where}
         group by bucket order by bucket`,
      )
      .bind(...binds),
    db
      .prepare(
        `select o.event_id, e.title, ${sums} ${from} join events e on e.id = o.event_id where ${where}
         group by o.event_id order by total desc limit 100`,
      )
      .bind(...binds),
    db
      .prepare(
        `select p.id as payment_id, p.order_id, o.status as order_status, p.amount_cents
         from payments p join orders o on o.id = p.order_id
         where ${scope.sql} and p.status = 'approved' and o.status not in ('paid', 'refunded') limit 100`,
      )
      .bind(...scope.binds),
    db
      .prepare(
        `select o.id as order_id, o.payment_id, o.total_cents from orders o
         where ${where} and o.status = 'paid' and o.total_cents > 0 and coalesce(o.payment_id, '') not like 'boleteria:%'
           and not exists (select 1 from payments p where p.id = o.payment_id and p.order_id = o.id and p.status = 'approved')
         limit 100`,
      )
      .bind(...binds),
  ]);
  const view = (t: Totals) => ({
    orders: t.orders,
    gross_cents: t.gross,
    service_charges_cents: t.service,
    total_cents: t.total,
    mp_fees_cents: t.mp_fees,
    refunds_cents: t.refunds,
    chargebacks_cents: t.chargebacks,
    net_cents: t.total - t.refunds - t.chargebacks - t.kept_service - t.mp_fees,
  });
  const r = release.results[0] as { available: number; to_release: number };
  return {
    period: range,
    totals: view(totals.results[0] as Totals),
    available_cents: r.available,
    to_release_cents: r.to_release,
    series: (series.results as (Totals & { bucket: string })[]).map((s) => ({ bucket: s.bucket, ...view(s) })),
    by_event: (byEvent.results as (Totals & { event_id: number; title: string })[]).map((e) => ({
      event_id: e.event_id,
      title: e.title,
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
    },
  };
}
