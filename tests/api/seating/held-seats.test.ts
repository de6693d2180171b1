import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { SEAT_HOLD_MSG } from '../../../src/shared/messages/checkout';
import { KEPT_SEATS_MSG, SEATED_EVENT_MSG } from '../../../src/shared/messages/seating';
import { asBuyer, createBuyer } from '../kit/actors';
import { type Answer, call } from '../kit/call';
import { eventually } from '../kit/http';
import { settledAs } from '../platform/cross-feature-fixtures';
import { holdSeats, type SeatedWorld, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * Held seats (issue 33): seats a producer keeps off the online sale for the box office, sponsors or RRPP, per
 * date, released to anyone at each group's time by the inventory object itself. The fixture's map: platea rows A
 * and B of 6 seats numbered 5 3 1 2 4 6, pullman 1 to 4.
 */

type Group = { group: string; release_at?: string | null; seat_ids: string[] };

const setHeld = (w: SeatedWorld, groups: Group[], date = w.dateId) =>
  call(w.admin, 'PUT /admin/events/:id/seating/:date/held-seats', {
    param: { id: w.eventId, date },
    json: { groups } as never,
  });

const readHeld = (w: SeatedWorld) =>
  call(w.admin, 'GET /admin/events/:id/seating/:date/held-seats', { param: { id: w.eventId, date: w.dateId } });

const boxOffice = (w: SeatedWorld, seats: string[]) =>
  settledAs(w.admin, '/admin/box-office/sales', {
    method: 'POST',
    json: {
      event_id: w.eventId,
      method: 'cash',
      items: [{ ticket_type_id: w.platea, quantity: seats.length, seat_ids: seats }],
    },
  });

const best = (buyer: { auth: Record<string, string> }, w: SeatedWorld, quantity: number) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: w.eventId, items: [{ ticket_type_id: w.platea, quantity, best: true }] },
  });

const message = async (res: Response) => ((await res.json()) as Answer).message;

