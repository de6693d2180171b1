import type { DoorScan } from '../../../../src/shared/checkin';
import { CHECKIN_MSG } from '../../../../src/shared/messages/checkin';
import type { SignedToken } from '../../../domain/accounts/revocation';
import type { Actor } from '../../../domain/events/access';
import type { DoorRequest, ScanOutcome } from '../../../durable-objects/checkin/types';
import { checkinOf } from '../../../durable-objects/stubs';
import { sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';

/**
 * Waits until D1's check-in log (checkin_scans, checkin_admissions, tickets.used_at) has every decision the
 * event's authority took so far: the authority answers before its log reaches D1, so readers call this first.
 */
export function logCopied(env: Env, eventId: number): Promise<void> {
  return checkinOf(env, eventId).flushed();
}

export type { ScanOutcome } from '../../../durable-objects/checkin/types';

/** Token hashes of this isolate (the revocation list is keyed by them; a scanner sends one token many times). */
const hashes = new Map<string, string>();

async function tokenHash(token: string) {
  let hash = hashes.get(token);
  if (!hash) {
    hash = await sha256Hex(token);
    if (hashes.size >= 2_000) hashes.delete(hashes.keys().next().value as string);
    hashes.set(token, hash);
  }
  return hash;
}

/**
 * Redeems scans of one event in ONE call to its check-in object, which holds the event's tickets (with their
 * issued codes), setup and door staff (pushed to it on every change, api/reactions/checkin.ts): it checks the
 * caller and the codes and decides each scan in order. No D1 read on the way: the object read what it holds once.
 */
export async function redeemScans(
  env: Env,
  signed: SignedToken,
  eventId: number,
  requests: DoorScan[],
): Promise<ScanOutcome[]> {
  const caller = { session: signed.session, tokenHash: await tokenHash(signed.token) };
  const answer = await checkinOf(env, eventId).redeem(eventId, caller, requests satisfies DoorRequest[]);
  if ('status' in answer) fail(answer.status, answer.message);
  return answer.outcomes;
}

/**
 * Undoes the caller's own admission within the window; the undo is logged like any scan. The route's
 * declaration checked `tickets.validate` on the event (functions/api/routes/checkin.ts).
 */
export async function undoScan(
  env: Env,
  actor: Actor,
  eventId: number,
  input: { scan_id: string; nonce: string; device: string },
) {
  const answer = await checkinOf(env, eventId).undo(eventId, {
    nonce: input.nonce,
    scanId: input.scan_id,
    staff: { id: actor.userId, name: actor.name },
    device: input.device,
  });
  if (!answer) fail(409, CHECKIN_MSG.undoExpired);
  if ('nonceReused' in answer) fail(409, CHECKIN_MSG.nonceReused);
  return answer;
}
