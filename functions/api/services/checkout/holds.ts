import { formatEventDate } from '../../../../src/shared/dates';
import { BUY_MSG, HOLD_MSG, SEAT_HOLD_MSG } from '../../../../src/shared/messages/checkout';
import { PROMO_MSG } from '../../../../src/shared/messages/promo';
import { QUEUE_MSG } from '../../../../src/shared/messages/queue';
import type { HoldRequest } from '../../../../src/shared/schemas/checkout';
import { orderTransition } from '../../../domain/checkout/order-state';
import type { SaleGate, SellResult } from '../../../durable-objects/inventory/types';
import { inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';

type Refused = Exclude<Extract<SellResult, { ok: false }>, { reason: 'stale' }>;

/** Spanish answers for a refused hold. */
function refusal(result: Refused): never {
  promoRefusal(result);
  if (result.reason === 'pass_missing') fail(403, QUEUE_MSG.passMissing);
  if (result.reason === 'pass_forged' || result.reason === 'pass_other_event') fail(403, QUEUE_MSG.passForged);
  if (result.reason === 'pass_expired') fail(403, QUEUE_MSG.passExpired);
  if (result.reason === 'pass_other_account') fail(403, QUEUE_MSG.passOtherAccount);
  if (result.reason === 'dni_cap') fail(409, QUEUE_MSG.dniCap(result.cap));
  if (result.reason === 'pass_limit') fail(409, QUEUE_MSG.passLimit(result.max));
  if (result.reason === 'no_event') fail(404, HOLD_MSG.noEvent);
  if (result.reason === 'not_on_sale' || result.reason === 'closed') fail(409, HOLD_MSG.notOnSale);
  if (result.reason === 'foreign_type') fail(400, HOLD_MSG.foreignType);
  if (result.reason === 'not_public') fail(400, HOLD_MSG.notPublic);
  if (result.reason === 'not_started') fail(409, HOLD_MSG.notStarted(result.name));
  if (result.reason === 'ended') fail(409, HOLD_MSG.ended(result.name));
  seatRefusal(result);
  const name = ('name' in result ? result.name : undefined) ?? 'la entrada';
  if (result.reason === 'sold_out') {
    fail(409, result.available ? HOLD_MSG.fewLeft(result.available, name) : HOLD_MSG.soldOut(name));
  }
  if (result.reason === 'min') fail(400, HOLD_MSG.min(name));
  if (result.reason === 'max') fail(400, HOLD_MSG.max(name));
  fail(400, BUY_MSG.chooseOne);
}

/** Spanish answers for a refused pick of seats (reserved seating), naming the seat. */
function seatRefusal(result: Refused) {
  const onSeats = (status: 400 | 409, message: string) => fail(status, message, { seat_ids: [message] });
  if (result.reason === 'seats_missing') onSeats(400, SEAT_HOLD_MSG.seatsMissing(result.name ?? 'la entrada'));
  if (result.reason === 'seat_twice') onSeats(400, SEAT_HOLD_MSG.seatTwice(result.seat));
  if (result.reason === 'seat_unknown') onSeats(400, SEAT_HOLD_MSG.seatUnknown);
  if (result.reason === 'seat_taken') onSeats(409, SEAT_HOLD_MSG.seatTaken(result.seat));
  if (result.reason === 'seat_kept') onSeats(409, SEAT_HOLD_MSG.seatKept(result.seat));
  if (result.reason === 'single_seat') onSeats(409, SEAT_HOLD_MSG.singleSeat(result.seat));
  if (result.reason === 'companion_alone') onSeats(400, SEAT_HOLD_MSG.companionAlone(result.seat));
  if (result.reason === 'no_block')
    onSeats(409, SEAT_HOLD_MSG.noBlock(result.quantity ?? 1, result.name ?? 'la entrada'));
}

/** Spanish answers for a refused promo code, on the field (`promo_code`). */
function promoRefusal(result: Refused) {
  const onField = (status: 400 | 409, message: string) => fail(status, message, { promo_code: [message] });
  if (result.reason === 'promo_invalid') onField(400, PROMO_MSG.codeInvalid);
  if (result.reason === 'promo_expired') onField(409, PROMO_MSG.codeExpired);
  if (result.reason === 'promo_not_yet') onField(409, PROMO_MSG.codeNotYet(formatEventDate(new Date(result.from))));
  if (result.reason === 'promo_types') onField(400, PROMO_MSG.codeNotForTypes);
  if (result.reason === 'promo_per_order') onField(400, PROMO_MSG.codePerOrder(result.max));
  if (result.reason === 'promo_per_buyer') onField(409, PROMO_MSG.codePerBuyer(result.max));
  if (result.reason === 'promo_exhausted')
    onField(409, result.remaining > 0 ? PROMO_MSG.codeRemaining(result.remaining) : PROMO_MSG.codeExhausted);
}

/**
 * Reserves tickets for a buyer and opens an order for them. The event's inventory object checks the sale
 * configuration it keeps, decides (atomically) whether the tickets are there and writes the order to D1:
 * one subrequest from here, because this path runs for every buyer at once when a sale opens.
 */
export async function createHold(
  env: Env,
  userId: number,
  input: HoldRequest,
  buyerKey?: string,
  exempt?: SaleGate['exempt'],
) {
  const inventory = inventoryOf(env, input.event_id);
  const items = input.items.map((i) => ({
    typeId: i.ticket_type_id,
    quantity: i.quantity,
    seatIds: i.seat_ids,
    best: i.best,
  }));
  let staleVersion = -1;
  for (let attempt = 0; attempt < 3; attempt++) {
    const sale = await inventory.sell(input.event_id, userId, items, staleVersion, 'public', buyerKey, {
      pass: input.queue_pass,
      exempt,
      promoCode: input.promo_code,
    });
    if (sale.ok) {
      const { orderId, holdId, expiresAt, subtotalCents, feeCents, totalCents, discountCents } = sale;
      return { orderId, holdId, expiresAt, subtotalCents, feeCents, totalCents, discountCents };
    }
    // The configuration changed after the object read it: it gave the hold back; check again on fresh data.
    if (sale.reason === 'stale') staleVersion = sale.version;
    else refusal(sale);
  }
  fail(503, BUY_MSG.saleUpdating);
}

/**
 * The seats benchmark's ceiling (development only, POST /holds/ceiling): a bare call to the event's inventory object
 * where a hold would ask it to sell, answered with the fields of a hold (no hold, no order).
 */
export async function bareHoldCall(env: Env, eventId: number): Promise<Awaited<ReturnType<typeof createHold>>> {
  const at = await inventoryOf(env, eventId).ping();
  const zero = { subtotalCents: 0, feeCents: 0, totalCents: 0, discountCents: 0 };
  return { orderId: crypto.randomUUID(), holdId: '', expiresAt: new Date(at).toISOString(), ...zero };
}

/** The buyer leaves the checkout: the hold goes back on sale at once. */
export async function releaseHold(env: Env, order: { id: string; event_id: number; hold_id: string }) {
  const changed = await orderTransition(env.DB, { id: order.id }, ['held'], 'expired', {
    set: { status_reason: 'cancelada' },
  }).run();
  if (changed.meta.changes === 1) await inventoryOf(env, order.event_id).release(order.hold_id);
  return changed.meta.changes === 1;
}
