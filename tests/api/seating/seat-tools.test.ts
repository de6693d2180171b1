import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages/common';
import { createBuyer } from '../kit/actors';
import { ORIGIN } from '../kit/http';
import { seatedEvent, takenSeats } from './seating-fixtures';

/**
 * The seat benchmark's object phase (scripts/bench-seats.mjs): `/dev/seats/object-loop` calls the event's object from
 * inside the Worker. Its holds are real holds (the seats are taken in the object), and bad input is a Spanish 400.
 */

const objectLoop = (body: unknown) =>
  SELF.fetch(`${ORIGIN}/dev/seats/object-loop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the object loop of the seat benchmark', () => {
  it('holds best-available seats for each buyer (1, 2, 3…) and makes bare calls', async () => {
    const w = await seatedEvent();
    const buyers = await Promise.all([createBuyer(), createBuyer(), createBuyer()]);
    const sold = await objectLoop({
      event_id: w.eventId,
      call: 'sell',
      types: [w.platea],
      buyer_ids: buyers.map((b) => b.id),
      parallel: 2,
    });
    expect(sold.status).toBe(200);
    expect(await sold.json()).toEqual({ calls: 3, held: 3 });
    const held = (await takenSeats(w.eventId)).filter((s) => s.state === 'held');
    expect(held).toHaveLength(1 + 2 + 3);
    const pinged = await objectLoop({ event_id: w.eventId, call: 'ping', count: 4 });
    expect(await pinged.json()).toEqual({ calls: 4, held: 0 });
  });

  it('refuses bad input with a Spanish 400', async () => {
    for (const body of [
      {},
      'no es JSON',
      { event_id: 'x', call: 'ping', count: 1 },
      { event_id: 1, call: 'sell', buyer_ids: [1] },
      { event_id: 1, call: 'ping', count: -1 },
      { event_id: 1, call: 'todo', count: 1 },
      { event_id: 1, call: 'ping', count: 1, parallel: 0 },
    ]) {
      const res = await objectLoop(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ status: false, message: MSG.invalidInput });
    }
  });
});
