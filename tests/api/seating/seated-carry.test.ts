import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { RESALE_MSG } from '../../../src/shared/messages/resale';
import { offeredOrder } from '../checkout/checkout-fixtures';
import { asBuyer, buyerWithDni } from '../kit/actors';
import type { Answer } from '../kit/call';
import { eventually } from '../kit/http';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';
import { assertSeats, checkoutOf, payOrder, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * Reserved seating through resale and the waiting list (issue 33): a resold seated ticket's seat passes to its
 * buyer without ever being free, and a waiting-list offer of a seated type holds named seats (shown in its order
 * and its e-mail) that an expired offer gives back.
 */

type Buyer = Awaited<ReturnType<typeof buyerWithDni>>;

const bestHold = (buyer: Buyer, eventId: number, typeId: number, quantity: number) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity, best: true }] },
  });

async function buyBest(buyer: Buyer, eventId: number, typeId: number, quantity: number) {
  const held = await bestHold(buyer, eventId, typeId, quantity);
  expect(held.status).toBe(201);
  const orderId = (((await held.json()) as Answer).data as { id: string }).id;
  await payOrder(buyer, orderId);
  return orderId;
}

const ticketsOf = (orderId: string) =>
  env.DB.prepare('select id, status, seat_id, seat_label from tickets where order_id = ? order by seat_id')
    .bind(orderId)
    .all<{ id: string; status: string; seat_id: string | null; seat_label: string | null }>()
    .then((r) => r.results);

const seatsOfOrder = async (orderId: string) =>
  (
    JSON.parse(
      (
        await env.DB.prepare('select seats from order_items where order_id = ?')
          .bind(orderId)
          .first<{ seats: string }>()
      )?.seats ?? 'null',
    ) as { id: string; name: string }[] | null
  )?.map((s) => s.id) ?? null;

/** A sold-out one-row platea (two seats) with one person waiting for one seat. */
async function soldOutWithWaiting() {
  routeNetwork();
  const w = await seatedEvent({ rows: 1, seatsPerRow: 2 });
  const seller = await buyerWithDni();
  const sellerOrder = await buyBest(seller, w.eventId, w.platea, 2);
  const waiting = await buyerWithDni();
  const joined = await asBuyer(waiting, `/waitlist/${w.eventId}`, {
    method: 'POST',
    json: { ticket_type_id: w.platea, quantity: 1 },
  });
  expect(joined.status).toBe(201);
  return { w, seller, sellerOrder, waiting };
}

