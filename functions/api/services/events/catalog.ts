import { keptReserveCount } from '../../../../src/shared/availability';
import { dateFilterRange, dayRange, toArIso } from '../../../../src/shared/dates';
import type { Discount } from '../../../../src/shared/pricing';
import { type Availability, availabilityOf, type EventFilters } from '../../../../src/shared/schemas/events';
import { SERVICE_FEE_COLUMNS } from '../../../domain/checkout/service-fee';
import { codeDiscount, type PromoCodeRow } from '../../../domain/promo/codes';
import { likeEvery, searchPatterns } from './search';

const LISTED_AFTER_START_MS = 3 * 3_600_000;

/**
 * The listing window, one rule for every public list: an event is upcoming (listed, counted, not "past")
 * until 3 hours after its last date starts, so a show already under way can still be found and bought.
 */
export const listedFrom = (now = new Date()) => toArIso(new Date(now.getTime() - LISTED_AFTER_START_MS));

export type EventCard = {
  id: number;
  title: string;
  slug: string;
  category: string;
  cover_key: string | null;
  status: string;
  featured: number;
  starts_at: string | null;
  next_at: string | null;
  dates_count: number;
  producer_id: number;
  producer_name: string;
  producer_slug: string;
  venue_name: string | null;
  city: string | null;
  province: string | null;
  provinces_id: number | null;
  min_price: number | null;
  remaining: number;
};

/**
 * The free seats of the kept wheelchair reserve of type `t` (seating `s` of its date) in SQL: what keptReserveCount
 * (src/shared/availability.ts) says in JS. "Now" is ?1 (listedFrom) plus the listing window.
 */
const KEPT_RESERVE_SQL = `(case when s.wheelchair_release_at is not null
  and unixepoch(s.wheelchair_release_at) <= unixepoch(?1) + ${LISTED_AFTER_START_MS / 1000} then 0 else t.reserve_free end)`;

const CARD_COLUMNS = `
  e.id, e.title, e.slug, e.category, e.cover_key, e.status, e.featured, e.starts_at, e.provinces_id,
  p.id as producer_id, p.name as producer_name, p.slug as producer_slug,
  v.name as venue_name, v.city, pr.name as province,
  (select min(d.starts_at) from event_dates d where d.event_id = e.id and d.starts_at >= ?1) as next_at,
  (select count(*) from event_dates d where d.event_id = e.id) as dates_count,
  (select min(t.price_cents) from ticket_types t join event_dates d on d.id = t.event_date_id
     where d.event_id = e.id and t.hidden = 0) as min_price,
  (select coalesce(sum(max(t.capacity - t.sold - t.held - ${KEPT_RESERVE_SQL}, 0)), 0) from ticket_types t
     join event_dates d on d.id = t.event_date_id left join event_date_seating s on s.event_date_id = t.event_date_id
     where d.event_id = e.id and t.hidden = 0) as remaining`;

const CARD_FROM = `
  from events e join producers p on p.id = e.producer_id
  left join venues v on v.id = e.venue_id
  left join provincias pr on pr.id = e.provinces_id`;

/** The published, upcoming events that match the catalogue filters, soonest first, one page at a time. */
export async function listPublicEvents(db: D1Database, filters: EventFilters, now = new Date()) {
  // ?1 is the "listed from" instant used by CARD_COLUMNS and the upcoming check.
  const params: unknown[] = [listedFrom(now)];
  const where = [`e.status = 'publicado'`, 'e.last_starts_at >= ?1'];
  if (filters.provincia) {
    params.push(filters.provincia);
    where.push(`e.provinces_id = ?${params.length}`);
  }
  if (filters.categoria) {
    params.push(filters.categoria);
    where.push(`e.category = ?${params.length}`);
  }
  if (filters.productora) {
    params.push(filters.productora);
    where.push(`e.producer_id = ?${params.length}`);
  }
  if (filters.q) {
    const patterns = searchPatterns(filters.q);
    const matches = likeEvery('s.text', patterns, params.length + 1);
    params.push(...patterns);
    where.push(`e.id in (select s.event_id from events_search s where ${matches})`);
  }
  const range = filterRange(filters, now);
  if (range) {
    params.push(range.from, range.to);
    where.push(
      `exists (select 1 from event_dates d where d.event_id = e.id and d.starts_at >= ?${params.length - 1} and d.starts_at < ?${params.length})`,
    );
  }
  const whereSql = where.join(' and ');
  const limit = filters.por_pagina;
  const offset = (filters.pagina - 1) * limit;
  const [rows, total] = await db.batch([
    db
      .prepare(
        `select ${CARD_COLUMNS} ${CARD_FROM} where ${whereSql}
          order by coalesce(next_at, e.starts_at), e.id limit ${limit} offset ${offset}`,
      )
      .bind(...params),
    db.prepare(`select count(*) as n ${CARD_FROM} where ${whereSql}`).bind(...params),
  ]);
  const count = (total.results[0] as { n: number }).n;
  return {
    events: rows.results as EventCard[],
    pagination: { page: filters.pagina, per_page: limit, total: count, pages: Math.max(1, Math.ceil(count / limit)) },
  };
}

