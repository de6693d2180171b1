import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { asBuyer, createBuyer } from '../kit/actors';
import { type Answer, call } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually } from '../kit/http';

/**
 * The versions the public pages are cached under (migrations/0081_page_versions.sql, public-cache.ts): an event
 * page's changes with what that page shows, the listings' with what they show, and nothing else. A hold, its
 * expiry or a sale anywhere used to re-version every page (one global counter bumped by each stock write of the
 * inventory mirror), so in a busy on-sale no page stayed in the edge cache.
 */

const versionOf = async (eventId?: number) => {
  const res = await call(null, 'GET /catalog/version', eventId ? { query: { evento: String(eventId) } } : {});
  expect(res.status).toBe(200);
  return res.body.version;
};

/** The three versions at once: event A's page, event B's page and the listings. */
const versions = async (a: number, b: number) => ({
  a: await versionOf(a),
  b: await versionOf(b),
  listings: await versionOf(),
});

/** Holds `quantity` of a type for a new buyer through the real endpoint; answers the inventory's hold id. */
async function hold(eventId: number, typeId: number, quantity: number) {
  const res = await asBuyer(await createBuyer(), '/holds', {
    method: 'POST',
    json: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity }] },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const orderId = ((await res.json()) as Answer<{ id: string }>).data.id;
  const row = await env.DB.prepare('select hold_id from orders where id = ?')
    .bind(orderId)
    .first<{ hold_id: string }>();
  return row!.hold_id;
}

/** Waits until D1's mirror of the type says `held` (the object copies its counts after each change). */
const mirrored = (typeId: number, held: number) =>
  eventually(async () => {
    const row = await env.DB.prepare('select held from ticket_types where id = ?')
      .bind(typeId)
      .first<{ held: number }>();
    return row?.held === held;
  }, `the mirror says ${held} held`);

/** Expires a hold now, through the object's own expiry (its alarm). */
async function expire(eventId: number, holdId: string) {
  const inventory = inventoryOf(env, eventId);
  expect(await inventory.expireSoon(holdId, 1)).toBe(true);
  await eventually(async () => (await inventory.holdStatus(holdId))?.status === 'expired', 'the hold expired');
}

type PublicType = { id: number; availability: string; remaining: number };
const publicType = async (eventId: number, typeId: number) => {
  const res = await call(null, 'GET /events/:id', { param: { id: eventId } });
  return res.body.data.dates[0].ticket_types.find((t: PublicType) => t.id === typeId) as PublicType;
};

