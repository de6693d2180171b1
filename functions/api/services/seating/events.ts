import { SEATED_EVENT_MSG } from '../../../../src/shared/messages/seating';
import type { EventSeating } from '../../../../src/shared/schemas/seating';
import { placedSeats, wheelchairPlaces } from '../../../../src/shared/seats';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import { readSeatMap } from './maps';

/**
 * A date of an event sold seat by seat (issue 33): it uses one of the producer's maps, and each category of
 * the map becomes a ticket type of the date with its price and as much capacity as it has sellable seats.
 * Each standing section is a ticket type of its own, counted as today. The event's inventory object reads
 * the seating on its next hold (the change is emitted like any change of ticket types).
 */
export async function setEventSeating(env: Env, event: { id: number; producer_id: number }, input: EventSeating) {
  const date = await env.DB.prepare(
    `select d.id, (select 1 from event_date_seating s where s.event_date_id = d.id) as seated
     from event_dates d where d.id = ? and d.event_id = ?`,
  )
    .bind(input.event_date_id, event.id)
    .first<{ id: number; seated: number | null }>();
  if (!date) fail(404, SEATED_EVENT_MSG.dateNotFound, { event_date_id: [SEATED_EVENT_MSG.dateNotFound] });
  if (date.seated) fail(409, SEATED_EVENT_MSG.alreadySeated);
  const { map } = await readSeatMap(env.DB, event.producer_id, input.map_id);
  const prices = new Map(input.prices.map((p) => [p.category, p.price_cents]));
  for (const key of prices.keys())
    if (!map.categories.some((c) => c.key === key))
      fail(400, SEATED_EVENT_MSG.priceUnknown(key), { prices: [SEATED_EVENT_MSG.priceUnknown(key)] });
  const sellable = new Map<string, number>();
  for (const seat of placedSeats(map))
    if (!seat.blocked) sellable.set(seat.category, (sellable.get(seat.category) ?? 0) + 1);
  const standing = map.sections.filter((s) => s.kind === 'standing');
  // The wheelchair reserve: at least `wheelchair_percent` of the seats are wheelchair places with a companion seat.
  const seatedCount = [...sellable.values()].reduce((a, b) => a + b, 0);
  const needs = Math.ceil((input.wheelchair_percent * seatedCount) / 100);
  const has = wheelchairPlaces(placedSeats(map));
  if (has < needs) {
    const message = SEATED_EVENT_MSG.wheelchairShort(has, needs, input.wheelchair_percent);
    fail(400, message, { wheelchair_percent: [message] });
  }
  const priced = (key: string) => {
    const price = prices.get(key);
    const name = map.categories.find((c) => c.key === key)?.name ?? key;
    if (price === undefined)
      fail(400, SEATED_EVENT_MSG.priceMissing(name), { prices: [SEATED_EVENT_MSG.priceMissing(name)] });
    return { name, price };
  };
  const db = env.DB;
  const insertType = (name: string, price: number, capacity: number, sort: number) =>
    db
      .prepare(
        `insert into ticket_types (event_date_id, name, price_cents, capacity, max_per_order, sort)
         values (?, ?, ?, ?, ?, ?)`,
      )
      .bind(date.id, name, price, capacity, input.max_per_order, sort);
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        'insert into event_date_seating (event_date_id, event_id, map_id, wheelchair_release_at) values (?, ?, ?, ?)',
      )
      .bind(date.id, event.id, input.map_id, input.wheelchair_release_at),
  ];
  let sort = 100;
  for (const [key, capacity] of sellable) {
    const { name, price } = priced(key);
    statements.push(
      insertType(name, price, capacity, sort++),
      // The type just inserted (the batch runs in order, in one transaction).
      db
        .prepare(
          'insert into seat_category_types (event_date_id, category, ticket_type_id) values (?, ?, last_insert_rowid())',
        )
        .bind(date.id, key),
    );
  }
  for (const section of standing) {
    if (section.kind !== 'standing') continue;
    statements.push(
      insertType(section.name, priced(section.category).price, section.capacity, sort++),
      db
        .prepare(
          'insert into standing_section_types (event_date_id, section_id, ticket_type_id) values (?, ?, last_insert_rowid())',
        )
        .bind(date.id, section.id),
    );
  }
  await db.batch(statements);
  await emit(env, { kind: 'saleConfigChanged', eventId: event.id });
  const { results } = await db
    .prepare(
      `select t.id, t.name, t.price_cents, t.capacity, c.category from ticket_types t
       left join seat_category_types c on c.ticket_type_id = t.id where t.event_date_id = ? order by t.sort, t.id`,
    )
    .bind(date.id)
    .all<{ id: number; name: string; price_cents: number; capacity: number; category: string | null }>();
  return { event_date_id: date.id, map_id: input.map_id, ticket_types: results };
}

/**
 * The event's seated dates as the back office shows them: the map each uses (its name and current version), the
 * wheelchair reserve's release time, and the ticket type each category and standing section became.
 */
export async function eventSeatingView(db: D1Database, eventId: number) {
  const [dates, types] = await db.batch([
    db
      .prepare(
        `select s.event_date_id, s.map_id, m.name as map_name, m.version, s.wheelchair_release_at
         from event_date_seating s join seat_maps m on m.id = s.map_id where s.event_id = ? order by s.event_date_id`,
      )
      .bind(eventId),
    db
      .prepare(
        `select t.event_date_id, t.id, t.name, t.price_cents, t.capacity, t.sold, t.held, c.category, x.section_id
         from ticket_types t join event_date_seating s on s.event_date_id = t.event_date_id
         left join seat_category_types c on c.ticket_type_id = t.id
         left join standing_section_types x on x.ticket_type_id = t.id
         where s.event_id = ? and (c.category is not null or x.section_id is not null) order by t.sort, t.id`,
      )
      .bind(eventId),
  ]);
  type DateRow = {
    event_date_id: number;
    map_id: number;
    map_name: string;
    version: number;
    wheelchair_release_at: string | null;
  };
  type TypeRow = {
    event_date_id: number;
    id: number;
    name: string;
    price_cents: number;
    capacity: number;
    sold: number;
    held: number;
    category: string | null;
    section_id: string | null;
  };
  const rows = types.results as TypeRow[];
  return (dates.results as DateRow[]).map((d) => ({
    ...d,
    ticket_types: rows.filter((t) => t.event_date_id === d.event_date_id).map(({ event_date_id: _date, ...t }) => t),
  }));
}
