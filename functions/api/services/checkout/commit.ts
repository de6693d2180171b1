import type { CommitResult } from '../../../durable-objects/event-inventory';
import { claimCommit, type DoorClaim, settleAtDoor, underClaim } from '../checkin/claims';
import { checkinOf } from '../checkin/scan';
import { inventoryOf } from './inventory';

/** What selling a hold gave: the inventory's answer, and the door's claim on a resold ticket (or null). */
export type HoldSale = { sold: CommitResult | { ok: false; reason: 'in_flight' }; claim: DoorClaim | null };

/**
 * Sells a paid (or free) order's hold. A face-value resale's offer is sold only with its ticket claimed at the
 * door (services/checkin/claims.ts) in the same way as any operation that changes who may enter: if the seller
 * went in, or another operation holds the ticket, the offer is withdrawn and the hold is not sold (the caller
 * refunds the buyer as for a hold that ran out); otherwise the claim is committed in the payment's own D1 batch
 * (claimCommit) and settled after it (settleAtDoor), so the ticket is refused at the door from then on.
 * A hold sold already (a notification delivered twice at once) answers `in_flight` while the first one still
 * holds the ticket, and nothing to commit once it finished.
 */
export async function sellHold(env: Env, eventId: number, holdId: string): Promise<HoldSale> {
  const inventory = inventoryOf(env, eventId);
  const first = await inventory.commit(holdId);
  const ticketId = !first.ok && first.reason === 'resale_claim' ? first.ticketId : first.ok ? first.resold : undefined;
  if (!ticketId) return { sold: first, claim: null };
  const claimId = `resale:${crypto.randomUUID()}`;
  const answer = await checkinOf(env, eventId).claim(eventId, { claimId, kind: 'resale', ticketIds: [ticketId] });
  if (first.ok) {
    // Sold by an earlier attempt. Closed: that attempt finished. Busy: it is finishing now.
    if (answer.ok) return { sold: first, claim: { eventId, claimId, admitted: [] } };
    if (answer.reason === 'closed') return { sold: first, claim: null };
    if (answer.reason === 'busy') return { sold: { ok: false, reason: 'in_flight' }, claim: null };
    // Its seller went in before this retry (the earlier attempt died after the sale): undone, refunded.
    await inventory.undoResaleSale(holdId, ticketId);
    return { sold: { ok: false, reason: 'not_open' }, claim: null };
  }
  if (!answer.ok) {
    await inventory.withdrawAdmittedResale(ticketId);
    return { sold: { ok: false, reason: 'not_open' }, claim: null };
  }
  const claim = { eventId, claimId, admitted: [] };
  const sold = await inventory.commit(holdId, ticketId);
  if (!sold.ok) await settleAtDoor(env, claim);
  return { sold, claim: sold.ok ? claim : null };
}

/**
 * The payment's D1 batch: with a resale offer's claim, the claim's commit goes first and the door settles after
 * (the resold ticket is closed there once D1 cancelled it). A plain hold's batch runs as it is.
 */
export function payUnderClaim(env: Env, claim: DoorClaim | null, statements: D1PreparedStatement[]) {
  if (!claim) return env.DB.batch(statements);
  return underClaim(env, claim, () => env.DB.batch([...statements, claimCommit(env.DB, claim)]));
}
