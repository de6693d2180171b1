import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createBuyer } from '../kit/actors';
import { type Answer, call } from '../kit/call';
import { ORIGIN } from '../kit/http';
import { assertSeats, holdSeats, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * A seated event's inventory object that loses its storage (issue 35) keeps every seat a hold was answered for: a
 * hold's rows and its seats' copy (D1 event_seats) reach D1 in its order's batch (inventory/order-writer.ts), before
 * the buyer hears of it, so the object is wiped here right after the answers, without waiting for anything. The
 * restored object takes its seats back from event_seats (seats.ts restoreSeats).
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

  it('takes its seats back from D1 event_seats: held, sold and kept, each with its hold', async () => {
    const w = await seatedEvent();
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    const kept = await call(w.admin, 'PUT /admin/events/:id/seating/:date/held-seats', {
      param: { id: w.eventId, date: w.dateId },
      json: { groups: [{ group: 'sponsors', seat_ids: ['platea-B-5', 'platea-B-3'] }] } as never,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await holdSeats(ana, w.eventId, w.platea, ['platea-A-1', 'platea-A-2'])).status).toBe(201);
    expect((await holdSeats(beto, w.eventId, w.pullman, ['pullman-A-1'])).status).toBe(201);
    const before = await seatList(w.eventId);
    expect(before.filter((s) => s.includes(':kept:'))).toHaveLength(2);
    // The seats are not in object_state (their copy is event_seats): only event_seats can bring them back.
    const inState = await env.DB.prepare("select count(*) as n from object_state where tbl = 'seats'").first<{
      n: number;
    }>();
    expect(inState?.n).toBe(0);
    await wipeNow(w.eventId);
    expect(await seatList(w.eventId)).toEqual(before);
    // Kept seats are still kept (not for sale), and the restored holds keep their seats.
    const refused = await holdSeats(await createBuyer(), w.eventId, w.platea, ['platea-B-5', 'platea-B-3']);
    expect(refused.status).toBe(409);
    await assertSeats(w.eventId);
  });
});
