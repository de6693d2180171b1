import { salesPeriodRange } from '../../../../src/shared/sales';
import type { SalesScopeQuery } from '../../../../src/shared/schemas/sales';
import { type SalesScope, scopeWhere } from './scope';

type Figures = { orders: number; gross: number; fees: number; total: number; refunds: number };

/**
 * The dashboard in one D1 round trip: figures of the orders paid in the period, sales over time, tickets by
 * type, occupancy of upcoming dates, today's check-in and the latest orders. "Paid in the period" is
 * paid_at (set once, kept when refunded), so refunds show as refunds, not as missing sales.
 */
export async function dashboard(db: D1Database, scope: SalesScope, query: SalesScopeQuery, now = new Date()) {
  const range = salesPeriodRange(query.period, query.from, query.to, now) ?? {
    from: '',
    to: '9999',
    bucket: 'day' as const,
  };
  const where = `${scope.sql} and o.paid_at >= ? and o.paid_at < ?`;
  const binds = [...scope.binds, range.from, range.to];
  const events = scopeWhere(scope, 'e.producer_id', 'e.id');
  const bucketLength = range.bucket === 'hour' ? 13 : 10;
  const [figures, tickets, series, byType, occupancy, checkin, latest] = await db.batch([
    db
      .prepare(
        `select count(*) as orders, coalesce(sum(o.subtotal_cents), 0) as gross, coalesce(sum(o.fee_cents), 0) as fees,
                coalesce(sum(o.total_cents), 0) as total,
                coalesce(sum(case when o.status = 'refunded' then o.total_cents else o.refunded_cents end), 0) as refunds
         from orders o where ${where}`,
      )
      .bind(...binds),
    db
      .prepare(
        `select count(*) as n from tickets t join orders o on o.id = t.order_id
         where ${where} and t.status in ('valid', 'used')`,
      )
      .bind(...binds),
    db
      .prepare(
        `select substr(datetime(o.paid_at, '-3 hours'), 1, ${bucketLength}) as bucket, count(*) as orders,
                sum(o.total_cents) as total
         from orders o where ${where} group by bucket order by bucket`,
      )
      .bind(...binds),
    db
      .prepare(
        `select tt.id, tt.name, sum(i.quantity) as tickets, sum(i.quantity * i.unit_price_cents) as gross
         from orders o join order_items i on i.order_id = o.id join ticket_types tt on tt.id = i.ticket_type_id
         where ${where} and o.status = 'paid' group by tt.id order by tickets desc limit 20`,
      )
      .bind(...binds),
    db
      .prepare(
        `select d.id as event_date_id, e.id as event_id, e.title, d.starts_at, sum(tt.capacity) as capacity,
                sum(tt.sold) as sold, sum(tt.held) as held
         from event_dates d join events e on e.id = d.event_id join ticket_types tt on tt.event_date_id = d.id
         where ${events.sql} and datetime(d.starts_at) >= datetime(?)
         group by d.id order by datetime(d.starts_at) limit 20`,
      )
      .bind(...events.binds, now.toISOString()),
    db
      .prepare(
        `select d.id as event_date_id, e.id as event_id, e.title, d.starts_at,
                coalesce(sum(t.status = 'used'), 0) as checked_in, count(t.id) as tickets
         from event_dates d join events e on e.id = d.event_id
         left join tickets t on t.event_date_id = d.id and t.status in ('valid', 'used')
         where ${events.sql} and date(d.starts_at, '-3 hours') = date(?, '-3 hours')
         group by d.id order by d.starts_at`,
      )
      .bind(...events.binds, now.toISOString()),
    db
      .prepare(
        `select o.id, o.buyer_name, o.buyer_email, o.total_cents, o.status, o.paid_at, e.title as event_title
         from orders o join events e on e.id = o.event_id
         where ${scope.sql} and o.paid_at is not null order by o.paid_at desc limit 10`,
      )
      .bind(...scope.binds),
  ]);
  const f = figures.results[0] as Figures;
  return {
    period: { from: range.from, to: range.to, bucket: range.bucket },
    figures: {
      gross_cents: f.gross,
      service_charges_cents: f.fees,
      total_cents: f.total,
      refunds_cents: f.refunds,
      orders: f.orders,
      tickets: (tickets.results[0] as { n: number }).n,
      average_order_cents: f.orders > 0 ? Math.round(f.total / f.orders) : 0,
    },
    series: series.results as { bucket: string; orders: number; total: number }[],
    by_type: byType.results as { id: number; name: string; tickets: number; gross: number }[],
    occupancy: occupancy.results as {
      event_date_id: number;
      event_id: number;
      title: string;
      starts_at: string;
      capacity: number;
      sold: number;
      held: number;
    }[],
    checkin: checkin.results as {
      event_date_id: number;
      event_id: number;
      title: string;
      starts_at: string;
      checked_in: number;
      tickets: number;
    }[],
    latest: latest.results as {
      id: string;
      buyer_name: string | null;
      buyer_email: string | null;
      total_cents: number;
      status: string;
      paid_at: string;
      event_title: string;
    }[],
  };
}
