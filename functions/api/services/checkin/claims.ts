import { TICKET_FATE_MSG } from '../../../../src/shared/messages/checkout';
import type { ClaimKind, ClaimRefusal } from '../../../durable-objects/checkin/types';
import { checkinOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';

/**
 * The service side of a ticket's one owner (durable-objects/checkin/claims.ts): an operation that changes who
 * may enter claims its tickets at the event's check-in object (claimAtDoor), writes its D1 batch with the
 * claim's commit row first (claimCommit), and tells the object when it ended (settleAtDoor), which then takes
 * D1's outcome. `underClaim` does the last two around a batch.
 */

export type DoorClaim = { eventId: number; claimId: string; admitted: string[] };

/**
 * Claims tickets (or the whole event) at the event's door; fails with a Spanish 409 when the door refuses:
 * `messages` words a refusal for the operation (an admitted ticket, another operation under way, a closed one).
 */
export async function claimAtDoor(
  env: Env,
  eventId: number,
  req: { kind: ClaimKind; ticketIds: string[]; allowAdmitted?: boolean; claimId?: string },
  messages: Partial<Record<ClaimRefusal, string>> = {},
): Promise<DoorClaim> {
  const claimId = req.claimId ?? `${req.kind}:${crypto.randomUUID()}`;
  const answer = await checkinOf(env, eventId).claim(eventId, { ...req, claimId });
  if (!answer.ok) fail(409, messages[answer.reason] ?? TICKET_FATE_MSG[answer.reason]);
  return { eventId, claimId, admitted: answer.admitted };
}

/** The first statement of the operation's batch: its claim, committed (fails the batch if the door fenced it off). */
export function claimCommit(db: D1Database, claim: DoorClaim): D1PreparedStatement {
  return db
    .prepare("insert into door_claims (id, event_id, state) values (?, ?, 'committed')")
    .bind(claim.claimId, claim.eventId);
}

/** Whether a batch failed because the door fenced its claim off (the operation took longer than a claim lives). */
export function fencedOff(err: unknown): boolean {
  return /UNIQUE constraint failed: door_claims\.id/.test(String(err));
}

/**
 * The operation ended (whatever its outcome): the door takes D1's outcome for the claim's tickets (and reads
 * `touched` again even without a claim). Never fails the caller: a claim left unsettled is settled by the door
 * itself once it is stale.
 */
export async function settleAtDoor(
  env: Env,
  claim: Pick<DoorClaim, 'eventId' | 'claimId'>,
  touched: string[] = [],
): Promise<void> {
  try {
    await checkinOf(env, claim.eventId).settle(claim.eventId, claim.claimId, false, touched);
  } catch (err) {
    console.error(`Door claim ${claim.claimId} not settled; the door settles it once stale`, err);
  }
}

/** Runs the operation's D1 write under its claim, then settles it (a fenced-off write is a Spanish 409). */
export async function underClaim<T>(env: Env, claim: DoorClaim, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (fencedOff(err)) fail(409, TICKET_FATE_MSG.fenced);
    throw err;
  } finally {
    await settleAtDoor(env, claim);
  }
}
