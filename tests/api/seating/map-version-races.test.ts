import { env, SELF } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { SEATING_MSG, seatName } from '../../../src/shared/messages/seating';
import type { SeatMap } from '../../../src/shared/schemas/seating';
import { placedSeats } from '../../../src/shared/seats';
import { type Actor, asBuyer, buyerWithDni } from '../kit/actors';
import { call } from '../kit/call';
import { eventually, ORIGIN } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { pay, settledAs } from '../platform/cross-feature-fixtures';
import { holdSeats, type SeatedWorld, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * New versions of a map in use race the sales of the seats they drop or block (issue 33), through the real
 * endpoints: holds by hand and by best available, payments, box-office sales and held-seat groups (and the loss of
 * the event's inventory object between waves), against saves that drop seats and edits that block them. After every run no valid
 * ticket and no live hold or kept seat names a seat that the date's current map version does not sell, and every
 * save refused for seats in use listed seats it took off sale that someone really took.
 */

const SEATS = ['platea-A-1', 'platea-A-2', 'platea-A-3', 'platea-A-4', 'platea-B-1', 'platea-B-2', 'platea-B-4'];

type Command =
  | { kind: 'hold'; buyer: number; seats: string[] }
  | { kind: 'best'; buyer: number; quantity: number }
  | { kind: 'pay'; buyer: number }
  | { kind: 'box_office'; seats: string[] }
  | { kind: 'keep'; seats: string[] }
  | { kind: 'drop'; seats: string[] }
  | { kind: 'block'; seats: string[] };

const buyer = fc.nat({ max: 2 });

/** The sales of a wave, on `pool` (the seats its saves take off) or on any seat. */
const saleOn = (pool: string[]): fc.Arbitrary<Command> => {
  const seats = fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: 2 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('hold' as const), buyer, seats }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('best' as const), buyer, quantity: fc.integer({ min: 1, max: 2 }) }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), buyer }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('box_office' as const), seats }) },
    fc.record({ kind: fc.constant('keep' as const), seats }),
  );
};

/** A command and the milliseconds it waits before it starts (sales land before, between and after a save's steps). */
const late = (c: fc.Arbitrary<Command>) => fc.tuple(c, fc.nat({ max: 40 }));

/**
 * A wave: one or two saves that drop or block a few seats, racing sales mostly of those seats; the object may lose
 * its storage after it.
 */
const wave = fc.uniqueArray(fc.constantFrom(...SEATS), { minLength: 1, maxLength: 2 }).chain((off) =>
  fc.record({
    saves: fc.array(
      late(
        fc.record({
          kind: fc.constantFrom('drop' as const, 'drop' as const, 'block' as const),
          seats: fc.constant(off),
        }),
      ),
      { minLength: 1, maxLength: 2 },
    ),
    sales: fc.array(late(fc.oneof({ weight: 3, arbitrary: saleOn(off) }, saleOn(SEATS))), {
      minLength: 2,
      maxLength: 6,
    }),
    wipe: fc.boolean(),
  }),
);

type World = SeatedWorld & {
  buyers: Actor[];
  title: string;
  /** Every seat some call was answered as having taken (held, sold or kept). */
  tookSeats: Set<string>;
  /** The map as first saved (every seat's name: the runs only drop and block seats). */
  first: SeatMap;
  /** The saves refused for seats in use: the names they listed, and the names of the seats they took off. */
  refused: { listed: string[]; off: Set<string> }[];
};

