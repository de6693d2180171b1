import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { BUYER_FORM, payInSandbox } from '../checkout/checkout-fixtures';
import { asBuyer } from '../kit/actors';
import { type Answer, call } from '../kit/call';
import { producerWithEvent } from '../kit/events';
import { eventually } from '../kit/http';

/** A seated event through the real endpoints: a generated map, a date that uses it, a price per category. */

export type SeatedWorld = Awaited<ReturnType<typeof seatedEvent>>;

export async function seatedEvent(
  opts: {
    rows?: number;
    seatsPerRow?: number;
    hold_minutes?: number;
    /** Flag platea-B-5 as a wheelchair place and platea-B-3 as its companion (the reserve). Default: yes. */
    wheelchair?: boolean;
    wheelchair_percent?: number;
    wheelchair_release_at?: string | null;
  } = {},
) {
  const p = await producerWithEvent({ hold_minutes: opts.hold_minutes });
  const admin = { ...p.admin, producerId: p.producerId };
  const made = await call(admin, 'POST /admin/seat-maps/:producer/generate', {
    param: { producer: p.producerId },
    json: {
      name: 'Teatro de prueba',
      categories: [
        { key: 'platea', name: 'Platea' },
        { key: 'pullman', name: 'Pullman' },
      ],
      sections: [
        { name: 'Platea', category: 'platea', rows: opts.rows ?? 2, seats_per_row: opts.seatsPerRow ?? 6 },
        { name: 'Pullman', category: 'pullman', rows: 1, seats_per_row: 4, numbering: 'consecutive' },
      ],
      standing: [{ id: 'pie', name: 'De pie', category: 'platea', capacity: 5 }],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  if (opts.wheelchair !== false && (opts.rows ?? 2) >= 2) {
    const flag = (seat_ids: string[], flags: Record<string, boolean>) =>
      call(admin, 'POST /admin/seat-maps/:producer/:id/edit', {
        param: { producer: p.producerId, id: made.body.data.id },
        json: { op: 'flags', seat_ids, ...flags },
      });
    expect((await flag(['platea-B-5'], { wheelchair: true })).status).toBe(200);
    expect((await flag(['platea-B-3'], { companion: true })).status).toBe(200);
  }
  const date = await env.DB.prepare('select id from event_dates where event_id = ?')
    .bind(p.eventId)
    .first<{ id: number }>();
  const seated = await call(admin, 'PUT /admin/events/:id/seating', {
    param: { id: p.eventId },
    json: {
      event_date_id: date!.id,
      map_id: made.body.data.id,
      prices: [
        { category: 'platea', price_cents: 25_000_00 },
        { category: 'pullman', price_cents: 15_000_00 },
      ],
      max_per_order: 6,
      // A one-row map has no reserve: it asks for none.
      wheelchair_percent: opts.wheelchair_percent ?? ((opts.rows ?? 2) < 2 ? 0 : 2),
      ...(opts.wheelchair_release_at === undefined ? {} : { wheelchair_release_at: opts.wheelchair_release_at }),
    },
  });
  expect(seated.status, JSON.stringify(seated.body)).toBe(200);
  const types = seated.body.data.ticket_types;
  const typeOf = (name: string) => types.find((t) => t.name === name)!.id;
  return {
    ...p,
    admin,
    dateId: date!.id,
    mapId: made.body.data.id,
    platea: typeOf('Platea'),
    pullman: typeOf('Pullman'),
    standing: typeOf('De pie'),
    generalType: p.typeId,
  };
}

export const holdSeats = (buyer: { auth: Record<string, string> }, eventId: number, typeId: number, seats: string[]) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity: seats.length, seat_ids: seats }] },
  });

/** The seats the event's inventory object says are held or sold. */
export const takenSeats = (eventId: number) => inventoryOf(env, eventId).takenSeats();

/** The checkout form sent as the order's buyer (answers MercadoPago's redirect, or a Spanish refusal). */
export const checkoutOf = (buyer: { email: string; auth: Record<string, string> }, orderId: string) =>
  asBuyer(buyer, `/orders/${orderId}/checkout`, {
    method: 'POST',
    json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
  });

/** Pays an order in MercadoPago's sandbox as its buyer (the test routes the network first: routeNetwork()). */
export async function payOrder(buyer: { email: string; auth: Record<string, string> }, orderId: string) {
  const res = await checkoutOf(buyer, orderId);
  expect(res.status).toBe(200);
  const { redirect } = ((await res.json()) as Answer<{ redirect: string }>).data;
  await payInSandbox(redirect, 'approved');
}

/**
 * After a race: no seat on two valid tickets, the sold seats are the valid tickets' seats (payments and refunds
 * settled before this runs), every live hold has all of its order's seats, and D1's mirror says the same.
 */
export async function assertSeats(eventId: number) {
  const { results: tickets } = await env.DB.prepare(
    "select seat_id from tickets where event_id = ? and status in ('valid', 'used') and seat_id is not null",
  )
    .bind(eventId)
    .all<{ seat_id: string }>();
  const ticketed = tickets.map((t) => t.seat_id);
  // No seat on two valid tickets.
  expect(new Set(ticketed).size).toBe(ticketed.length);
  const taken = await takenSeats(eventId);
  const sold = taken.filter((s) => s.state === 'sold').map((s) => s.seatId);
  // The sold seats are the valid tickets' seats (payments and refunds settled before this runs).
  expect(sold.sort()).toEqual([...ticketed].sort());
  // Every live hold has all of its order's seats, and no seat is in a hold and a ticket.
  const held = new Map<string, string[]>();
  for (const s of taken.filter((x) => x.state === 'held'))
    held.set(s.holdId, [...(held.get(s.holdId) ?? []), s.seatId]);
  for (const [holdId, ids] of held) {
    const item = await env.DB.prepare(
      'select i.seats from order_items i join orders o on o.id = i.order_id where o.hold_id = ?',
    )
      .bind(holdId)
      .first<{ seats: string }>();
    const wanted = (JSON.parse(item?.seats ?? '[]') as { id: string }[]).map((s) => s.id);
    expect(ids.sort()).toEqual(wanted.sort());
    for (const id of ids) expect(ticketed).not.toContain(id);
  }
  // D1's mirror catches up with the object (a kept seat shows as held there: not for sale).
  const expected = taken
    .map((s) => `${s.seatId}:${s.state === 'kept' ? 'held' : s.state}`)
    .sort()
    .join();
  await eventually(async () => {
    const { results } = await env.DB.prepare('select seat_id, state from event_seats where event_id = ?')
      .bind(eventId)
      .all<{ seat_id: string; state: string }>();
    return (
      results
        .map((r) => `${r.seat_id}:${r.state}`)
        .sort()
        .join() === expected
    );
  }, 'the seat mirror');
}
