import { salesPeriodRange } from '../../../../src/shared/sales';
import type { SalesScopeQuery } from '../../../../src/shared/schemas/sales';
import { type SectionOccupancy, sectionOccupancy } from '../seating/occupancy';
import { type SalesScope, scopeWhere } from './scope';

type Figures = { orders: number; gross: number; fees: number; total: number; refunds: number };

/** At most this many chart buckets; a longer custom period widens them to several days each. */
const MAX_BUCKETS = 62;

const HOUR = 3_600_000;

/** Buckets of the period (Buenos Aires hours or days), labelled as the chart reads them. */
function bucketsOf(range: { from: string; to: string; bucket: 'hour' | 'day' }) {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  let step = range.bucket === 'hour' ? HOUR : 24 * HOUR;
  if ((to - from) / step > MAX_BUCKETS) step *= Math.ceil((to - from) / step / MAX_BUCKETS);
  const buckets: { from: string; to: string; label: string }[] = [];
  for (let at = from; at < to; at += step) {
    const ar = new Date(at - 3 * HOUR).toISOString();
    buckets.push({
      from: new Date(at).toISOString(),
      to: new Date(Math.min(to, at + step)).toISOString(),
      label: range.bucket === 'hour' ? `${ar.slice(0, 10)} ${ar.slice(11, 13)}` : ar.slice(0, 10),
    });
  }
  return buckets;
}

/**
 * The UTC hour key ('YYYY-MM-DDTHH') of the rollups (migration 0053) that starts at `iso`, or for `up`, the
 * first hour not before it: bucket bounds are whole hours except a period's end at "now", whose partial
 * hour is taken whole (nothing is written after now).
 */
function hourKey(iso: string, up = false): string {
  const at = Date.parse(iso);
  const hour = Math.floor(at / HOUR) * HOUR;
  return new Date(up && hour < at ? hour + HOUR : hour).toISOString().slice(0, 13);
}

/**
 * The dashboard in one D1 round trip: money figures from the ledger (movements in the period), sales over time, tickets by
 * type, occupancy of upcoming dates, today's check-in and the latest orders. "Paid in the period" is
 * paid_at (set once, kept when refunded), so refunds show as refunds, not as missing sales. Money and issued
 * tickets per type are read from the hourly rollups that triggers keep with every ledger entry and ticket
 * (migration 0053): one short range of at most 24 rows per day and event per bucket, whatever the number of
 * orders (issue 31: 169 ms at 100,000 orders scanning the ledger itself); the few tickets that no longer stand
 * are counted live and taken off. The figures are the buckets' sum.
 */
