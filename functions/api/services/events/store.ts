import { toArIso } from '../../../../src/shared/dates';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import type { EventInput, EventStatus } from '../../../../src/shared/schemas/event';
import { slugify } from '../../../../src/shared/schemas/producer';
import type { VenueInput } from '../../../../src/shared/schemas/venue';
import { randomToken } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { deleteDeadOrders, eventHasRecords, runDeletion, typeWithRecords } from './dead-orders';
import { assertOwnImages } from './media';
import { likeEvery, searchPatterns } from './search';

const NOW_SQL = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export type ManagedTicketType = {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  capacity: number;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  min_per_order: number;
  max_per_order: number;
  hidden: boolean;
  named: boolean;
  sold: number;
  held: number;
};

export type ManagedEvent = {
  id: number;
  producer_id: number;
  producer_name: string;
  title: string;
  slug: string;
  description: string;
  category: string;
  min_age: number | null;
  cover_key: string | null;
  flyer_key: string | null;
  hold_minutes: number;
  status: EventStatus;
  rejection_reason: string | null;
  approved_at: string | null;
  starts_at: string | null;
  updated_at: string;
  venue: (VenueInput & { id: number }) | null;
  dates: {
    id: number;
    starts_at: string;
    ends_at: string | null;
    doors_at: string | null;
    ticket_types: ManagedTicketType[];
  }[];
};

type EventRow = Omit<ManagedEvent, 'venue' | 'dates'> & { venue_id: number | null };

/** The producer a given event belongs to and its status (for the access checks), or a 404. */
export async function eventHeader(db: D1Database, id: number) {
  const row = await db
    .prepare(
      `select e.id, e.producer_id, e.status, e.title, e.approved_at, e.created_by,
         (select p.trusted_at is not null from producers p where p.id = e.producer_id) as producer_trusted
       from events e where e.id = ?`,
    )
    .bind(id)
    .first<{
      id: number;
      producer_id: number;
      status: EventStatus;
      title: string;
      approved_at: string | null;
      created_by: number | null;
      /** 1: a producer the platform trusts publishes without review (issue 32, migrations/0055). */
      producer_trusted: number;
    }>();
  if (!row) fail(404, EVENT_MSG.notFound);
  return row;
}

/** An event with everything the back office edits: venue, dates, every ticket type (hidden too) and sales. */
export async function getManagedEvent(db: D1Database, id: number): Promise<ManagedEvent> {
  const event = await db
    .prepare(
      `select e.id, e.producer_id, p.name as producer_name, e.title, e.slug, e.description, e.category, e.min_age,
              e.cover_key, e.flyer_key, e.hold_minutes, e.status, e.rejection_reason, e.approved_at, e.starts_at,
              e.updated_at, e.venue_id
         from events e join producers p on p.id = e.producer_id where e.id = ?`,
    )
    .bind(id)
    .first<EventRow>();
  if (!event) fail(404, EVENT_MSG.notFound);
  const [venue, dates, types] = await db.batch([
    db
      .prepare('select id, name, address, city, provinces_id, lat, lng from venues where id = ?')
      .bind(event.venue_id ?? 0),
    db
      .prepare('select id, starts_at, ends_at, doors_at from event_dates where event_id = ? order by starts_at')
      .bind(id),
    db
      .prepare(
        `select t.* from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = ? order by t.sort, t.id`,
      )
      .bind(id),
  ]);
  const typesByDate = new Map<number, ManagedTicketType[]>();
  type Row = Omit<ManagedTicketType, 'hidden' | 'named'> & { event_date_id: number; hidden: number; named: number };
  for (const t of types.results as Row[]) {
    const list = typesByDate.get(t.event_date_id) ?? [];
    list.push({
      id: t.id,
      name: t.name,
      description: t.description,
      price_cents: t.price_cents,
      capacity: t.capacity,
      sale_starts_at: t.sale_starts_at,
      sale_ends_at: t.sale_ends_at,
      min_per_order: t.min_per_order,
      max_per_order: t.max_per_order,
      hidden: !!t.hidden,
      named: !!t.named,
      sold: t.sold,
      held: t.held,
    });
    typesByDate.set(t.event_date_id, list);
  }
  const { venue_id: _venueId, ...rest } = event;
  return {
    ...rest,
    venue: (venue.results[0] as ManagedEvent['venue']) ?? null,
    dates: (dates.results as ManagedEvent['dates']).map((d) => ({ ...d, ticket_types: typesByDate.get(d.id) ?? [] })),
  };
}

