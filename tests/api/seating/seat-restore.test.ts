import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { ORIGIN } from '../kit/http';
import { quiet } from '../platform/object-state-fixtures';
import { assertSeats, holdSeats, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * A seated event's inventory object that loses its storage (issue 35) keeps every seat a hold was answered for: a
 * hold's rows reach D1 in its order's batch (inventory/order-writer.ts), before the buyer hears of it, so the object
 * is wiped here right after the answers, without waiting for anything. The seat journal is not part of that copy
 * (seats.ts): the restored object replaces D1's event_seats with its own seats, so a seat D1 had wrong is put right.
 */

/** Deletes the object's storage and throws the instance away at once (the next call restores it from D1). */
async function wipeNow(eventId: number) {
  const res = await SELF.fetch(`${ORIGIN}/dev/objects/inventory/${eventId}/wipe`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(200);
}

const seatList = async (eventId: number) =>
  (await takenSeats(eventId)).map((s) => `${s.seatId}:${s.state}:${s.holdId}`).sort();

describe('seats after the inventory object is lost', () => {
  it('keeps every answered hold of seats, and D1 event_seats matches the object again', async () => {
    const w = await seatedEvent();
    const [ana, beto, caro] = await Promise.all([createBuyer(), createBuyer(), createBuyer()]);
    // Ana's first pick is replaced by her second one: its seats are freed in the same step.
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2'])).status).toBe(201);
    const answers = await Promise.all([
      holdSeats(ana, w.eventId, w.platea, ['platea-B-1', 'platea-B-2']),
      holdSeats(beto, w.eventId, w.pullman, ['pullman-A-1', 'pullman-A-2']),
      holdSeats(caro, w.eventId, w.pullman, ['pullman-A-3', 'pullman-A-4']),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const before = await seatList(w.eventId);
    expect(before.map((s) => s.split(':')[0])).toEqual([
      'platea-B-1',
      'platea-B-2',
      'pullman-A-1',
      'pullman-A-2',
      'pullman-A-3',
      'pullman-A-4',
    ]);
    await wipeNow(w.eventId);
    // Every seat answered is still taken by the same hold, and none came back that was freed.
    expect(await seatList(w.eventId)).toEqual(before);
    const taken = await holdSeats(await createBuyer(), w.eventId, w.platea, ['platea-B-2']);
    expect(taken.status).toBe(409);
    const freed = await holdSeats(await createBuyer(), w.eventId, w.platea, ['platea-A-1', 'platea-A-2']);
    expect(freed.status, ((await freed.json()) as Answer).message).toBe(201);
    await assertSeats(w.eventId);
  });

  it('copies its seats to D1 event_seats whole after a restore, whatever D1 had', async () => {
    const w = await seatedEvent();
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2'])).status).toBe(201);
    expect((await holdSeats(beto, w.eventId, w.pullman, ['pullman-A-1'])).status).toBe(201);
    await assertSeats(w.eventId);
    await quiet(inventoryOf(env, w.eventId));
    // D1's copy went wrong while the object was away (its journal of changes is not kept): a seat it does not hold
    // shows taken, and one it holds shows free.
    await env.DB.batch([
      env.DB.prepare(
        "insert into event_seats (event_id, event_date_id, seat_id, state, hold_id) values (?, ?, 'platea-B-3', 'held', 'gone')",
      ).bind(w.eventId, w.dateId),
      env.DB.prepare("delete from event_seats where event_id = ? and seat_id = 'pullman-A-1'").bind(w.eventId),
    ]);
    await wipeNow(w.eventId);
    // The restored object says the same as before, and D1's copy follows it again (assertSeats waits for it).
    expect((await takenSeats(w.eventId)).map((s) => s.seatId).sort()).toEqual([
      'platea-A-1',
      'platea-A-2',
      'pullman-A-1',
    ]);
    await assertSeats(w.eventId);
  });
});
