import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { eventually } from '../kit/http';
import { join, place, queueBuyer } from '../queue/queue-fixtures';
import { holdSeats, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * A seated event in each stage of its sale (issue 33): a queued on-sale keeps the pass rule (no seat without a
 * pass), and the wheelchair reserve is sold online in every stage: with a queue pass, with a promo code, and
 * while the waiting list runs (a sold-out section for the public still sells its reserve to who needs it; the
 * list's offers never take it). The fixture's map: row B is 5 3 1 2 4 6, with platea-B-5 a wheelchair place and
 * platea-B-3 its companion.
 */

const RESERVE = ['platea-B-5', 'platea-B-3'];

type Buyer = { auth: Record<string, string> };

const holdWith = (buyer: Buyer, eventId: number, item: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  asBuyer(buyer, '/holds', { method: 'POST', json: { event_id: eventId, items: [item], ...extra } });

const seatsOf = async (eventId: number) => (await takenSeats(eventId)).map((s) => s.seatId).sort();

describe('a seated event in each stage of its sale', () => {
  it('keeps the pass rule of a queued on-sale: no seat without a pass; a pass holds the reserve and best seats', async () => {
    const w = await seatedEvent();
    const superadmin = await createBuyer('SUPERADMIN');
    const queued = await asBuyer(superadmin, `/admin/queues/${w.eventId}`, {
      method: 'PUT',
      json: { opens_at: new Date(Date.now() + 1000).toISOString(), rate_per_minute: 1 },
    });
    expect(queued.status).toBe(200);

    // Without a pass, neither a pick nor best available takes a seat.
    const anyone = await queueBuyer();
    expect((await holdSeats(anyone, w.eventId, w.platea, RESERVE)).status).toBe(403);
    const best = { ticket_type_id: w.platea, quantity: 2, best: true };
    expect((await holdWith(anyone, w.eventId, best)).status).toBe(403);
    expect(await seatsOf(w.eventId)).toEqual([]);

    // Admitted: the pass holds the wheelchair place with its companion (the reserve is sold in the queue too).
    const admitted = await queueBuyer();
    expect((await join(admitted, w.eventId)).status).toBe(201);
    let pass = '';
    await eventually(
      async () => {
        pass = (await place(admitted, w.eventId)).pass ?? '';
        return pass !== '';
      },
      'admitted with a pass',
      15_000,
    );
    const item = { ticket_type_id: w.platea, quantity: 2, seat_ids: RESERVE };
    expect((await holdWith(admitted, w.eventId, item, { queue_pass: 'not-a-pass' })).status).toBe(403);
    expect(await seatsOf(w.eventId)).toEqual([]);
    expect((await holdWith(admitted, w.eventId, item, { queue_pass: pass })).status).toBe(201);
    expect(await seatsOf(w.eventId)).toEqual([...RESERVE].sort());
    // The same pass, changing its mind to best available: the reserve comes back, best seats never take it.
    expect((await holdWith(admitted, w.eventId, best, { queue_pass: pass })).status).toBe(201);
    const held = await seatsOf(w.eventId);
    expect(held).toHaveLength(2);
    for (const id of RESERVE) expect(held).not.toContain(id);
  });

  it('sells the reserve with a promo code, at the discounted price', async () => {
    const w = await seatedEvent();
    const code = `BUTACA${Date.now().toString(36).toUpperCase()}`;
    const created = await asBuyer(w.admin, `/admin/promo-codes/${w.producerId}`, {
      method: 'POST',
      json: { event_id: w.eventId, code, discount_type: 'percent', value: 10 },
    });
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const buyer = await createBuyer();
    const res = await holdWith(
      buyer,
      w.eventId,
      { ticket_type_id: w.platea, quantity: 2, seat_ids: RESERVE },
      { promo_code: code.toLowerCase() },
    );
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const orderId = ((await res.json()) as Answer<{ id: string }>).data.id;
    const item = await env.DB.prepare(
      'select unit_price_cents, unit_discount_cents, seats from order_items where order_id = ?',
    )
      .bind(orderId)
      .first<{ unit_price_cents: number; unit_discount_cents: number; seats: string }>();
    // unit_price_cents is the discounted price, unit_discount_cents what was taken off each ticket.
    expect(item).toMatchObject({ unit_price_cents: 22_500_00, unit_discount_cents: 2_500_00 });
    expect((JSON.parse(item!.seats) as { id: string }[]).map((s) => s.id).sort()).toEqual([...RESERVE].sort());
  });

  it('while the waiting list runs, still sells the reserve to who needs it; the list’s offers never take it', async () => {
    const w = await seatedEvent();
    // Everything but the reserve is held: Platea is sold out for the public.
    const rowA = ['platea-A-5', 'platea-A-3', 'platea-A-1', 'platea-A-2', 'platea-A-4', 'platea-A-6'];
    const rest = ['platea-B-1', 'platea-B-2', 'platea-B-4', 'platea-B-6'];
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    expect((await holdSeats(ana, w.eventId, w.platea, rowA)).status).toBe(201);
    const betoHold = await holdSeats(beto, w.eventId, w.platea, rest);
    expect(betoHold.status).toBe(201);
    const betoOrder = ((await betoHold.json()) as Answer<{ id: string }>).data.id;

    const waiting = await createBuyer();
    const joined = await asBuyer(waiting, `/waitlist/${w.eventId}`, {
      method: 'POST',
      json: { ticket_type_id: w.platea, quantity: 2 },
    });
    expect(joined.status, JSON.stringify(await joined.clone().json())).toBe(201);
    // Best available finds nothing for the public: the reserve is not theirs.
    const public2 = await holdWith(await createBuyer(), w.eventId, {
      ticket_type_id: w.platea,
      quantity: 2,
      best: true,
    });
    expect(public2.status).toBe(409);

    // Beto lets his seats go: the list's offer holds two of them, never the reserve.
    expect((await asBuyer(beto, `/holds/${betoOrder}`, { method: 'DELETE' })).status).toBe(200);
    await eventually(async () => (await seatsOf(w.eventId)).length === 8, 'the offer holds 2 of the 4 freed seats');
    const offered = (await takenSeats(w.eventId)).filter((s) => !rowA.includes(s.seatId)).map((s) => s.seatId);
    for (const id of RESERVE) expect(offered).not.toContain(id);

    // Who needs the wheelchair place buys it directly, with its companion.
    expect((await holdSeats(await createBuyer(), w.eventId, w.platea, RESERVE)).status).toBe(201);
  });
});
