import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { HOLD_MSG, SEAT_HOLD_MSG } from '../../../src/shared/messages/checkout';
import { asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { eventually } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { holdSeats, payOrder, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * A seated event (issue 33) through the real endpoints: a hold takes the named seats in the inventory object's
 * step, all of them or none; bad picks are refused in Spanish naming the seat and hold nothing; payment,
 * release, expiry, refund and transfer carry the seat or give it back, and D1's mirror follows.
 */

type Held = Answer<{ id: string }>;

const seatIds = async (eventId: number) => (await takenSeats(eventId)).map((s) => `${s.seatId}:${s.state}`);

describe('a seated event', () => {
  it('creates a ticket type per category with its seats as capacity, and standing sections as today', async () => {
    const w = await seatedEvent();
    const { results } = await env.DB.prepare(
      'select id, name, capacity, price_cents from ticket_types where event_date_id = ? order by sort, id',
    )
      .bind(w.dateId)
      .all<{ id: number; name: string; capacity: number; price_cents: number }>();
    expect(results.filter((t) => t.id !== w.generalType)).toEqual([
      { id: w.platea, name: 'Platea', capacity: 12, price_cents: 25_000_00 },
      { id: w.pullman, name: 'Pullman', capacity: 4, price_cents: 15_000_00 },
      { id: w.standing, name: 'De pie', capacity: 5, price_cents: 25_000_00 },
    ]);
  });

  it('holds the named seats, all of them or none, and refuses bad picks naming the seat', async () => {
    const w = await seatedEvent();
    const [ana, beto, caro] = await Promise.all([createBuyer(), createBuyer(), createBuyer()]);
    const first = await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2']);
    expect(first.status).toBe(201);
    const items = await env.DB.prepare('select seats from order_items where order_id = ?')
      .bind(((await first.json()) as Held).data.id)
      .first<{ seats: string }>();
    expect(JSON.parse(items!.seats)).toEqual([
      { id: 'platea-A-1', name: 'Platea, fila A, butaca 1' },
      { id: 'platea-A-2', name: 'Platea, fila A, butaca 2' },
    ]);
    // One taken seat in the pick: nothing is held, and the free seat stays free.
    const clash = await holdSeats(beto, w.eventId, w.platea, ['platea-A-4', 'platea-A-2']);
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as Answer).message).toBe(SEAT_HOLD_MSG.seatTaken('Platea, fila A, butaca 2'));
    expect((await holdSeats(caro, w.eventId, w.platea, ['platea-A-4'])).status).toBe(201);
    const refusals: [string[], number, string, number?][] = [
      [['platea-B-1', 'platea-B-1'], 400, SEAT_HOLD_MSG.seatTwice('Platea, fila B, butaca 1')],
      [['pullman-A-1'], 400, SEAT_HOLD_MSG.seatUnknown],
      [['otro-Z-9'], 400, SEAT_HOLD_MSG.seatUnknown],
      [['platea-B-3'], 400, SEAT_HOLD_MSG.seatsMissing('Platea'), 2],
    ];
    for (const [seats, status, message, quantity] of refusals) {
      const res = await asBuyer(beto, '/holds', {
        method: 'POST',
        json: {
          event_id: w.eventId,
          items: [{ ticket_type_id: w.platea, quantity: quantity ?? seats.length, seat_ids: seats }],
        },
      });
      expect(res.status, seats.join()).toBe(status);
      expect(((await res.json()) as Answer).message).toBe(message);
    }
    // Seats of another event are not this one's.
    const other = await seatedEvent();
    const foreign = await holdSeats(beto, w.eventId, other.platea, ['platea-B-1']);
    expect(foreign.status).toBe(400);
    expect((await seatIds(w.eventId)).sort()).toEqual(['platea-A-1:held', 'platea-A-2:held', 'platea-A-4:held']);
  });

  it('sells the seat on payment, frees it on release, expiry and refund, carries it in a transfer, and mirrors it to D1', async () => {
    routeNetwork();
    const w = await seatedEvent();
    const [ana, beto, caro] = await Promise.all([createBuyer(), createBuyer(), createBuyer()]);
    // Release: the buyer leaves the checkout.
    const left = ((await (await holdSeats(beto, w.eventId, w.platea, ['platea-B-1'])).json()) as Held).data;
    expect((await asBuyer(beto, `/holds/${left.id}`, { method: 'DELETE' })).status).toBe(200);
    // Expiry.
    const late = ((await (await holdSeats(caro, w.eventId, w.platea, ['platea-B-2'])).json()) as Held).data;
    const lateOrder = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(late.id)
      .first<{ hold_id: string }>();
    await inventoryOf(env, w.eventId).expireSoon(lateOrder!.hold_id, 1);
    // Payment.
    const paid = ((await (await holdSeats(ana, w.eventId, w.platea, ['platea-A-3', 'platea-A-4'])).json()) as Held)
      .data;
    await payOrder(ana, paid.id);
    await eventually(async () => (await seatIds(w.eventId)).join() === 'platea-A-3:sold,platea-A-4:sold', 'sold seats');
    const tickets = await env.DB.prepare(
      'select id, seat_id, seat_label from tickets where order_id = ? order by seat_id',
    )
      .bind(paid.id)
      .all<{ id: string; seat_id: string; seat_label: string }>();
    expect(tickets.results.map((t) => [t.seat_id, t.seat_label])).toEqual([
      ['platea-A-3', 'Platea, fila A, butaca 3'],
      ['platea-A-4', 'Platea, fila A, butaca 4'],
    ]);
    // Mis tickets (and the e-mail and PDF, from the same query) show the seat with the type.
    const mine = (await (await asBuyer(ana, '/tickets')).json()) as Answer<{ tickets: { type_name: string }[] }[]>;
    expect(mine.data.flatMap((g) => g.tickets.map((t) => t.type_name)).sort()).toEqual([
      'Platea · Platea, fila A, butaca 3',
      'Platea · Platea, fila A, butaca 4',
    ]);
    const mirror = async () =>
      (
        await env.DB.prepare('select seat_id, state from event_seats where event_id = ? order by seat_id')
          .bind(w.eventId)
          .all<{ seat_id: string; state: string }>()
      ).results
        .map((r) => `${r.seat_id}:${r.state}`)
        .join();
    await eventually(async () => (await mirror()) === 'platea-A-3:sold,platea-A-4:sold', 'the D1 mirror');
    // The freed seats are for sale again.
    expect((await holdSeats(beto, w.eventId, w.platea, ['platea-B-1', 'platea-B-2'])).status).toBe(201);
    // A transfer keeps the seat on the new ticket.
    const [first] = tickets.results;
    const offered = await asBuyer(ana, `/tickets/${first.id}/transfer`, {
      method: 'POST',
      json: { email: caro.email },
    });
    expect(offered.status).toBe(200);
    const mail = await env.DB.prepare('select links from dev_mail where to_address = ? order by id desc')
      .bind(caro.email)
      .first<{ links: string }>();
    const link = (JSON.parse(mail!.links) as string[]).find((l) => l.includes('/tickets/transfer?token='))!;
    const accepted = await asBuyer(caro, '/tickets/transfers/accept', {
      method: 'POST',
      json: { token: new URL(link).searchParams.get('token') },
    });
    expect(accepted.status).toBe(200);
    const moved = await env.DB.prepare(
      "select seat_id, seat_label from tickets where owner_user_id = ? and status = 'valid'",
    )
      .bind(caro.id)
      .first<{ seat_id: string; seat_label: string }>();
    expect(moved).toEqual({ seat_id: 'platea-A-3', seat_label: 'Platea, fila A, butaca 3' });
    // A partial refund of the other ticket gives its seat back, and only it.
    const second = tickets.results[1];
    const refund = await asBuyer(w.admin, `/admin/orders/${paid.id}/refund`, {
      method: 'POST',
      json: { reason: 'Prueba', ticket_ids: [second.id] },
    });
    expect(refund.status, await refund.clone().text()).toBe(200);
    await eventually(async () => !(await seatIds(w.eventId)).includes('platea-A-4:sold'), 'the refunded seat back');
    expect(await seatIds(w.eventId)).toContain('platea-A-3:sold');
  });
});

