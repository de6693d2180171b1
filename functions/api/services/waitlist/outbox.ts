import { inventoryOf } from '../../../durable-objects/stubs';

/**
 * Cron: the inventory objects whose waiting-list outboxes still hold work (an offer's order and e-mail, the
 * e-mail of an offer that ran out) after a delivery failed or died part-way. Only the events marked in D1
 * (inventory_outbox, kept by the object itself) are called, oldest mark first, 20 per run.
 */
export async function drainInventoryOutboxes(env: Env) {
  const { results } = await env.DB.prepare('select event_id from inventory_outbox order by marked_at limit 20').all<{
    event_id: number;
  }>();
  for (const { event_id } of results) {
    try {
      await inventoryOf(env, event_id).drainOutbox();
    } catch (err) {
      console.error(`Waiting-list outbox of event ${event_id} not drained yet`, err);
    }
  }
}
