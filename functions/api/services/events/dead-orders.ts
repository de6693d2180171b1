import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { fail } from '../../lib/errors';

/**
 * What deleting an event or a ticket type does to its orders (issue 13: it answered 500, FOREIGN KEY).
 *
 * - A dead order (expired or failed, no ticket, and at most rejected or cancelled payment attempts) never
 *   moved money: it is deleted together with the event or ticket type.
 * - Any other order (paid, refunded, with an approved, pending or refunded payment, or with tickets) is a
 *   record of money and is kept: the deletion is refused with a 409 that says why. Live holds and sales are
 *   refused before this (eventHasSales, the sold/held mirror).
 */
const DEAD = `o.status in ('expired', 'failed')
  and not exists (select 1 from tickets t where t.order_id = o.id)
  and not exists (select 1 from payments p where p.order_id = o.id and p.status not in ('rejected', 'cancelled'))`;

type Scope = { eventId: number } | { typeIds: number[] };

function ordersIn(scope: Scope): { sql: string; params: number[] } {
  if ('eventId' in scope) return { sql: 'o.event_id = ?', params: [scope.eventId] };
  return {
    sql: `o.id in (select order_id from order_items where ticket_type_id in (${scope.typeIds.map(() => '?').join(',')}))`,
    params: scope.typeIds,
  };
}

/** The first ticket type (of `typeIds`) with an order that must be kept, or null. */
export async function typeWithRecords(db: D1Database, typeIds: number[]): Promise<number | null> {
  if (typeIds.length === 0) return null;
  const row = await db
    .prepare(
      `select i.ticket_type_id as id from order_items i join orders o on o.id = i.order_id
        where i.ticket_type_id in (${typeIds.map(() => '?').join(',')}) and not (${DEAD}) limit 1`,
    )
    .bind(...typeIds)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** True when the event has an order that must be kept. */
export async function eventHasRecords(db: D1Database, eventId: number): Promise<boolean> {
  const row = await db
    .prepare(`select 1 from orders o where o.event_id = ? and not (${DEAD}) limit 1`)
    .bind(eventId)
    .first();
  return row !== null;
}

/** Statements that delete the dead orders of an event or of some ticket types (run them in the same batch). */
export function deleteDeadOrders(db: D1Database, scope: Scope): D1PreparedStatement[] {
  if ('typeIds' in scope && scope.typeIds.length === 0) return [];
  const { sql, params } = ordersIn(scope);
  const dead = `select o.id from orders o where ${sql} and ${DEAD}`;
  return [
    db.prepare(`delete from payments where order_id in (${dead})`).bind(...params),
    db.prepare(`delete from orders where id in (${dead})`).bind(...params),
  ];
}

/** Runs a deletion batch; an order that arrived after the checks (a foreign key still in use) is a 409. */
export async function runDeletion(db: D1Database, statements: D1PreparedStatement[]) {
  try {
    await db.batch(statements);
  } catch (err) {
    if (err instanceof Error && /FOREIGN KEY/i.test(err.message)) fail(409, EVENT_MSG.raced);
    throw err;
  }
}
