import type { Change } from './changes';
import { webhookRows } from './integrations/webhook-outbox';

/**
 * A writer's commit with its changes: what the changes stage goes in the writer's own batch (their webhook
 * messages, domain/integrations/webhook-outbox.ts), and once the batch is committed the changes are emitted to
 * the reactions (functions/api/reactions), which send the first attempts at once. Services, the objects and the
 * adapters they call commit webhook changes through here; a change that stages nothing is emitted with `emit`.
 *
 * The objects cannot import the services (tests/unit/import-graph.test.ts), so the reactions are reached
 * through a port the composition connects when the Worker loads (functions/api/app.ts).
 */

type Emit = (env: Env, ...changes: Change[]) => Promise<void>;

let reactions: Emit | null = null;

/** Connects the reactions module (once, from the composition). */
export function connectReactions(emit: Emit) {
  reactions = emit;
}

/**
 * Commits `statements` with the rows `changes` stage, then emits the changes. Answers the batch's results
 * (the writer's statements first, in their order). The emit never fails the committed write.
 */
export async function commitChanges(
  env: Env,
  statements: D1PreparedStatement[],
  ...changes: Change[]
): Promise<D1Result[]> {
  const results = await env.DB.batch([...statements, ...changes.flatMap((change) => webhookRows(env.DB, change))]);
  if (!reactions) console.error('reactions not connected: the cron job sends these changes’ webhooks');
  else await reactions(env, ...changes).catch((err) => console.error('reactions after a commit failed', err));
  return results;
}
