import { runInDurableObject } from 'cloudflare:test';
import { afterCommit } from '../../../functions/api/reactions/webhooks';

/**
 * Throws a Durable Object away, as a deploy or an eviction would: the next call builds a new one from its storage.
 * The work started after its commits (the webhooks' first attempts, reactions/webhooks.ts) is let finish first.
 * An aborted object's pending work never settles (its request context is gone), so the hook that waits for that
 * work after each test (tests/api/setup.ts) would wait for ever: that test and every later one in the file timed
 * out, now and then, depending on whether a first attempt was still in flight at the abort. In production that
 * work is only lost with the object; the cron sends what it left.
 */
export async function restartObject<O extends Rpc.DurableObjectBranded>(stub: DurableObjectStub<O>, reason: string) {
  await afterCommit.settled();
  await runInDurableObject(stub, (_object, state) => state.abort(reason)).catch(() => undefined);
}
