import { waitUntil } from 'cloudflare:workers';
import type { WebhookChange } from '../../domain/changes';
import { deliverDue } from '../services/integrations/webhook-delivery';
import type { Reactions } from './changes';

/**
 * Webhooks' reactions: every change that stages outbox rows (a WebhookChange, committed through
 * domain/commit.ts by a service, the check-in object's copy of its scans or the inventory object's waiting
 * list) sends that producer's first attempts right after the commit, after the answer (waitUntil), instead of
 * waiting for the cron's next minute. Each delivery is claimed with the same conditional write as the cron's, so
 * the two never send one twice; retries keep their backoff through the cron.
 */

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

/**
 * Events whose send has started but not yet read the outbox: a change committed meanwhile is read by that
 * send, so a burst of changes (a copy of many scans, a bench's batch) starts one send, not one each.
 */
const starting = new Set<number>();

function deliverSoon(env: Env, eventId: number) {
  if (!afterCommit.enabled || starting.has(eventId)) return Promise.resolve();
  starting.add(eventId);
  const work = (async () => {
    let row: { producer_id: number } | null;
    try {
      row = await env.DB.prepare('select producer_id from events where id = ?')
        .bind(eventId)
        .first<{ producer_id: number }>();
    } finally {
      // From here on, each run fans out and reads what is committed (the changes skipped above included).
      starting.delete(eventId);
    }
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

const firstAttempts = (env: Env, change: WebhookChange) => deliverSoon(env, change.eventId);

/** The first attempts follow every change that can have written outbox rows (each names its event). */
export const webhookReactions = {
  orderPaid: firstAttempts,
  refundCompleted: firstAttempts,
  ticketTransferred: firstAttempts,
  scansCopied: firstAttempts,
  eventPublished: firstAttempts,
  eventCancelled: firstAttempts,
  waitlistOffered: firstAttempts,
} satisfies Required<Pick<Reactions, WebhookChange['kind']>>;
