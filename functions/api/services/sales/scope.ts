import { SALES_MSG } from '../../../../src/shared/messages/sales';
import type { Permission } from '../../../../src/shared/roles';
import { type Actor, assertCan, can, eventsLimit, type Target } from '../../../domain/events/access';
import { fail } from '../../lib/errors';

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
 * What the caller may read with `permission`, from what the route's declaration resolved (`c.var.target`,
 * functions/api/lib/access.ts: a named event exists and belongs to the producer named with it). A named
 * producer or event is checked with `permission` here only because a route may read with a second one
 * (a finance export is declared `export.data` and reads `finance.view`); nothing named means every producer
 * the caller may read (all of them for a superadmin), narrowed to their events where they are limited.
 */
export function salesScope(actor: Actor, target: Target, permission: Permission): SalesScope {
  let producerIds: number[] | null;
  if (target.producerId !== undefined) {
    assertCan(actor, target.producerId, permission, SALES_MSG.noAccess, target.eventId);
    producerIds = [target.producerId];
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
  const scope = { producerIds, eventId: target.eventId ?? null, onlyEvents };
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

/** A second permission over the same scope (e.g. finance.view and export.data for a finance export). */
export function assertScopeCan(actor: Actor, scope: SalesScope, permission: Permission) {
  if (actor.isSuperAdmin) return;
  for (const id of scope.producerIds ?? []) assertCan(actor, id, permission, SALES_MSG.noAccess);
}