/** Finds the producer's venue with the same name and address, or creates it. */
async function upsertVenue(db: D1Database, producerId: number, venue: VenueInput): Promise<number> {
  const existing = await db
    .prepare(
      `select id from venues where producer_id = ? and name = ? collate nocase and address = ? collate nocase
          and city = ? collate nocase and provinces_id = ?`,
    )
    .bind(producerId, venue.name, venue.address, venue.city, venue.provinces_id)
    .first<{ id: number }>();
  if (existing) {
    await db
      .prepare('update venues set lat = ?, lng = ? where id = ?')
      .bind(venue.lat ?? null, venue.lng ?? null, existing.id)
      .run();
    return existing.id;
  }
  const row = await db
    .prepare(
      'insert into venues (producer_id, name, address, city, provinces_id, lat, lng) values (?, ?, ?, ?, ?, ?, ?) returning id',
    )
    .bind(producerId, venue.name, venue.address, venue.city, venue.provinces_id, venue.lat ?? null, venue.lng ?? null)
    .first<{ id: number }>();
  return row!.id;
}

/**
 * A unique slug for an event title, as the SQL the insert uses: the plain slug when free, else with a
 * random suffix, decided in the insert itself (two events of the same title created at once, e.g. two
 * duplicates, cannot both take the plain one).
 */
