import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { SALES_MSG } from '../../../../src/shared/messages/sales';
import type { Permission } from '../../../../src/shared/roles';
import { fail } from '../../lib/errors';
import { type Actor, assertCan, can, eventsLimit, producerOfEvent } from '../events/access';

/**
 * The producers and event a back-office query may read, as a SQL condition over orders aliased `o`.
 * `onlyEvents`: for producers where the caller is limited to some events, those events.
 */
export type SalesScope = {
  producerIds: number[] | null;
  eventId: number | null;
  onlyEvents: Map<number, number[]>;
  sql: string;
  binds: number[];
};

/**
 * Resolves what the caller asked for (a producer, an event, or nothing) against what `permission` lets
 * them read: an event or producer they may not read answers 403; nothing chosen means every producer they
 * may read (all of them for a superadmin).
 */
export async function salesScope(
  db: D1Database,
  actor: Actor,
  query: { producer_id?: number; event_id?: number },
  permission: Permission,
): Promise<SalesScope> {
  let producerIds: number[] | null;
  if (query.event_id !== undefined) {
    const producerId = await producerOfEvent(db, query.event_id);
    if (query.producer_id !== undefined && query.producer_id !== producerId) fail(404, EVENT_MSG.missing);
    assertCan(actor, producerId, permission, SALES_MSG.noAccess, query.event_id);
    producerIds = [producerId];
  } else if (query.producer_id !== undefined) {
    assertCan(actor, query.producer_id, permission, SALES_MSG.noAccess);
    producerIds = [query.producer_id];
  } else if (actor.isSuperAdmin) {
    producerIds = null;
  } else {
    producerIds = [...actor.memberships.keys()].filter((id) => can(actor, id, permission));
    if (producerIds.length === 0) fail(403, SALES_MSG.noAccess);
  }
  const onlyEvents = new Map<number, number[]>();
  for (const id of producerIds ?? []) {
    const only = eventsLimit(actor, id);
    if (only) onlyEvents.set(id, only);
  }
  const scope = { producerIds, eventId: query.event_id ?? null, onlyEvents };
  return { ...scope, ...scopeWhere(scope, 'o.producer_id', 'o.event_id') };
}

/** The scope as a SQL condition over any table's producer and event columns. */
export function scopeWhere(
  scope: { producerIds: number[] | null; eventId: number | null; onlyEvents?: Map<number, number[]> },
  producerColumn: string,
  eventColumn: string,
): { sql: string; binds: number[] } {
  if (scope.eventId !== null) return { sql: `${eventColumn} = ?`, binds: [scope.eventId] };
  if (scope.producerIds) {
    const whole = scope.producerIds.filter((id) => !scope.onlyEvents?.has(id));
    const events = [...(scope.onlyEvents?.values() ?? [])].flat();
    const marks = (list: number[]) => list.map(() => '?').join(',');
    const parts = [
      ...(whole.length > 0 ? [`${producerColumn} in (${marks(whole)})`] : []),
      ...(events.length > 0 ? [`${eventColumn} in (${marks(events)})`] : []),
    ];
    return { sql: parts.length > 0 ? `(${parts.join(' or ')})` : '1 = 0', binds: [...whole, ...events] };
  }
  return { sql: '1 = 1', binds: [] };
}

/** An order or ticket the caller may act on: 404 when it does not exist, 403 without the permission. */
export function assertOrderAccess(
  actor: Actor,
  order: { producer_id: number; event_id: number },
  permission: Permission,
  message: string,
) {
  assertCan(actor, order.producer_id, permission, message, order.event_id);
}

/** A second permission over the same scope (e.g. finance.view and export.data for a finance export). */
export function assertScopeCan(actor: Actor, scope: SalesScope, permission: Permission) {
  if (actor.isSuperAdmin) return;
  for (const id of scope.producerIds ?? []) assertCan(actor, id, permission, SALES_MSG.noAccess);
}