describe('reserved seating through resale and the waiting list', () => {
  it('a resold seated ticket keeps its seat for its buyer, never free in between', async () => {
    const { w, seller, sellerOrder, waiting } = await soldOutWithWaiting();
    const [resold, kept] = await ticketsOf(sellerOrder);
    expect(resold.seat_id).toBeTruthy();
    expect((await asBuyer(seller, `/tickets/${resold.id}/resale`, { method: 'POST' })).status).toBe(201);
    const offerOrder = await offeredOrder(waiting, w.eventId);
    // The offer names the seller's seat; the seat stays sold to the seller meanwhile.
    expect(await seatsOfOrder(offerOrder)).toEqual([resold.seat_id]);
    expect((await takenSeats(w.eventId)).map((s) => `${s.seatId}:${s.state}`).sort()).toEqual(
      [`${kept.seat_id}:sold`, `${resold.seat_id}:sold`].sort(),
    );
    // Its would-be buyer is shown the seat in the offer's e-mail (and its checkout, from the order).
    await eventually(
      async () => (await mailsTo(waiting.email)).some((m) => m.text.includes(`Tu ubicación: ${resold.seat_label}.`)),
      'the resale offer e-mail shows the seat',
    );
    await payOrder(waiting, offerOrder);
    await eventually(
      async () => (await ticketsOf(sellerOrder)).find((t) => t.id === resold.id)?.status === 'cancelled',
      'the resold ticket is cancelled',
    );
    const [bought] = await ticketsOf(offerOrder);
    expect(bought).toMatchObject({ status: 'valid', seat_id: resold.seat_id, seat_label: resold.seat_label });
    // The seat is sold to the buyer's hold, not back on sale.
    const hold = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(offerOrder)
      .first<{ hold_id: string }>();
    await eventually(async () => {
      const seat = (await takenSeats(w.eventId)).find((s) => s.seatId === resold.seat_id);
      return seat?.state === 'sold' && seat.holdId === hold?.hold_id;
    }, 'the seat sold to its new holder');
    await assertSeats(w.eventId);
  });

  it('a waiting-list offer of a seated type holds the freed seat, shows it, and gives it back when it expires', async () => {
    const { w, sellerOrder, waiting } = await soldOutWithWaiting();
    const [freed] = await ticketsOf(sellerOrder);
    // The producer refunds one ticket: its seat comes back and goes to the waiting buyer's offer.
    const refund = await asBuyer(w.admin, `/admin/orders/${sellerOrder}/refund`, {
      method: 'POST',
      json: { ticket_ids: [freed.id], reason: 'Prueba' },
    });
    expect(refund.status, await refund.clone().text()).toBeLessThan(300);
    const offerOrder = await offeredOrder(waiting, w.eventId);
    expect(await seatsOfOrder(offerOrder)).toEqual([freed.seat_id]);
    const hold = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(offerOrder)
      .first<{ hold_id: string }>();
    expect((await takenSeats(w.eventId)).find((s) => s.seatId === freed.seat_id)).toMatchObject({
      state: 'held',
      holdId: hold?.hold_id,
    });
    // The offer's e-mail names the seat.
    const label = freed.seat_label as string;
    await eventually(
      async () => (await mailsTo(waiting.email)).some((m) => m.text.includes(`Tu ubicación: ${label}.`)),
      'the offer e-mail shows the seat',
    );
    await assertSeats(w.eventId);
    // The offer runs out unanswered: its seat is free again, in the object and in D1's mirror.
    await inventoryOf(env, w.eventId).expireSoon(hold!.hold_id, 1);
    await eventually(
      async () => !(await takenSeats(w.eventId)).some((s) => s.seatId === freed.seat_id),
      'the expired offer frees its seat',
    );
    await assertSeats(w.eventId);
  });
  it("the seller's ticket refunded while its listing is on offer: the buyer's hold ends at once and checkout says why, before any payment", async () => {
    const { w, seller, sellerOrder, waiting } = await soldOutWithWaiting();
    const [resold] = await ticketsOf(sellerOrder);
    expect((await asBuyer(seller, `/tickets/${resold.id}/resale`, { method: 'POST' })).status).toBe(201);
    const offerOrder = await offeredOrder(waiting, w.eventId);
    const offerHold = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(offerOrder)
      .first<{ hold_id: string }>();
    const refund = await asBuyer(w.admin, `/admin/orders/${sellerOrder}/refund`, {
      method: 'POST',
      json: { ticket_ids: [resold.id], reason: 'Prueba' },
    });
    expect(refund.status, await refund.clone().text()).toBe(200);
    // The refund's answer leaves with the offer already ended: the buyer's checkout is refused, in Spanish,
    // before MercadoPago is asked for anything.
    expect((await inventoryOf(env, w.eventId).holdStatus(offerHold!.hold_id))?.status).toBe('released');
    const checkout = await checkoutOf(waiting, offerOrder);
    expect(checkout.status).toBe(409);
    expect(((await checkout.json()) as Answer).message).toBe(RESALE_MSG.offerWithdrawn);
    expect(await env.DB.prepare('select mp_preference_id from orders where id = ?').bind(offerOrder).first()).toEqual({
      mp_preference_id: null,
    });
    // The listing is over; the refunded seat is free again and goes, like any freed seat, to the waiting list:
    // the same buyer (waiting again in their place) gets a new offer for it, which they can pay.
    expect(await inventoryOf(env, w.eventId).resaleStatus(resold.id)).toBe('withdrawn');
    let again = '';
    await eventually(async () => {
      again = await offeredOrder(waiting, w.eventId);
      return again !== offerOrder;
    }, 'the freed seat is offered anew');
    expect(await seatsOfOrder(again)).toEqual([resold.seat_id]);
    await payOrder(waiting, again);
    await eventually(
      async () => (await ticketsOf(again)).some((t) => t.status === 'valid' && t.seat_id === resold.seat_id),
      'the new offer is paid',
    );
    expect((await ticketsOf(sellerOrder)).find((t) => t.id === resold.id)?.status).toBe('cancelled');
    await assertSeats(w.eventId);
  });
  it('a seated entry that accepts fewer is offered the largest block of seats together, and the seat left alone goes to the next', async () => {
    routeNetwork();
    // One row of six numbered 5 3 1 2 4 6, sold out; the first in line wants 4 and accepts fewer, the next wants 1.
    const w = await seatedEvent({ rows: 1, seatsPerRow: 6 });
    const seller = await buyerWithDni();
    const sellerOrder = await buyBest(seller, w.eventId, w.platea, 6);
    const [first, next] = [await buyerWithDni(), await buyerWithDni()];
    for (const [b, quantity, accept_fewer] of [
      [first, 4, true],
      [next, 1, false],
    ] as const) {
      const joined = await asBuyer(b, `/waitlist/${w.eventId}`, {
        method: 'POST',
        json: { ticket_type_id: w.platea, quantity, accept_fewer },
      });
      expect(joined.status).toBe(201);
    }
    // Three seats come back: 5 and 3 side by side at the aisle end, 4 alone between sold seats.
    const back = (await ticketsOf(sellerOrder)).filter((t) =>
      ['platea-A-5', 'platea-A-3', 'platea-A-4'].includes(t.seat_id ?? ''),
    );
    const refund = await asBuyer(w.admin, `/admin/orders/${sellerOrder}/refund`, {
      method: 'POST',
      json: { ticket_ids: back.map((t) => t.id), reason: 'Prueba' },
    });
    expect(refund.status, await refund.clone().text()).toBe(200);
    // The first is offered the two seats together (not three apart); the next one the seat left.
    const firstOrder = await offeredOrder(first, w.eventId);
    expect((await seatsOfOrder(firstOrder))?.sort()).toEqual(['platea-A-3', 'platea-A-5']);
    const me = (await (await asBuyer(first, `/waitlist/${w.eventId}/me`)).json()) as Answer<{
      offered_quantity: number;
    }>;
    expect(me.data.offered_quantity).toBe(2);
    const nextOrder = await offeredOrder(next, w.eventId);
    expect(await seatsOfOrder(nextOrder)).toEqual(['platea-A-4']);
    await assertSeats(w.eventId);
  });
});