export async function dashboard(db: D1Database, scope: SalesScope, query: SalesScopeQuery, now = new Date()) {
  const range = salesPeriodRange(query.period, query.from, query.to, now) ?? {
    from: new Date(0).toISOString(),
    to: now.toISOString(),
    bucket: 'day' as const,
  };
  const buckets = bucketsOf(range);
  const events = scopeWhere(scope, 'e.producer_id', 'e.id');
  const ticketScope = scopeWhere(scope, 'e.producer_id', 't.event_id');
  const ticketWhere =
    scope.eventId === null && scope.producerIds
      ? `t.event_id in (select e.id from events e where ${ticketScope.sql})`
      : ticketScope.sql;
  const inviteScope = scopeWhere(scope, 'g.producer_id', 'g.event_id');
  // Money is read from the ledger only, through its hourly rollup (one short range per bucket).
  const ledger = scopeWhere(scope, 'l.producer_id', 'l.event_id');
  const bucketStatements = buckets.map((b) =>
    db
      .prepare(
        `select coalesce(sum(l.orders), 0) as orders, coalesce(sum(l.total_cents), 0) as total,
                coalesce(sum(l.fees_cents), 0) as fees, coalesce(sum(l.refunds_cents), 0) as refunds
         from ledger_hourly l where ${ledger.sql} and l.hour >= ? and l.hour < ?`,
      )
      .bind(...ledger.binds, hourKey(b.from), hourKey(b.to, true)),
  );
  const results = await db.batch([
    db
      .prepare(
        `select g.ticket_type_id as id, tt.name, g.tickets from (
           select t.ticket_type_id, sum(t.tickets) as tickets from ticket_sales_hourly t
           where ${ticketWhere} and t.hour >= ? and t.hour < ?
           group by t.ticket_type_id) g
         join ticket_types tt on tt.id = g.ticket_type_id order by g.tickets desc`,
      )
      .bind(...ticketScope.binds, hourKey(range.from), hourKey(range.to, true)),
    db
      .prepare(
        `select d.id as event_date_id, e.id as event_id, e.title, d.starts_at, sum(tt.capacity) as capacity,
                sum(tt.sold) as sold, sum(tt.held) as held,
                exists (select 1 from event_date_seating s where s.event_date_id = d.id) as seated
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
    // Invitations are free tickets, not sales: counted apart (and taken out of the tickets by type).
    db
      .prepare(
        `select t.ticket_type_id as id, count(*) as tickets from guest_invitations g join tickets t on t.order_id = g.order_id
         where ${inviteScope.sql} and t.created_at >= ? and t.created_at < ? and t.status in ('valid', 'used')
         group by t.ticket_type_id`,
      )
      .bind(...inviteScope.binds, range.from, range.to),
    // Issued tickets that no longer stand (refunded, cancelled, transferred) are taken off the issued count:
    // few, sought by date and status (the index named: with a million valid tickets the planner's statistics
    // made it scan the period's tickets instead, 68 ms at 1,000,000 orders).
    db
      .prepare(
        `select t.ticket_type_id as id, count(*) as tickets from tickets t indexed by tickets_date_status
         where t.event_date_id in (select d.id from event_dates d join events e on e.id = d.event_id where ${events.sql})
           and t.status in ('cancelled', 'transferred') and t.created_at >= ? and t.created_at < ?
         group by t.ticket_type_id`,
      )
      .bind(...events.binds, range.from, range.to),
    ...bucketStatements,
  ]);
  const [byTypeAll, occupancy, checkin, latest, invited, gone] = results;
  const perBucket = results.slice(6).map((r) => {
    const b = r.results[0] as Omit<Figures, 'gross'>;
    return { ...b, gross: b.total - b.fees };
  });
  const invitedByType = new Map((invited.results as { id: number; tickets: number }[]).map((r) => [r.id, r.tickets]));
  const goneByType = new Map((gone.results as { id: number; tickets: number }[]).map((r) => [r.id, r.tickets]));
  const byType = {
    results: (byTypeAll.results as { id: number; name: string; tickets: number }[])
      .map((t) => ({ ...t, tickets: t.tickets - (goneByType.get(t.id) ?? 0) - (invitedByType.get(t.id) ?? 0) }))
      .filter((t) => t.tickets > 0)
      .sort((a, b) => b.tickets - a.tickets),
  };
  const f = perBucket.reduce(
    (sum, b) => ({
      orders: sum.orders + b.orders,
      gross: sum.gross + b.gross,
      fees: sum.fees + b.fees,
      total: sum.total + b.total,
      refunds: sum.refunds + b.refunds,
    }),
    { orders: 0, gross: 0, fees: 0, total: 0, refunds: 0 },
  );
  const types = byType.results as { id: number; name: string; tickets: number }[];
  const dates = occupancy.results as {
    event_date_id: number;
    event_id: number;
    title: string;
    starts_at: string;
    capacity: number;
    sold: number;
    held: number;
    seated: number;
  }[];
  // A seated date's occupancy by section (issue 33): a second round trip, only when the list has one.
  const seatedIds = dates.filter((d) => d.seated).map((d) => d.event_date_id);
  const bySection = await sectionOccupancy(db, seatedIds);
  return {
    period: { from: range.from, to: range.to, bucket: range.bucket },
    figures: {
      gross_cents: f.gross,
      service_charges_cents: f.fees,
      total_cents: f.total,
      refunds_cents: f.refunds,
      orders: f.orders,
      tickets: types.reduce((sum, t) => sum + t.tickets, 0),
      invitation_tickets: [...invitedByType.values()].reduce((sum, n) => sum + n, 0),
      average_order_cents: f.orders > 0 ? Math.round(f.total / f.orders) : 0,
    },
    series: buckets.map((b, i) => ({ bucket: b.label, orders: perBucket[i].orders, total: perBucket[i].total })),
    by_type: types,
    /** `sections`: a seated date's sold, held and free seats per section of its map; null for other dates. */
    occupancy: dates.map(({ seated, ...d }) => ({
      ...d,
      sections: seated ? (bySection.get(d.event_date_id) ?? []) : (null as SectionOccupancy[] | null),
    })),
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
