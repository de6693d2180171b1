import type { Change, Reactions } from './changes';
import { checkinReactions } from './checkin';
import { inventoryReactions } from './inventory';
import { mailReactions } from './mail';
import { webhookReactions } from './webhooks';

export type { Change } from './changes';

/** Every reader that keeps a copy of what writers change, in the order they hear about a change. */
const READERS: Reactions[] = [checkinReactions, inventoryReactions, mailReactions, webhookReactions];

/**
 * Tells the readers what changed. Call it after the change is committed to D1, from the service that made it
 * (never from a route): a reader that hears before the commit would re-read the old state and keep it.
 * Changes are handled in order, each by the readers in order, like the hand-placed calls it replaces.
 */
export async function emit(env: Env, ...changes: Change[]): Promise<void> {
  for (const change of changes) {
    for (const reader of READERS) {
      // One subscription per kind: the handler found by `change.kind` takes that very change.
      const react = reader[change.kind] as ((env: Env, change: Change) => Promise<void>) | undefined;
      if (react) await react(env, change);
    }
  }
}