describe('the public pages’ versions', () => {
  it('a hold, its expiry and a sale on one event leave every other page and the listings alone', async () => {
    const [a, b] = [await createTestEvent(env, { capacity: 100 }), await createTestEvent(env, { capacity: 100 })];
    const before = await versions(a.event_id, b.event_id);

    const held = await hold(a.event_id, a.ticket_type_id, 2);
    await mirrored(a.ticket_type_id, 2);
    // 98 of 100 left: still "Disponible", and one order may still add its 10: no page shows anything new.
    expect(await versions(a.event_id, b.event_id)).toEqual(before);

    await expire(a.event_id, held);
    await mirrored(a.ticket_type_id, 0);
    expect(await versions(a.event_id, b.event_id)).toEqual(before);

    const sold = await hold(a.event_id, a.ticket_type_id, 3);
    expect((await inventoryOf(env, a.event_id).commit(sold)).ok).toBe(true);
    await eventually(async () => {
      const row = await env.DB.prepare('select sold from ticket_types where id = ?')
        .bind(a.ticket_type_id)
        .first<{ sold: number }>();
      return row?.sold === 3;
    }, 'the mirror says 3 sold');
    expect(await versions(a.event_id, b.event_id)).toEqual(before);
  });

  it('re-versions an event’s page when what it shows flips: last tickets, sold out, back, a new price', async () => {
    // 20 places, 10 per order: "Últimas entradas" at 5 or less (src/shared/availability.ts).
    const a = await createTestEvent(env, { capacity: 20, max_per_order: 10 });
    const b = await createTestEvent(env, { capacity: 20, max_per_order: 10 });
    let last = await versions(a.event_id, b.event_id);
    const expectChanged = async (what: { a: boolean; listings: boolean }) => {
      const now = await versions(a.event_id, b.event_id);
      expect(now.b, 'another event’s page never changes').toBe(last.b);
      expect(now.a !== last.a, 'the event’s page').toBe(what.a);
      expect(now.listings !== last.listings, 'the listings').toBe(what.listings);
      last = now;
    };

    await hold(a.event_id, a.ticket_type_id, 10);
    await mirrored(a.ticket_type_id, 10);
    await expectChanged({ a: false, listings: false });

    // 6 more: 4 left, "Últimas entradas", and an order may add 4 at most (the selector's "+").
    await hold(a.event_id, a.ticket_type_id, 6);
    await mirrored(a.ticket_type_id, 16);
    expect(await publicType(a.event_id, a.ticket_type_id)).toMatchObject({ availability: 'ultimas', remaining: 4 });
    await expectChanged({ a: true, listings: false });

    // One more: 3 left. Still "Últimas entradas", but an order may add 3 now: the page shows that.
    await hold(a.event_id, a.ticket_type_id, 1);
    await mirrored(a.ticket_type_id, 17);
    await expectChanged({ a: true, listings: false });

    // The last 3: "Agotado" on its page and in the listings.
    const lastOnes = await hold(a.event_id, a.ticket_type_id, 3);
    await mirrored(a.ticket_type_id, 20);
    expect(await publicType(a.event_id, a.ticket_type_id)).toMatchObject({ availability: 'agotado', remaining: 0 });
    await expectChanged({ a: true, listings: true });

    // They expire: on sale again, at once, everywhere it shows.
    await expire(a.event_id, lastOnes);
    await mirrored(a.ticket_type_id, 17);
    expect(await publicType(a.event_id, a.ticket_type_id)).toMatchObject({ availability: 'ultimas', remaining: 3 });
    await expectChanged({ a: true, listings: true });

    // A new price: its page and the listings (which show the lowest price).
    await env.DB.prepare('update ticket_types set price_cents = price_cents + 100 where id = ?')
      .bind(a.ticket_type_id)
      .run();
    expect((await publicType(a.event_id, a.ticket_type_id)) as unknown).toMatchObject({ price_cents: 100_100 });
    await expectChanged({ a: true, listings: true });
  });

  it('keys an event page by its producer, venue and the service charge too', async () => {
    const a = await createTestEvent(env, { capacity: 10 });
    const before = await versionOf(a.event_id);
    await env.DB.prepare('update producers set fee_percent_bp = fee_percent_bp where id = ?').bind(a.producer_id).run();
    const afterProducer = await versionOf(a.event_id);
    expect(afterProducer).not.toBe(before);
    await env.DB.prepare("update platform_config set value = value where key = 'service_fee_fixed_cents'").run();
    expect(await versionOf(a.event_id)).not.toBe(afterProducer);
  });

  it('re-versions an event page when its clock changes what it shows: a sale window opening, a queue opening', async () => {
    const a = await createTestEvent(env, { capacity: 10 });
    const at = Date.now() + 1_500;
    await env.DB.prepare('update ticket_types set sale_starts_at = ? where id = ?')
      .bind(new Date(at).toISOString(), a.ticket_type_id)
      .run();
    await env.DB.prepare('insert into event_queues (event_id, opens_at, prequeue_minutes) values (?, ?, 1)')
      .bind(a.event_id, new Date(at + 60_000).toISOString())
      .run();
    expect(await publicType(a.event_id, a.ticket_type_id)).toMatchObject({ availability: 'proximamente' });
    const before = await versionOf(a.event_id);
    const listings = await versionOf();
    // No write: the time passes (the sale opens, and the queue's pre-queue, a minute before its opening, with it).
    await eventually(
      async () => Date.now() >= at && (await versionOf(a.event_id)) !== before,
      'the sale opened',
      5_000,
    );
    expect(await publicType(a.event_id, a.ticket_type_id)).toMatchObject({ availability: 'disponible' });
    expect(Number(/\.t(\d+)$/.exec(await versionOf(a.event_id))?.[1]) - Number(/\.t(\d+)$/.exec(before)?.[1])).toBe(2);
    expect(await versionOf()).toBe(listings);
  });

  it('never moves a version back, even under a write with its own conflict policy (insert or replace)', async () => {
    const a = await createTestEvent(env, { capacity: 10 });
    const own = async () => Number(/^e(\d+)\./.exec(await versionOf(a.event_id))?.[1]);
    const seen = [await own()];
    const opens = new Date(Date.now() + 86_400_000).toISOString();
    for (let i = 0; i < 3; i++) {
      await env.DB.prepare('insert or replace into event_queues (event_id, opens_at) values (?, ?)')
        .bind(a.event_id, opens)
        .run();
      seen.push(await own());
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i], JSON.stringify(seen)).toBeGreaterThan(seen[i - 1]);
  });

  it('refuses a malformed event id in Spanish', async () => {
    const res = await call(null, 'GET /catalog/version', { query: { evento: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
  });
});
