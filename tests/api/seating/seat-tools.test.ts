import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api } from '../../../functions/api/app';
import { MSG } from '../../../src/shared/messages/common';
import { createBuyer } from '../kit/actors';
import { browser, json, ORIGIN } from '../kit/http';
import { seatedEvent, takenSeats } from './seating-fixtures';

/**
 * The seat benchmark's object phase (scripts/bench-seats.mjs): `/dev/seats/object-loop` calls the event's object from
 * inside the Worker. Its holds are real holds (the seats are taken in the object), and bad input is a Spanish 400.
 * Its ceiling, POST /api/v1/holds/ceiling: a hold's request on a hold's path, answered by a bare call to the object.
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

/** A buyer's request as the benchmark sends it: through the edge, with the session cookie. */
const asBrowser = (path: string, token: string, body: unknown) =>
  browser(`/api/v1${path}`, { method: 'POST', cookies: `auth-token=${token}`, body: JSON.stringify(body) });

describe('the ceiling of the seat benchmark', () => {
  it('answers a hold’s request on a hold’s path with an answer of the same shape, and holds nothing', async () => {
    const w = await seatedEvent();
    const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
    const ask = { event_id: w.eventId, items: [{ ticket_type_id: w.platea, quantity: 2, best: true }] };
    const bare = await asBrowser('/holds/ceiling', ana.token, ask);
    expect(bare.status).toBe(201);
    const answer = await json<{ status: boolean; data: Record<string, unknown> }>(bare);
    expect(answer.status).toBe(true);
    expect(await takenSeats(w.eventId)).toEqual([]);
    // A real hold of the same request answers the same fields.
    const hold = await asBrowser('/holds', beto.token, ask);
    expect(hold.status).toBe(201);
    const held = await json<{ data: Record<string, unknown> }>(hold);
    expect(Object.keys(answer.data).sort()).toEqual(Object.keys(held.data).sort());
    expect(await takenSeats(w.eventId)).toHaveLength(2);
  });

  it('checks the session and the body as a hold does', async () => {
    const w = await seatedEvent();
    const ana = await createBuyer();
    const visitor = await browser('/api/v1/holds/ceiling', {
      method: 'POST',
      body: JSON.stringify({ event_id: w.eventId, items: [{ ticket_type_id: w.platea, quantity: 1 }] }),
    });
    expect(visitor.status).toBe(401);
    for (const body of [{}, { event_id: w.eventId, items: [] }, { event_id: 'x', items: [{ quantity: 1 }] }]) {
      const [bare, hold] = await Promise.all([
        asBrowser('/holds/ceiling', ana.token, body),
        asBrowser('/holds', ana.token, body),
      ]);
      expect(bare.status, JSON.stringify(body)).toBe(400);
      expect(await bare.json()).toEqual(await hold.json());
    }
  });

  it('is not there outside development', async () => {
    const ana = await createBuyer();
    const res = await api.fetch(
      new Request(`${ORIGIN}/api/v1/holds/ceiling`, {
        method: 'POST',
        headers: { 'x-api-key': env.API_KEY, 'content-type': 'application/json', ...ana.auth },
        body: JSON.stringify({ event_id: 1, items: [{ ticket_type_id: 1, quantity: 1 }] }),
      }),
      { ...env, DEV_MODE: '0' },
      createExecutionContext(),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: false, message: MSG.notFound });
  });
});