/** The seats D1's mirror says are taken (what the buyer's map shows), read without calling the object. */
const mirrored = async (w: SeatedWorld) => {
  const { results } = await env.DB.prepare('select seat_id from event_seats where event_id = ? order by seat_id')
    .bind(w.eventId)
    .all<{ seat_id: string }>();
  return results.map((r) => r.seat_id);
};

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('held seats', () => {
  it('keeps them off the online sale, by hand and by best available, counted as held and shown taken', async () => {
    const w = await seatedEvent();
    const set = await setHeld(w, [
      { group: 'boleteria', seat_ids: ['platea-A-1', 'platea-A-2'] },
      { group: 'sponsors', release_at: inAnHour(), seat_ids: ['platea-A-5'] },
    ]);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.groups.map((g) => [g.group, g.kept, g.released])).toEqual([
      ['boleteria', 2, false],
      ['sponsors', 1, false],
    ]);
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    const byHand = await holdSeats(ana, w.eventId, w.platea, ['platea-A-2', 'platea-A-4']);
    expect(byHand.status).toBe(409);
    expect(await message(byHand)).toBe(SEAT_HOLD_MSG.seatKept('Platea, fila A, butaca 2'));
    // Best available: row A has 3 free seats but never 3 together; row B keeps its wheelchair reserve.
    const three = await best(beto, w, 3);
    expect(three.status).toBe(201);
    const mine = (await takenSeats(w.eventId)).filter((s) => s.state === 'held').map((s) => s.seatId);
    expect(mine).toHaveLength(3);
    for (const id of ['platea-A-1', 'platea-A-2', 'platea-A-5']) expect(mine).not.toContain(id);
    const platea = (await inventoryOf(env, w.eventId).availability()).find((a) => a.typeId === w.platea);
    expect(platea).toMatchObject({ held: 6, available: 12 - 6 });
    await eventually(async () => (await mirrored(w)).length === 6, 'the map shows the held seats taken');
    expect(await mirrored(w)).toEqual(expect.arrayContaining(['platea-A-1', 'platea-A-2', 'platea-A-5']));
  });

  it('lets the box office sell the seats held for it, and no group else', async () => {
    const w = await seatedEvent();
    expect(
      (
        await setHeld(w, [
          { group: 'boleteria', seat_ids: ['platea-A-1', 'platea-A-2'] },
          { group: 'rrpp', seat_ids: ['platea-A-4'] },
        ])
      ).status,
    ).toBe(200);
    const sold = await boxOffice(w, ['platea-A-1', 'platea-A-2']);
    expect(sold.status, await sold.clone().text()).toBe(201);
    const taken = await takenSeats(w.eventId);
    expect(taken.filter((s) => s.state === 'sold').map((s) => s.seatId)).toEqual(['platea-A-1', 'platea-A-2']);
    const { results: tickets } = await env.DB.prepare('select seat_id from tickets where event_id = ? order by seat_id')
      .bind(w.eventId)
      .all<{ seat_id: string }>();
    expect(tickets.map((t) => t.seat_id)).toEqual(['platea-A-1', 'platea-A-2']);
    const rrpp = await boxOffice(w, ['platea-A-4']);
    expect(rrpp.status).toBe(409);
    expect(await message(rrpp)).toBe(SEAT_HOLD_MSG.seatKept('Platea, fila A, butaca 4'));
    // Sold from the group: the group keeps nothing more, and the type counts them sold, not held.
    expect((await readHeld(w)).body.data.groups.map((g) => [g.group, g.kept])).toEqual([
      ['boleteria', 0],
      ['rrpp', 1],
    ]);
    const platea = (await inventoryOf(env, w.eventId).availability()).find((a) => a.typeId === w.platea);
    expect(platea).toMatchObject({ sold: 2, held: 1 });
    // The groups as read save back as they are (the back office's form): the sold seats left the group.
    const groups = (await readHeld(w)).body.data.groups.map((g) => ({
      group: g.group,
      release_at: g.release_at,
      seat_ids: g.seat_ids,
    }));
    expect(groups.map((g) => [g.group, g.seat_ids])).toEqual([
      ['boleteria', []],
      ['rrpp', ['platea-A-4']],
    ]);
    const again = await setHeld(w, groups);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('puts each group on sale at its release time, with nobody calling the object', async () => {
    const w = await seatedEvent();
    const soon = new Date(Date.now() + 1500).toISOString();
    expect(
      (
        await setHeld(w, [
          { group: 'sponsors', release_at: soon, seat_ids: ['platea-A-1', 'platea-A-2'] },
          { group: 'rrpp', release_at: inAnHour(), seat_ids: ['platea-A-4'] },
        ])
      ).status,
    ).toBe(200);
    const ana = await createBuyer();
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2'])).status).toBe(409);
    await eventually(async () => (await mirrored(w)).length === 3, 'the held seats in the mirror');
    // The object's alarm releases the sponsors' seats: only D1 is read while waiting.
    await eventually(
      async () => (await mirrored(w)).join() === 'platea-A-4',
      'the sponsors’ seats released by the alarm',
      10_000,
    );
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2'])).status).toBe(201);
    const groups = (await readHeld(w)).body.data.groups;
    expect(groups.map((g) => [g.group, g.released, g.kept])).toEqual([
      ['rrpp', false, 1],
      ['sponsors', true, 0],
    ]);
  });

  it('takes a moved release time into account at once', async () => {
    const w = await seatedEvent();
    expect((await setHeld(w, [{ group: 'rrpp', release_at: inAnHour(), seat_ids: ['platea-A-4'] }])).status).toBe(200);
    const ana = await createBuyer();
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-4'])).status).toBe(409);
    const past = new Date(Date.now() - 1000).toISOString();
    const moved = await setHeld(w, [{ group: 'rrpp', release_at: past, seat_ids: ['platea-A-4'] }]);
    expect(moved.body.data.groups).toMatchObject([{ group: 'rrpp', released: true, kept: 0 }]);
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-4'])).status).toBe(201);
  });

  it('refuses bad input in Spanish and keeps nothing', async () => {
    const w = await seatedEvent();
    const ana = await createBuyer();
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-B-1'])).status).toBe(201);
    const unknown = await setHeld(w, [{ group: 'rrpp', seat_ids: ['platea-Z-9'] }]);
    expect([unknown.status, unknown.body.message]).toEqual([400, KEPT_SEATS_MSG.seatUnknown('platea-Z-9')]);
    const twice = await setHeld(w, [
      { group: 'rrpp', seat_ids: ['platea-A-1'] },
      { group: 'sponsors', seat_ids: ['platea-A-1'] },
    ]);
    expect([twice.status, twice.body.message]).toEqual([400, KEPT_SEATS_MSG.seatTwice('Platea, fila A, butaca 1')]);
    const sameGroup = await setHeld(w, [
      { group: 'rrpp', seat_ids: ['platea-A-1'] },
      { group: 'rrpp', seat_ids: ['platea-A-2'] },
    ]);
    expect([sameGroup.status, sameGroup.body.message]).toEqual([400, KEPT_SEATS_MSG.groupTwice('RRPP')]);
    const group = await setHeld(w, [{ group: 'prensa', seat_ids: ['platea-A-1'] }]);
    expect([group.status, group.body.message]).toEqual([400, KEPT_SEATS_MSG.group]);
    const when = await setHeld(w, [{ group: 'rrpp', release_at: 'mañana', seat_ids: ['platea-A-1'] }]);
    expect([when.status, when.body.message]).toEqual([400, KEPT_SEATS_MSG.releaseAt]);
    const bought = await setHeld(w, [{ group: 'boleteria', seat_ids: ['platea-A-1', 'platea-B-1'] }]);
    expect([bought.status, bought.body.message]).toEqual([409, KEPT_SEATS_MSG.seatsTaken(1)]);
    expect(bought.body.errors?.seat_ids).toEqual(['Platea, fila B, butaca 1']);
    const otherDate = await setHeld(w, [{ group: 'rrpp', seat_ids: ['platea-A-1'] }], 999_999_999);
    expect([otherDate.status, otherDate.body.message]).toEqual([404, KEPT_SEATS_MSG.notSeated]);
    expect((await readHeld(w)).body.data.groups).toEqual([]);
    expect((await takenSeats(w.eventId)).map((s) => s.seatId)).toEqual(['platea-B-1']);
  });
});

describe('the wheelchair reserve’s release time', () => {
  it('takes a moved time into account at the next sale, and refuses a bad one', async () => {
    const w = await seatedEvent({ wheelchair_release_at: inAnHour() });
    const move = (at: unknown) =>
      call(w.admin, 'PATCH /admin/events/:id/seating/:date', {
        param: { id: w.eventId, date: w.dateId },
        json: { wheelchair_release_at: at } as never,
      });
    const bad = await move('pronto');
    expect([bad.status, bad.body.message]).toEqual([400, SEATED_EVENT_MSG.releaseAt]);
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    const rowA = ['platea-A-5', 'platea-A-3', 'platea-A-1', 'platea-A-2', 'platea-A-4', 'platea-A-6'];
    expect((await holdSeats(ana, w.eventId, w.platea, rowA)).status).toBe(201);
    // Kept: row B has no block of 6 for best available.
    expect((await best(beto, w, 6)).status).toBe(409);
    expect((await move(new Date(Date.now() - 1000).toISOString())).status).toBe(200);
    expect((await best(beto, w, 6)).status).toBe(201);
  });
});