const bestHold = (buyer: { auth: Record<string, string> }, eventId: number, typeId: number, quantity: number) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity, best: true }] },
  });

const seatsOfOrder = async (orderId: string) =>
  (
    JSON.parse(
      (await env.DB.prepare('select seats from order_items where order_id = ?')
        .bind(orderId)
        .first<{ seats: string }>())!.seats,
    ) as { id: string }[]
  ).map((s) => s.id);

describe('mejor ubicación disponible and the single-seat rule', () => {
  it('gives adjacent seats in the front row, centred, and the next best when they are taken', async () => {
    const w = await seatedEvent();
    const [ana, beto, caro] = await Promise.all([createBuyer(), createBuyer(), createBuyer()]);
    const first = await bestHold(ana, w.eventId, w.platea, 2);
    expect(first.status).toBe(201);
    // Row A of six, numbered 5 3 1 2 4 6: the centre pair is 1 and 2.
    expect(await seatsOfOrder(((await first.json()) as Held).data.id)).toEqual(['platea-A-1', 'platea-A-2']);
    const second = await bestHold(beto, w.eventId, w.platea, 2);
    const got = await seatsOfOrder(((await second.json()) as Held).data.id);
    // Beside the centre pair (3 and 5, or 4 and 6): never one seat apart, which would leave one alone.
    expect([
      ['platea-A-5', 'platea-A-3'],
      ['platea-A-4', 'platea-A-6'],
    ]).toContainEqual(got);
    // More than the per-order limit (6) is said as such, and holds nothing.
    const tooMany = await bestHold(caro, w.eventId, w.platea, 7);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Answer).message).toBe(HOLD_MSG.max('Platea'));
  });

  it('refuses a hand pick that leaves one seat alone when another pick would not, and says why', async () => {
    const w = await seatedEvent();
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    // Row A: 5 3 1 2 4 6. Ana takes 1; Beto picking 4 would leave 2 alone between 1 and 4.
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-1'])).status).toBe(201);
    const res = await holdSeats(beto, w.eventId, w.platea, ['platea-A-4']);
    expect(res.status).toBe(409);
    const body = (await res.json()) as Answer;
    expect(body.message).toBe(SEAT_HOLD_MSG.singleSeat('Platea, fila A, butaca 2'));
    expect(body.errors?.seat_ids).toEqual([body.message]);
    expect((await holdSeats(beto, w.eventId, w.platea, ['platea-A-2', 'platea-A-4'])).status).toBe(201);
  });

  it('allows a pick that leaves a seat alone when every pick would', async () => {
    const w = await seatedEvent({ rows: 1, seatsPerRow: 5 });
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    // Row A: 5 3 1 2 4. With both ends taken, any two of 3 1 2 leave the third alone: the pick is allowed.
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-5', 'platea-A-4'])).status).toBe(201);
    expect((await holdSeats(beto, w.eventId, w.platea, ['platea-A-1', 'platea-A-2'])).status).toBe(201);
  });
});

