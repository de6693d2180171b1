import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { asBuyer, createBuyer } from '../kit/actors';
import { call } from '../kit/call';
import { eventually } from '../kit/http';
import { holdSeats, type SeatedWorld, seatedEvent } from './seating-fixtures';

/**
 * The kept wheelchair reserve as the public sees it (issue 33): until its release time the reserve's free seats
 * are not on sale to the public, so a type whose other seats are gone is "Agotado" (the waiting list opens for it)
 * and the page says how who needs a wheelchair place gets one; released, they count again, without anyone writing
 * anything (the page's version carries the release time). The fixture's Platea: rows A and B of 6 seats, with
 * platea-B-5 a wheelchair place and platea-B-3 its companion (the reserve).
 */

const ROW_A = ['platea-A-5', 'platea-A-3', 'platea-A-1', 'platea-A-2', 'platea-A-4', 'platea-A-6'];

type Shown = { availability: string; remaining: number; wheelchair_left: number };

async function platea(w: SeatedWorld): Promise<Shown> {
  const res = await call(null, 'GET /events/:id', { param: { id: w.eventId } });
  expect(res.status).toBe(200);
  const t = res.body.data.dates[0].ticket_types.find((x: { id: number }) => x.id === w.platea) as Shown;
  return { availability: t.availability, remaining: t.remaining, wheelchair_left: t.wheelchair_left };
}

const listed = async (w: SeatedWorld) => {
  const res = await call(null, 'GET /events', { query: { productora: String(w.producerId) } });
  return (res.body.data.find((e: { id: number }) => e.id === w.eventId) as { remaining: number }).remaining;
};

const pageVersion = async (w: SeatedWorld) =>
  (await call(null, 'GET /catalog/version', { query: { evento: String(w.eventId) } })).body.version;

/** Waits until D1's mirror of Platea says `held` held and `free` free seats in the kept reserve. */
const mirrored = (w: SeatedWorld, held: number, free: number) =>
  eventually(async () => {
    const row = await env.DB.prepare('select held, reserve_free from ticket_types where id = ?')
      .bind(w.platea)
      .first<{ held: number; reserve_free: number }>();
    return row?.held === held && row.reserve_free === free;
  }, `the mirror says ${held} held and ${free} kept for wheelchairs`);

const holdOf = async (w: SeatedWorld, seats: string[]) =>
  expect((await holdSeats(await createBuyer(), w.eventId, w.platea, seats)).status).toBe(201);

describe('the kept wheelchair reserve on the public pages', () => {
  it('is not on sale to the public until its release time: "Agotado", the waiting list, then on sale again', async () => {
    const releaseAt = Date.now() + 8_000;
    const w = await seatedEvent({ wheelchair_release_at: new Date(releaseAt).toISOString() });
    await mirrored(w, 0, 2);
    expect(await platea(w)).toEqual({ availability: 'disponible', remaining: 10, wheelchair_left: 2 });

    // Every public seat of Platea is held: only the reserve is free.
    await holdOf(w, ROW_A);
    await holdOf(w, ['platea-B-1', 'platea-B-2', 'platea-B-4', 'platea-B-6']);
    await mirrored(w, 10, 2);
    expect(await platea(w)).toEqual({ availability: 'agotado', remaining: 0, wheelchair_left: 2 });
    const kept = await listed(w);
    // The waiting list takes Platea as sold out (the API already did; now the page offers it too).
    const joined = await asBuyer(await createBuyer(), `/waitlist/${w.eventId}`, {
      method: 'POST',
      json: { ticket_type_id: w.platea, quantity: 2 },
    });
    expect(joined.status, JSON.stringify(await joined.clone().json())).toBe(201);
    const before = await pageVersion(w);

    // The release time comes: no write anywhere, yet the page and the listings count the reserve again.
    await eventually(
      async () => Date.now() >= releaseAt && (await platea(w)).availability !== 'agotado',
      'the reserve released',
      15_000,
    );
    expect(await platea(w)).toEqual({ availability: 'ultimas', remaining: 2, wheelchair_left: 0 });
    expect(await listed(w)).toBe(kept + 2);
    expect(await pageVersion(w)).not.toBe(before);
  });

  it('races the release time against a sale of the last public seat: the page never shows more than is sold', async () => {
    const releaseAt = Date.now() + 6_000;
    const w = await seatedEvent({ wheelchair_release_at: new Date(releaseAt).toISOString() });
    await holdOf(w, ROW_A);
    await holdOf(w, ['platea-B-1', 'platea-B-2', 'platea-B-4']);
    await mirrored(w, 9, 2);
    expect(await platea(w)).toEqual({ availability: 'ultimas', remaining: 1, wheelchair_left: 2 });

    // The last public seat is bought right at the release time while a visitor reloads the page.
    const seen: { shown: Shown; from: number; to: number }[] = [];
    let sold = false;
    const sale = (async () => {
      await eventually(async () => Date.now() >= releaseAt - 30, 'the release time', 15_000);
      await holdOf(w, ['platea-B-6']);
      sold = true;
    })();
    await eventually(
      async () => {
        const from = Date.now();
        const shown = await platea(w);
        seen.push({ shown, from, to: Date.now() });
        return sold && from >= releaseAt;
      },
      'the sale and the release',
      15_000,
    );
    await sale;
    await mirrored(w, 10, 0);
    // Before the release: the public's one seat, or none (never the reserve). After it: the reserve counts.
    const kept = [
      { availability: 'ultimas', remaining: 1, wheelchair_left: 2 },
      { availability: 'agotado', remaining: 0, wheelchair_left: 2 },
    ];
    const released = [
      { availability: 'ultimas', remaining: 3, wheelchair_left: 0 },
      { availability: 'ultimas', remaining: 2, wheelchair_left: 0 },
    ];
    for (const { shown, from, to } of seen) {
      const allowed = to < releaseAt ? kept : from >= releaseAt ? released : [...kept, ...released];
      expect(allowed, JSON.stringify({ shown, from, to, releaseAt })).toContainEqual(shown);
    }
    expect(seen.some((s) => s.to < releaseAt) && seen.some((s) => s.from >= releaseAt)).toBe(true);
    expect(await platea(w)).toEqual({ availability: 'ultimas', remaining: 2, wheelchair_left: 0 });

    // The page agrees with the inventory object: released, the reserve is anyone's, best available included.
    const [type] = (await inventoryOf(env, w.eventId).availability()).filter((a) => a.typeId === w.platea);
    expect(type.available).toBe(2);
    const best = await asBuyer(await createBuyer(), '/holds', {
      method: 'POST',
      json: { event_id: w.eventId, items: [{ ticket_type_id: w.platea, quantity: 2, best: true }] },
    });
    expect(best.status).toBe(201);
    await mirrored(w, 12, 0);
    expect(await platea(w)).toEqual({ availability: 'agotado', remaining: 0, wheelchair_left: 0 });
  });
});
