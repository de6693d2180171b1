import { EVENT_MSG } from '../../../../src/shared/messages/events';
import type { EventInput } from '../../../../src/shared/schemas/events';
import { fail } from '../../lib/errors';
import { deleteDeadOrders, runDeletion, typeWithRecords } from './dead-orders';
import type { ManagedEvent } from './managed';

const sales = (t: { sold: number; held: number }) => t.sold + t.held;

/**
 * Writes dates and ticket types: updates those with a known id, inserts new ones, deletes the rest.
 * Every check runs before the first write, so a refused change leaves the event as it was.
 */
export async function writeDates(
  db: D1Database,
  eventId: number,
  dates: EventInput['dates'],
  current: ManagedEvent['dates'],
) {
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
export async function refreshDenormalised(db: D1Database, id: number) {
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