describe("the buyer's seat map", () => {
  it('serves the map with its prices, and what is left per section within two seconds of a hold', async () => {
    const w = await seatedEvent();
    const ana = await createBuyer();
    const maps = await asBuyer(ana, `/holds/seats?event_id=${w.eventId}`);
    expect(maps.status).toBe(200);
    const [date] = (
      (await maps.json()) as Answer<
        {
          event_date_id: number;
          map: { name: string };
          categories: Record<string, { ticket_type_id: number; price_cents: number }>;
          standing: Record<string, { ticket_type_id: number }>;
        }[]
      >
    ).data;
    expect(date.map.name).toBe('Teatro de prueba');
    expect(date.categories.platea).toMatchObject({ ticket_type_id: w.platea, price_cents: 25_000_00 });
    expect(date.standing.pie).toMatchObject({ ticket_type_id: w.standing });
    const left = async () =>
      (
        (await (await asBuyer(ana, `/holds/seats/availability?event_id=${w.eventId}`)).json()) as Answer<{
          dates: { taken: string[]; sections: { id: string; available: number; total: number }[] }[];
        }>
      ).data.dates[0];
    expect((await left()).sections).toContainEqual({ id: 'platea', available: 12, total: 12 });
    const started = Date.now();
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2'])).status).toBe(201);
    await eventually(
      async () => {
        const now = await left();
        return (
          now.taken.join() === 'platea-A-1,platea-A-2' &&
          now.sections.some((s) => s.id === 'platea' && s.available === 10)
        );
      },
      'the availability after a hold',
      2500,
    );
    expect(Date.now() - started).toBeLessThan(2500);
    // An event that is not seated, or not on sale, has no seat map.
    const plain = await asBuyer(ana, `/holds/seats?event_id=${w.eventId + 100000}`);
    expect(plain.status).toBe(404);
  });
});
