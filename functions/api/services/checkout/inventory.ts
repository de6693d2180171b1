import type { Availability, InventoryType } from '../../../durable-objects/inventory/types';
import { inventoryOf } from '../../../durable-objects/stubs';

/**
 * Copies capacity and per-order limits of an event's ticket types from D1 into its inventory object.
 * Called whenever ticket types are created or changed (reactions/inventory.ts); holds also call it when
 * the object does not know a type yet, so a missed call heals itself.
 */
export async function syncInventory(env: Env, eventId: number): Promise<Availability[]> {
  return inventoryOf(env, eventId).configure(eventId, await inventoryTypes(env.DB, eventId));
}

/** An event's ticket types as its inventory object counts them (capacity and per-order limits, from D1). */
export async function inventoryTypes(db: D1Database, eventId: number): Promise<InventoryType[]> {
  const { results } = await db
    .prepare(
      `select t.id, t.capacity, t.min_per_order, t.max_per_order from ticket_types t
     join event_dates d on d.id = t.event_date_id where d.event_id = ?`,
    )
    .bind(eventId)
    .all<{ id: number; capacity: number; min_per_order: number; max_per_order: number }>();
  return results.map((r) => ({
    id: r.id,
    capacity: r.capacity,
    minPerOrder: r.min_per_order,
    maxPerOrder: r.max_per_order,
  }));
}
