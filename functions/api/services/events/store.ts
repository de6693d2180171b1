import { EVENT_MSG } from '../../../../src/shared/messages/events';
import type { EventInput, EventStatus, VenueInput } from '../../../../src/shared/schemas/events';
import { slugify } from '../../../../src/shared/schemas/events';
import { commitChanges } from '../../../domain/commit';
import { randomToken } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { refreshDenormalised, writeDates } from './dates';
import { deleteDeadOrders, eventHasRecords, runDeletion } from './dead-orders';
import type { ManagedEvent, ManagedTicketType } from './managed';
import { assertOwnImages } from './media';

const NOW_SQL = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

type EventRow = Omit<ManagedEvent, 'venue' | 'dates'> & { venue_id: number | null };

/** The event's header: what the back office's actions check before they change it. */
export type EventHeader = {
  id: number;
  producer_id: number;
  status: EventStatus;
  title: string;
  approved_at: string | null;
  created_by: number | null;
  /** 1: a producer the platform trusts publishes without review (issue 32, migrations/0055). */
  producer_trusted: number;
};

/** The event's header, or null when there is no such event (the access declarations load it, lib/access.ts). */
export async function findEventHeader(db: D1Database, id: number): Promise<EventHeader | null> {
  return db
    .prepare(
      `select e.id, e.producer_id, e.status, e.title, e.approved_at, e.created_by,
         (select p.trusted_at is not null from producers p where p.id = e.producer_id) as producer_trusted
       from events e where e.id = ?`,
    )
    .bind(id)
    .first<EventHeader>();
}

export async function eventHeader(db: D1Database, id: number): Promise<EventHeader> {
  const row = await findEventHeader(db, id);
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
      ...typeFields(t),
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

export async function setStatus(
  env: Env,
  id: number,
  status: EventStatus,
  extra: { rejection_reason?: string | null; approved?: boolean } = {},
) {
  const update = env.DB.prepare(
    `update events set status = ?, rejection_reason = ?,
         approved_at = case when ? then ${NOW_SQL} else approved_at end, updated_at = ${NOW_SQL} where id = ?`,
  ).bind(status, extra.rejection_reason ?? null, extra.approved ? 1 : 0, id);
  // Published: event.published in the same batch (each publication is its own message).
  if (status === 'publicado')
    await commitChanges(env, [update], { kind: 'eventPublished', eventId: id, publication: crypto.randomUUID() });
  else await update.run();
}

/** Deletes an event with its dead orders; one with orders that must be kept is a 409 (see dead-orders.ts). */
export async function deleteEvent(db: D1Database, id: number) {
  if (await eventHasRecords(db, id)) fail(409, EVENT_MSG.deleteKept);
  await runDeletion(db, [
    ...deleteDeadOrders(db, { eventId: id }),
    db.prepare('delete from events where id = ?').bind(id),
  ]);
}

type TypeFields = Pick<
  ManagedTicketType,
  | 'name'
  | 'description'
  | 'price_cents'
  | 'capacity'
  | 'sale_starts_at'
  | 'sale_ends_at'
  | 'min_per_order'
  | 'max_per_order'
>;

/** What a ticket type's row, its managed view and its input share (in the API's order). */
function typeFields(t: TypeFields): TypeFields {
  const { name, description, price_cents, capacity, sale_starts_at, sale_ends_at, min_per_order, max_per_order } = t;
  return { name, description, price_cents, capacity, sale_starts_at, sale_ends_at, min_per_order, max_per_order };
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
        ...typeFields(t),
        hidden: t.hidden,
        named: t.named,
      })),
    })),
  };
}
