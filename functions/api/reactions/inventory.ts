import { syncInventory } from '../services/checkout/inventory';
import type { Reactions } from './changes';

/**
 * The inventory objects' reactions: each keeps its event's sale configuration (status, dates, ticket types,
 * queue, the producer's hold minutes and charge) and re-reads it when told, so the next hold does not fail
 * its version check once. Best effort: a missed refresh costs one retry, never a sale at a stale price or
 * capacity (holds write orders only while the configuration version the object used is current).
 */

async function refresh(env: Env, eventId: number): Promise<void> {
  try {
    await syncInventory(env, eventId);
  } catch (err) {
    console.error('Inventory refresh failed', err);
  }
}

export const inventoryReactions: Reactions = {
  saleConfigChanged: (env, { eventId }) => refresh(env, eventId),

  /** The producer's events on sale (published, not over for more than a day). */
  producerSaleConfigChanged: async (env, { producerId }) => {
    const { results } = await env.DB.prepare(
      `select id from events where producer_id = ? and status = 'publicado'
         and (last_starts_at is null or last_starts_at >= ?)`,
    )
      .bind(producerId, new Date(Date.now() - 86_400_000).toISOString())
      .all<{ id: number }>();
    await Promise.all(results.map((e) => refresh(env, e.id)));
  },

  /** A review publishes or withdraws the event. */
  eventReviewed: (env, { event }) => refresh(env, event.id),
};
