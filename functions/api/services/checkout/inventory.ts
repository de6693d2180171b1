import type { Availability, InventoryType } from '../../../durable-objects/event-inventory';
import { objectId } from '../../../lib/object-ids';

/** The inventory object of an event (one per event id). */
export function inventoryOf(env: Env, eventId: number) {
  return env.EVENT_INVENTORY.get(objectId(env.EVENT_INVENTORY, `event:${eventId}`));
}

/**
 * Copies capacity and per-order limits of an event's ticket types from D1 into its inventory object.
 * Call it whenever ticket types are created or changed (the events API does); holds also call it when
 * the object does not know a type yet, so a missed call heals itself.
 */
export async function syncInventory(env: Env, eventId: number): Promise<Availability[]> {
  const { results } = await env.DB.prepare(
    `select t.id, t.capacity, t.min_per_order, t.max_per_order from ticket_types t
     join event_dates d on d.id = t.event_date_id where d.event_id = ?`,
  )
    .bind(eventId)
    .all<{ id: number; capacity: number; min_per_order: number; max_per_order: number }>();
  const types: InventoryType[] = results.map((r) => ({
    id: r.id,
    capacity: r.capacity,
    minPerOrder: r.min_per_order,
    maxPerOrder: r.max_per_order,
  }));
  return inventoryOf(env, eventId).configure(eventId, types);
}

/**
 * Tells an event's inventory object that its sale configuration changed (status, dates, ticket types), so
 * the next hold reads it again instead of failing its version check once. Best effort: a missed refresh
 * costs one retry, never a sale at a stale price or capacity (holds.ts writes orders only while the
 * configuration version the object used is current).
 */
export async function refreshInventory(env: Env, eventId: number): Promise<void> {
  try {
    await syncInventory(env, eventId);
  } catch (err) {
    console.error('Inventory refresh failed', err);
  }
}