/** The object loses its storage and is thrown away: the next call restores it from D1 (nothing in flight). */
async function wipeNow(eventId: number) {
  const res = await SELF.fetch(`${ORIGIN}/dev/objects/inventory/${eventId}/wipe`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function currentMap(w: World) {
  const res = await call(w.admin, 'GET /admin/seat-maps/:producer/:id', {
    param: { producer: w.admin.producerId, id: w.mapId },
  });
  expect(res.status).toBe(200);
  return res.body.data.map as SeatMap;
}

const nameOf = (map: SeatMap, title: string, ids: string[]) => {
  const byId = new Map(placedSeats(map).map((s) => [s.id, s]));
  return new Set(
    ids.flatMap((id) => {
      const s = byId.get(id);
      return s ? [SEATING_MSG.seatInUse(seatName(s.sectionName, s.row, s.number), title)] : [];
    }),
  );
};

/** A save refused with seats in use: what it listed, to check against what it took off and what was taken. */
function noteRefusal(w: World, body: { message?: string; errors?: Record<string, string[]> }, off: Set<string>) {
  const inUse = [SEATING_MSG.seatsInUse, SEATING_MSG.blockedInUse].some(
    (msg) => body.message === msg(body.errors?.seats?.length ?? 0),
  );
  if (inUse) w.refused.push({ listed: body.errors?.seats ?? [], off });
}

async function run(w: World, c: Command): Promise<void> {
  const b = 'buyer' in c ? w.buyers[c.buyer] : w.buyers[0];
  switch (c.kind) {
    case 'hold':
    case 'best': {
      const item =
        c.kind === 'hold'
          ? { ticket_type_id: w.platea, quantity: c.seats.length, seat_ids: c.seats }
          : { ticket_type_id: w.platea, quantity: c.quantity, best: true };
      const res = await asBuyer(b, '/holds', { method: 'POST', json: { event_id: w.eventId, items: [item] } });
      expect(res.status, await res.clone().text()).toBeLessThan(500);
      if (res.status === 201) {
        const { id } = ((await res.json()) as { data: { id: string } }).data;
        const item = await env.DB.prepare('select seats from order_items where order_id = ?')
          .bind(id)
          .first<{ seats: string }>();
        for (const seat of JSON.parse(item?.seats ?? '[]') as { id: string }[]) w.tookSeats.add(seat.id);
      }
      return;
    }
    case 'pay': {
      const order = await env.DB.prepare(
        "select id from orders where event_id = ? and user_id = ? and status = 'held' order by created_at desc limit 1",
      )
        .bind(w.eventId, b.id)
        .first<{ id: string }>();
      if (order) expect(await pay(b, order.id)).toBeLessThan(500);
      return;
    }
    case 'box_office': {
      const res = await settledAs(w.admin, '/admin/box-office/sales', {
        method: 'POST',
        json: {
          event_id: w.eventId,
          method: 'cash',
          items: [{ ticket_type_id: w.platea, quantity: c.seats.length, seat_ids: c.seats }],
        },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(500);
      if (res.status === 201) for (const s of c.seats) w.tookSeats.add(s);
      return;
    }
    case 'keep': {
      const res = await settledAs(w.admin, `/admin/events/${w.eventId}/seating/${w.dateId}/held-seats`, {
        method: 'PUT',
        json: {
          groups: [
            { group: 'sponsors', release_at: new Date(Date.now() + 3_600_000).toISOString(), seat_ids: c.seats },
          ],
        },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(500);
      if (res.status === 200) for (const s of c.seats) w.tookSeats.add(s);
      return;
    }
    case 'drop': {
      // The producer saves the map as read now without these seats (another save may land first: 409).
      const map = await currentMap(w);
      const next = structuredClone(map);
      for (const section of next.sections)
        if (section.kind === 'seated')
          for (const row of section.rows) row.seats = row.seats.filter((s) => !c.seats.includes(s.id));
      const res = await call(w.admin, 'PUT /admin/seat-maps/:producer/:id', {
        param: { producer: w.admin.producerId, id: w.mapId },
        json: next,
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status === 409) noteRefusal(w, res.body, nameOf(w.first, w.title, c.seats));
      return;
    }
    case 'block': {
      const res = await call(w.admin, 'POST /admin/seat-maps/:producer/:id/edit', {
        param: { producer: w.admin.producerId, id: w.mapId },
        json: { op: 'block', seat_ids: c.seats, reason: 'tecnica' },
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status === 409) noteRefusal(w, res.body, nameOf(w.first, w.title, c.seats));
      return;
    }
  }
}

/** No valid ticket, live hold or kept seat names a seat that the current version drops or blocks. */
async function assertOnMap(w: World) {
  const map = await currentMap(w);
  const selling = new Set(
    placedSeats(map)
      .filter((s) => !s.blocked)
      .map((s) => s.id),
  );
  const { results: tickets } = await env.DB.prepare(
    "select seat_id from tickets where event_id = ? and status in ('valid', 'used') and seat_id is not null",
  )
    .bind(w.eventId)
    .all<{ seat_id: string }>();
  for (const t of tickets) expect(selling, `ticket of ${t.seat_id}`).toContain(t.seat_id);
  for (const s of await takenSeats(w.eventId)) expect(selling, `${s.state} ${s.seatId}`).toContain(s.seatId);
  // Every refused save listed seats it took off, each of which some call had taken.
  const took = nameOf(w.first, w.title, [...w.tookSeats]);
  for (const r of w.refused) {
    expect(r.listed.length).toBeGreaterThan(0);
    for (const name of r.listed) {
      expect(r.off, name).toContain(name);
      expect(took, name).toContain(name);
    }
  }
}

describe('new versions of a map in use racing the sales of its seats', () => {
  it('never leaves a ticket or a live hold on a seat the current version drops or blocks', async () => {
    routeNetwork();
    const seed = Number(process.env.MAP_RACES_SEED ?? Date.now() % 100_000);
    await fc.assert(
      fc.asyncProperty(fc.array(wave, { minLength: 2, maxLength: 4 }), async (waves) => {
        const base = await seatedEvent({ rows: 2, seatsPerRow: 5, wheelchair: false, wheelchair_percent: 0 });
        const { title } = (await env.DB.prepare('select title from events where id = ?')
          .bind(base.eventId)
          .first<{ title: string }>())!;
        const w: World = { ...base, buyers: [], title, tookSeats: new Set(), refused: [], first: {} as SeatMap };
        w.first = await currentMap(w);
        w.buyers = await Promise.all([buyerWithDni(), buyerWithDni(), buyerWithDni()]);
        for (const wave of waves) {
          const commands = [...wave.saves, ...wave.sales];
          await Promise.all(
            commands.map(([c, after]) => new Promise((r) => setTimeout(r, after)).then(() => run(w, c))),
          );
          if (wave.wipe) await wipeNow(w.eventId);
        }
        await eventually(async () => (await inventoryOf(env, w.eventId).drainOutbox()) === 0, 'the offers written');
        await assertOnMap(w);
      }),
      { numRuns: Number(process.env.MAP_RACES_RUNS ?? 15), seed, endOnFailure: true },
    );
  }, 300_000);
});

describe("a new version's fence in the inventory object", () => {
  it('keeps the seats it takes off out of every sale, also after the object loses its storage, until it is dropped', async () => {
    const w = await seatedEvent({ rows: 2, seatsPerRow: 5, wheelchair: false, wheelchair_percent: 0 });
    const inventory = () => inventoryOf(env, w.eventId);
    const [ana, beto] = await Promise.all([buyerWithDni(), buyerWithDni()]);
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-2'])).status).toBe(201);
    const fence = { token: 'prueba', mapId: w.mapId, version: 2, dateIds: [w.dateId], blocked: [] };
    // A seat in use: refused, with the seat, and nothing fenced.
    const refused = await inventory().fenceMapVersion({ ...fence, gone: ['platea-A-2', 'platea-A-4'] });
    expect(refused).toEqual({
      ok: false,
      taken: [{ dateId: w.dateId, seatId: 'platea-A-2', state: 'held', why: 'gone' }],
    });
    expect((await inventory().fenceMapVersion({ ...fence, gone: ['platea-A-4', 'platea-A-5'] })).ok).toBe(true);
    await wipeNow(w.eventId);
    const held = await holdSeats(beto, w.eventId, w.platea, ['platea-A-4', 'platea-A-5']);
    expect(held.status).toBe(400);
    const box = await settledAs(w.admin, '/admin/box-office/sales', {
      method: 'POST',
      json: {
        event_id: w.eventId,
        method: 'cash',
        items: [{ ticket_type_id: w.platea, quantity: 2, seat_ids: ['platea-A-4', 'platea-A-5'] }],
      },
    });
    expect(box.status).toBe(400);
    await inventory().dropMapFence('prueba');
    expect((await holdSeats(beto, w.eventId, w.platea, ['platea-A-4', 'platea-A-5'])).status).toBe(201);
  });
});
