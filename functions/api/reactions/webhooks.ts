import { waitUntil } from 'cloudflare:workers';
import { deliverDue } from '../services/integrations/webhook-delivery';
import type { Reactions } from './changes';

/**
 * Webhooks' reactions: a change whose batch can have written outbox rows (order.paid with the tickets,
 * event.published with the status) sends that producer's first attempts right after the commit, after the
 * answer (waitUntil), instead of waiting for the cron's next minute. Each delivery is claimed with the same
 * conditional write as the cron's, so the two never send one twice; retries keep their backoff through the
 * cron. Changes that reach D1 without an emit (the check-in object's scan copy, the inventory object's waiting
 * list offers, refunds and transfers settled under a door claim) are sent by the cron.
 */

type Owner = { sql: string; id: string | number };

/** Runs one reaction makes at most (PER_RUN deliveries each). */
const MAX_RUNS = 10;

/**
 * The sends started after a commit and not finished yet. Tests that drive the cron's clock turn `enabled` off
 * (then only the cron sends, at the time they give it); tests of the reaction await `settled()`.
 */
export const afterCommit = {
  enabled: true,
  running: new Set<Promise<void>>(),
  settled: () => Promise.all(afterCommit.running).then(() => undefined),
};

function deliverSoon(env: Env, owner: Owner) {
  if (!afterCommit.enabled) return Promise.resolve();
  const work = (async () => {
    const row = await env.DB.prepare(owner.sql).bind(owner.id).first<{ producer_id: number }>();
    if (!row) return;
    // Run after run while runs find work (a burst of changes is more than one run); bounded, the cron is behind.
    for (let run = 0; run < MAX_RUNS; run++) {
      const { claimed } = await deliverDue(env, Date.now(), { producerId: row.producer_id, firstOnly: true });
      if (claimed === 0) break;
    }
  })()
    .catch((err) => console.error('webhooks: first attempt after commit failed (the cron retries)', err))
    .finally(() => afterCommit.running.delete(work));
  afterCommit.running.add(work);
  waitUntil(work);
  return Promise.resolve();
}

const EVENT_OWNER = 'select producer_id from events where id = ?';
const ORDER_OWNER = 'select producer_id from orders where id = ?';

export const webhookReactions: Reactions = {
  ticketsChanged: (env, { eventId }) => deliverSoon(env, { sql: EVENT_OWNER, id: eventId }),
  orderTicketsChanged: (env, { orderId }) => deliverSoon(env, { sql: ORDER_OWNER, id: orderId }),
  saleConfigChanged: (env, { eventId }) => deliverSoon(env, { sql: EVENT_OWNER, id: eventId }),
  eventReviewed: (env, { event }) => deliverSoon(env, { sql: EVENT_OWNER, id: event.id }),
};