function eventSlug(title: string) {
  const base = slugify(title);
  const suffixed = `${base}-${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  return {
    sql: '(case when exists (select 1 from events where slug = ?) then ? else ? end)',
    binds: [base, suffixed, base],
  };
}

/** Creates an event (a draft) with its venue, dates and ticket types; answers its id. */
export async function createEvent(
  db: D1Database,
  producerId: number,
  userId: number | null,
  input: EventInput,
): Promise<number> {
  // A superadmin may name any producer id: one that does not exist is a 404, not a foreign-key failure.
  const producer = await db.prepare('select 1 from producers where id = ?').bind(producerId).first();
  if (!producer) fail(404, EVENT_MSG.producerNotFound);
  const venueId = input.venue ? await upsertVenue(db, producerId, input.venue) : null;
  const slug = eventSlug(input.title);
  const row = await db
    .prepare(
      `insert into events (producer_id, venue_id, title, slug, description, category, cover_key, flyer_key, min_age,
                           hold_minutes, created_by)
       values (?, ?, ?, ${slug.sql}, ?, ?, ?, ?, ?, ?, ?) returning id`,
    )
    .bind(
      producerId,
      venueId,
      input.title,
      ...slug.binds,
      input.description,
      input.category,
      input.cover_key ?? null,
      input.flyer_key ?? null,
      input.min_age ?? null,
      input.hold_minutes ?? 10,
      userId,
    )
    .first<{ id: number }>();
  const id = row!.id;
  await writeDates(db, id, input.dates, []);
  await refreshDenormalised(db, id);
  return id;
}

/**
 * Replaces the event's data, venue, dates and ticket types. Refuses to drop what has sales, and images not
 * issued to the editor. A change of what the review approved (reviewedContent), made by anyone but a
 * superadmin, withdraws the approval: a published event goes back to review (off the catalogue, its sale
 * paused, until approved again) and a draft's next publication goes to review. Answers whether it did.
 */
export async function updateEvent(
  db: D1Database,
  id: number,
  producerId: number,
  input: EventInput,
  editor: { userId: number; isSuperAdmin: boolean; trusted?: boolean },
): Promise<{ backToReview: boolean }> {
  const current = await getManagedEvent(db, id);
  await assertOwnImages(db, editor.userId, producerId, { cover_key: input.cover_key, flyer_key: input.flyer_key });
  // A superadmin's edit, or a trusted producer's, keeps the approval: nobody else would review it.
  const withdraw =
    !editor.isSuperAdmin &&
    !editor.trusted &&
    (current.approved_at !== null || current.status === 'publicado') &&
    reviewedContent(toInput(current, false)) !== reviewedContent(input);
  const backToReview = withdraw && current.status === 'publicado';
  const venueId = input.venue ? await upsertVenue(db, producerId, input.venue) : null;
  await writeDates(db, id, input.dates, current.dates);
  await db
    .prepare(
      `update events set venue_id = ?, title = ?, description = ?, category = ?, cover_key = ?, flyer_key = ?,
                         min_age = ?, hold_minutes = ?, updated_at = ${NOW_SQL},
                         approved_at = case when ? then null else approved_at end,
                         status = case when ? then 'en_revision' else status end
        where id = ?`,
    )
    .bind(
      venueId,
      input.title,
      input.description,
      input.category,
      input.cover_key ?? null,
      input.flyer_key ?? null,
      input.min_age ?? null,
      input.hold_minutes ?? current.hold_minutes,
      withdraw ? 1 : 0,
      backToReview ? 1 : 0,
      id,
    )
    .run();
  await refreshDenormalised(db, id);
  return { backToReview };
}

/**
 * What a review looks at and the public reads as the producer's words and images: title, description,
 * category, minimum age, cover, flyer, venue, and the names and descriptions of the ticket types. Prices,
 * capacities, dates and sale windows are operations and change without a new review.
 */
function reviewedContent(event: EventInput): string {
  const venue = event.venue && [event.venue.name, event.venue.address, event.venue.city, event.venue.provinces_id];
  const types = event.dates.flatMap((d) => d.ticket_types.map((t) => `${t.name}\u0000${t.description}`)).sort();
  return JSON.stringify([
    event.title,
    event.description,
    event.category,
    event.min_age ?? null,
    event.cover_key ?? null,
    event.flyer_key ?? null,
    venue ?? null,
    types,
  ]);
}

const sales = (t: { sold: number; held: number }) => t.sold + t.held;

/**
 * Writes dates and ticket types: updates those with a known id, inserts new ones, deletes the rest.
 * Every check runs before the first write, so a refused change leaves the event as it was.
 */
async function writeDates(db: D1Database, eventId: number, dates: EventInput['dates'], current: ManagedEvent['dates']) {
  const currentDates = new Map(current.map((d) => [d.id, d]));
  const currentTypes = new Map(
    current.flatMap((d) => d.ticket_types.map((t) => [t.id, { ...t, dateId: d.id }] as const)),
  );
  const keptDates = new Set<number>();
  const keptTypes = new Set<number>();
  for (const date of dates) {
    if (date.id !== undefined) {
      if (!currentDates.has(date.id)) fail(400, EVENT_MSG.dateNotInEvent);
      keptDates.add(date.id);
    }
    for (const type of date.ticket_types) {
      if (type.id === undefined) continue;
      const existing = currentTypes.get(type.id);
      if (!existing || existing.dateId !== date.id) fail(400, EVENT_MSG.typeNotInDate);
      if (type.capacity < sales(existing)) fail(409, EVENT_MSG.capacityBelowSold(existing.name, sales(existing)));
      keptTypes.add(type.id);
    }
  }
  for (const [id, type] of currentTypes)
    if (!keptTypes.has(id) && sales(type) > 0) fail(409, EVENT_MSG.typeHasSales(type.name));
  for (const [id, date] of currentDates)
    if (!keptDates.has(id) && date.ticket_types.some((t) => sales(t) > 0)) fail(409, EVENT_MSG.dateHasSales);

  const removedTypes = [...currentTypes.keys()].filter((id) => !keptTypes.has(id));
  const withRecords = await typeWithRecords(db, removedTypes);
  if (withRecords !== null) fail(409, EVENT_MSG.typeKept(currentTypes.get(withRecords)?.name ?? ''));

  const deletions = [
    ...deleteDeadOrders(db, { typeIds: removedTypes }),
    ...removedTypes.map((id) => db.prepare('delete from ticket_types where id = ?').bind(id)),
    ...[...currentDates.keys()]
      .filter((id) => !keptDates.has(id))
      .map((id) => db.prepare('delete from event_dates where id = ?').bind(id)),
  ];
  if (deletions.length) await runDeletion(db, deletions);

  for (const date of dates) {
    let dateId = date.id;
    if (dateId === undefined) {
      const row = await db
        .prepare('insert into event_dates (event_id, starts_at, ends_at, doors_at) values (?, ?, ?, ?) returning id')
        .bind(eventId, date.starts_at, date.ends_at ?? null, date.doors_at ?? null)
        .first<{ id: number }>();
      dateId = row!.id;
    } else {
      await db
        .prepare('update event_dates set starts_at = ?, ends_at = ?, doors_at = ? where id = ?')
        .bind(date.starts_at, date.ends_at ?? null, date.doors_at ?? null, dateId)
        .run();
    }
    const writes = date.ticket_types.map((t, sort) => {
      const values = [
        t.name,
        t.description,
        t.price_cents,
        t.capacity,
        t.sale_starts_at ?? null,
        t.sale_ends_at ?? null,
        t.min_per_order,
        t.max_per_order,
        t.hidden ? 1 : 0,
        t.named ? 1 : 0,
        sort,
      ];
      return t.id === undefined
        ? db
            .prepare(
              `insert into ticket_types (name, description, price_cents, capacity, sale_starts_at, sale_ends_at,
                 min_per_order, max_per_order, hidden, named, sort, event_date_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(...values, dateId)
        : db
            .prepare(
              `update ticket_types set name = ?, description = ?, price_cents = ?, capacity = ?, sale_starts_at = ?,
                 sale_ends_at = ?, min_per_order = ?, max_per_order = ?, hidden = ?, named = ?, sort = ? where id = ?`,
            )
            .bind(...values, t.id);
    });
    if (writes.length) await db.batch(writes);
  }
}