function filterRange(filters: EventFilters, now: Date) {
  if (filters.fecha) return dateFilterRange(filters.fecha, now);
  if (!filters.desde && !filters.hasta) return null;
  const from = filters.desde ? dayRange(filters.desde)?.from : undefined;
  const to = filters.hasta ? dayRange(filters.hasta)?.to : undefined;
  return { from: from ?? '0000', to: to ?? '9999' };
}

/** Featured upcoming events for the index (falls back to the soonest ones). */
export async function listFeaturedEvents(db: D1Database, limit = 6, now = new Date()) {
  const from = listedFrom(now);
  const { results } = await db
    .prepare(
      `select ${CARD_COLUMNS} ${CARD_FROM}
        where e.status = 'publicado' and e.last_starts_at >= ?1
        order by e.featured desc, coalesce(next_at, e.starts_at) limit ?2`,
    )
    .bind(from, limit)
    .all<EventCard>();
  return results;
}

export type PublicTicketType = {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  min_per_order: number;
  max_per_order: number;
  named: boolean;
  availability: Availability;
  remaining: number;
  /** Wheelchair places (with their companion seats) still kept for who needs them: picked on the seat map. */
  wheelchair_left: number;
};

export type PublicEventDate = {
  id: number;
  starts_at: string;
  ends_at: string | null;
  doors_at: string | null;
  ticket_types: PublicTicketType[];
};

type TicketRow = {
  id: number;
  event_date_id: number;
  name: string;
  description: string;
  price_cents: number;
  capacity: number;
  sold: number;
  held: number;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  min_per_order: number;
  max_per_order: number;
  hidden: number;
  named: number;
  reserve_free: number;
  reserve_release_at: string | null;
};

export type PublicEventRow = {
  id: number;
  title: string;
  slug: string;
  description: string;
  category: string;
  cover_key: string | null;
  flyer_key: string | null;
  status: string;
  min_age: number | null;
  starts_at: string | null;
  last_starts_at: string | null;
  updated_at: string;
  producer_id: number;
  producer_name: string;
  producer_slug: string;
  producer_logo_key: string | null;
  venue_id: number | null;
  venue_name: string | null;
  venue_address: string | null;
  venue_city: string | null;
  venue_lat: number | null;
  venue_lng: number | null;
  province: string | null;
  provinces_id: number | null;
  fee_bp: number;
  fee_fixed: number;
};

/** A type's row with its date's wheelchair release time (the kept reserve's, for availabilityOf). */
const TICKET_COLUMNS = `t.*, s.wheelchair_release_at as reserve_release_at
  from ticket_types t join event_dates d on d.id = t.event_date_id
  left join event_date_seating s on s.event_date_id = t.event_date_id`;

/** A ticket type as the public page shows it (its availability computed now). */
function publicTypeOf(t: TicketRow, startsAt: string, eventStatus: string, now: Date): PublicTicketType {
  const availability = availabilityOf(t, startsAt, now);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    price_cents: t.price_cents,
    min_per_order: t.min_per_order,
    max_per_order: t.max_per_order,
    named: !!t.named,
    availability: eventStatus === 'publicado' ? availability.status : 'finalizada',
    remaining: availability.remaining,
    wheelchair_left: keptReserveCount(t, now),
  };
}