/** Recomputes the listing columns: first and last start, and the venue's province. */
async function refreshDenormalised(db: D1Database, id: number) {
  await db
    .prepare(
      `update events set
         starts_at = (select min(starts_at) from event_dates where event_id = ?1),
         last_starts_at = (select max(starts_at) from event_dates where event_id = ?1),
         provinces_id = (select provinces_id from venues where id = events.venue_id)
       where id = ?1`,
    )
    .bind(id)
    .run();
}

export async function setStatus(
  db: D1Database,
  id: number,
  status: EventStatus,
  extra: { rejection_reason?: string | null; approved?: boolean } = {},
) {
  await db
    .prepare(
      `update events set status = ?, rejection_reason = ?,
         approved_at = case when ? then ${NOW_SQL} else approved_at end, updated_at = ${NOW_SQL} where id = ?`,
    )
    .bind(status, extra.rejection_reason ?? null, extra.approved ? 1 : 0, id)
    .run();
}

/** Deletes an event with its dead orders; one with orders that must be kept is a 409 (see dead-orders.ts). */
export async function deleteEvent(db: D1Database, id: number) {
  if (await eventHasRecords(db, id)) fail(409, EVENT_MSG.deleteKept);
  await runDeletion(db, [
    ...deleteDeadOrders(db, { eventId: id }),
    db.prepare('delete from events where id = ?').bind(id),
  ]);
}

/** The event as an input again (for duplication and the publish checks). */
export function toInput(event: ManagedEvent, withIds: boolean): EventInput {
  return {
    title: event.title,
    description: event.description,
    category: event.category as EventInput['category'],
    min_age: event.min_age,
    cover_key: event.cover_key,
    flyer_key: event.flyer_key,
    hold_minutes: event.hold_minutes,
    venue: event.venue
      ? {
          name: event.venue.name,
          address: event.venue.address,
          city: event.venue.city,
          provinces_id: event.venue.provinces_id,
          lat: event.venue.lat,
          lng: event.venue.lng,
        }
      : null,
    dates: event.dates.map((d) => ({
      ...(withIds ? { id: d.id } : {}),
      starts_at: d.starts_at,
      ends_at: d.ends_at,
      doors_at: d.doors_at,
      ticket_types: d.ticket_types.map((t) => ({
        ...(withIds ? { id: t.id } : {}),
        name: t.name,
        description: t.description,
        price_cents: t.price_cents,
        capacity: t.capacity,
        sale_starts_at: t.sale_starts_at,
        sale_ends_at: t.sale_ends_at,
        min_per_order: t.min_per_order,
        max_per_order: t.max_per_order,
        hidden: t.hidden,
        named: t.named,
      })),
    })),
  };
}

export type ManagedEventRow = {
  id: number;
  title: string;
  status: EventStatus;
  category: string;
  starts_at: string | null;
  producer_id: number;
  producer_name: string;
  cover_key: string | null;
  rejection_reason: string | null;
  capacity: number;
  sold: number;
};

/** The back-office list: events of the given producers (null: all), optional producer, status and text filters. */
export async function listManagedEvents(
  db: D1Database,
  producerIds: number[] | null,
  filters: { producer_id?: number; status?: EventStatus; q?: string },
): Promise<ManagedEventRow[]> {
  if (producerIds && producerIds.length === 0) return [];
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (producerIds) add(`e.producer_id in (${producerIds.map(() => '?').join(',')})`, ...producerIds);
  if (filters.producer_id) add('e.producer_id = ?', filters.producer_id);
  if (filters.status) add('e.status = ?', filters.status);
  if (filters.q) {
    const patterns = searchPatterns(filters.q);
    add(`e.id in (select s.event_id from events_search s where ${likeEvery('s.admin_text', patterns)})`, ...patterns);
  }
  const { results } = await db
    .prepare(
      `select e.id, e.title, e.status, e.category, e.starts_at, e.producer_id, p.name as producer_name, e.cover_key,
              e.rejection_reason,
              (select coalesce(sum(t.capacity), 0) from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = e.id) as capacity,
              (select coalesce(sum(t.sold), 0) from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = e.id) as sold
         from events e join producers p on p.id = e.producer_id
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by case e.status when 'en_revision' then 0 when 'borrador' then 1 when 'publicado' then 2 else 3 end,
                 e.starts_at desc limit 200`,
    )
    .bind(...params)
    .all<ManagedEventRow>();
  return results;
}

/** Marks published events whose last date started more than 12 hours ago as finished (cron, idempotent). */
export async function finishPastEvents(db: D1Database, now = new Date()) {
  const cutoff = toArIso(new Date(now.getTime() - 12 * 3_600_000));
  await db
    .prepare(
      `update events set status = 'finalizado', updated_at = ${NOW_SQL} where status = 'publicado' and last_starts_at < ?`,
    )
    .bind(cutoff)
    .run();
}