/** One event as its public page shows it; null when it does not exist or is not public (draft, in review). */
export async function getPublicEvent(db: D1Database, id: number, now = new Date()) {
  const event = await db
    .prepare(
      `select e.id, e.title, e.slug, e.description, e.category, e.cover_key, e.flyer_key, e.status, e.min_age,
              e.starts_at, e.last_starts_at, e.updated_at,
              p.id as producer_id, p.name as producer_name, p.slug as producer_slug, p.logo_key as producer_logo_key,
              v.id as venue_id, v.name as venue_name, v.address as venue_address, v.city as venue_city,
              v.lat as venue_lat, v.lng as venue_lng, pr.name as province, e.provinces_id,
              ${SERVICE_FEE_COLUMNS}
         from events e join producers p on p.id = e.producer_id
         left join venues v on v.id = e.venue_id left join provincias pr on pr.id = e.provinces_id
        where e.id = ? and e.status in ('publicado', 'cancelado', 'finalizado')`,
    )
    .bind(id)
    .first<PublicEventRow>();
  if (!event) return null;
  const [dates, types] = await db.batch([
    db
      .prepare('select id, starts_at, ends_at, doors_at from event_dates where event_id = ? order by starts_at')
      .bind(id),
    db.prepare(`select ${TICKET_COLUMNS} where d.event_id = ? and t.hidden = 0 order by t.sort, t.id`).bind(id),
  ]);
  const byDate = new Map<number, PublicTicketType[]>();
  const dateRows = dates.results as Omit<PublicEventDate, 'ticket_types'>[];
  const startOf = new Map(dateRows.map((d) => [d.id, d.starts_at]));
  for (const t of types.results as TicketRow[]) {
    const list = byDate.get(t.event_date_id) ?? [];
    list.push(publicTypeOf(t, startOf.get(t.event_date_id) ?? '', event.status, now));
    byDate.set(t.event_date_id, list);
  }
  const { fee_bp, fee_fixed, ...rest } = event;
  // The service charge a hold would price now (the same settings the sale configuration reads), so the
  // page shows the total the checkout charges, computed with src/shared/pricing.ts.
  const service_fee = { percent_bp: fee_bp, fixed_cents: fee_fixed };
  return { ...rest, service_fee, dates: dateRows.map((d) => ({ ...d, ticket_types: byDate.get(d.id) ?? [] })) };
}
export type PublicEvent = NonNullable<Awaited<ReturnType<typeof getPublicEvent>>>;

/**
 * The version a public page is cached under (src/features/events/server/public-cache.ts), from the counters the
 * triggers of migrations/0081_page_versions.sql bump. Without an event: the listings' (the catalogue's). With
 * one: its page's own, its producer's, its venue's and the service charge's, plus how many of its clock changes
 * have passed (a sale window opening or closing, a date starting, its wheelchair reserve released, its queue's
 * pre-queue and opening), so a page whose availability changes with time alone is not served from before that time
 * either. (D1 takes at most 5 terms in a compound select: the instants come 2 a row.)
 */
export async function pageVersion(db: D1Database, eventId: number | null, now = new Date()): Promise<string> {
  const catalog = () => db.prepare("select v from page_versions where scope = 'catalog'").first<{ v: number }>();
  if (eventId === null) return `c${(await catalog())?.v ?? 0}`;
  const [versions, instants] = await db.batch([
    db
      .prepare(
        `select (select v from page_versions where scope = 'event:' || e.id) as ev,
                (select v from page_versions where scope = 'producer:' || e.producer_id) as pv,
                (select v from page_versions where scope = 'venue:' || e.venue_id) as vv,
                (select v from page_versions where scope = 'fees') as fv
           from events e where e.id = ?`,
      )
      .bind(eventId),
    db
      .prepare(
        `select d.starts_at as at, null as also, 1 as date from event_dates d where d.event_id = ?1
         union all select t.sale_starts_at, t.sale_ends_at, 0 from ticket_types t
           join event_dates d on d.id = t.event_date_id where d.event_id = ?1
         union all select s.wheelchair_release_at, null, 0 from event_date_seating s where s.event_id = ?1
         union all select q.opens_at, strftime('%Y-%m-%dT%H:%M:%fZ', q.opens_at, '-' || q.prequeue_minutes || ' minutes'), 0
           from event_queues q where q.event_id = ?1`,
      )
      .bind(eventId),
  ]);
  const row = versions.results[0] as { ev: number | null; pv: number | null; vv: number | null; fv: number | null };
  if (!row) return `c${(await catalog())?.v ?? 0}`;
  const time = now.getTime();
  let passed = 0;
  const passedAt = (at: string | null) => (at !== null && new Date(at).getTime() <= time ? 1 : 0);
  for (const i of instants.results as { at: string | null; also: string | null; date: number }[]) {
    passed += passedAt(i.at) + passedAt(i.also);
    // A date stays on sale (and listed) until 3 hours after it starts (listedFrom).
    if (i.date && i.at !== null && new Date(i.at).getTime() + LISTED_AFTER_START_MS <= time) passed += 1;
  }
  return `e${row.ev ?? 0}.${row.pv ?? 0}.${row.vv ?? 0}.${row.fv ?? 0}.t${passed}`;
}

export type UnlockResult =
  | {
      ok: true;
      code: string;
      kind: 'discount' | 'access' | 'both';
      /**
       * What the code takes off (kinds `discount` and `both`), as the hold applies it (src/shared/pricing.ts
       * `Discount`): the event page shows the discounted prices before the checkout (issue 32). `type_ids` null:
       * every type.
       */
      discount: { type: Discount['type']; value: number; type_ids: number[] | null } | null;
      dates: { id: number; ticket_types: PublicTicketType[] }[];
    }
  | { ok: false; reason: 'no_event' | 'invalid' | 'expired' }
  | { ok: false; reason: 'not_yet'; from: string };

/**
 * The hidden ticket types an access code (kind `access` or `both`) unlocks on a public event, by date, as
 * the public page shows them. `code` is upper-cased already. A discount-only code unlocks nothing (its
 * discount is applied at the checkout). Never answers a hidden type without a live code of the event's
 * producer for this event (or all its events).
 */
export async function getUnlockedTypes(db: D1Database, eventId: number, code: string, now = new Date()) {
  const event = await db
    .prepare(
      "select id, producer_id, status from events where id = ? and status in ('publicado', 'cancelado', 'finalizado')",
    )
    .bind(eventId)
    .first<{ id: number; producer_id: number; status: string }>();
  if (!event) return { ok: false, reason: 'no_event' } satisfies UnlockResult;
  const promo = await db
    .prepare(
      `select code, kind, unlock_ticket_type_ids, valid_from, valid_until, discount_type, value, ticket_type_ids from promo_codes
        where producer_id = ? and code = ? and (event_id is null or event_id = ?) and archived_at is null`,
    )
    .bind(event.producer_id, code, eventId)
    .first<
      Pick<
        PromoCodeRow,
        | 'code'
        | 'kind'
        | 'unlock_ticket_type_ids'
        | 'valid_from'
        | 'valid_until'
        | 'discount_type'
        | 'value'
        | 'ticket_type_ids'
      >
    >();
  if (!promo) return { ok: false, reason: 'invalid' } satisfies UnlockResult;
  if (promo.valid_until && new Date(promo.valid_until).getTime() <= now.getTime())
    return { ok: false, reason: 'expired' } satisfies UnlockResult;
  if (promo.valid_from && new Date(promo.valid_from).getTime() > now.getTime())
    return { ok: false, reason: 'not_yet', from: promo.valid_from } satisfies UnlockResult;
  const unlock = promo.kind === 'discount' ? '[]' : promo.unlock_ticket_type_ids;
  const [dates, types] = await db.batch([
    db.prepare('select id, starts_at from event_dates where event_id = ? order by starts_at').bind(eventId),
    db
      .prepare(
        `select ${TICKET_COLUMNS}
          where d.event_id = ? and t.hidden = 1 and t.id in (select value from json_each(?)) order by t.sort, t.id`,
      )
      .bind(eventId, unlock),
  ]);
  const dateRows = dates.results as { id: number; starts_at: string }[];
  const startOf = new Map(dateRows.map((d) => [d.id, d.starts_at]));
  const byDate = new Map<number, PublicTicketType[]>();
  for (const t of types.results as TicketRow[]) {
    const list = byDate.get(t.event_date_id) ?? [];
    list.push(publicTypeOf(t, startOf.get(t.event_date_id) ?? '', event.status, now));
    byDate.set(t.event_date_id, list);
  }
  const discount = codeDiscount(promo);
  return {
    ok: true,
    code: promo.code,
    kind: promo.kind,
    discount: discount && { type: discount.type, value: discount.value, type_ids: discount.typeIds },
    dates: dateRows.filter((d) => byDate.has(d.id)).map((d) => ({ id: d.id, ticket_types: byDate.get(d.id) ?? [] })),
  } satisfies UnlockResult;
}
