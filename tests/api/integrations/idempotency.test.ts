import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MS, purgeIdempotencyKeys } from '../../../functions/api/lib/idempotency';
import { IDEMPOTENCY_MSG } from '../../../src/shared/messages/integrations';
import { adminOf, asBuyer } from '../kit/actors';
import { eventOf } from '../team/scope-fixtures';
import { createKey, withKey } from './key-fixtures';

/**
 * Idempotency-Key on writes: concurrent repeats of one request run it exactly once (counted in D1: a bulk
 * of promo codes, which a second run would create again), every finished answer is the same, the ones
 * that arrive while it runs get the Spanish 409, and the same key with another request gets the Spanish 422.
 */

type Answer = { status: boolean; message?: string; data?: unknown };

let admin: Awaited<ReturnType<typeof adminOf>>;
let eventId: number;
let secret: string;

beforeAll(async () => {
  admin = await adminOf();
  eventId = (await eventOf(admin.producerId)).event_id;
  secret = (await createKey(admin, admin.producerId, ['events.view', 'events.manage'])).secret;
});

let label = 0;
const bulk = (count: number) => ({
  event_id: eventId,
  count,
  discount_type: 'percent',
  value: 10,
  owner_label: `idem-${Date.now()}-${++label}`,
});

type Caller = 'key' | 'person';
function write(caller: Caller, key: string, body: unknown) {
  const path = `/admin/promo-codes/${admin.producerId}/bulk`;
  const init = { method: 'POST', json: body, headers: { 'idempotency-key': key } };
  return caller === 'key' ? withKey(secret, path, init) : asBuyer(admin, path, init);
}

const codesFor = async (owner: string) =>
  (
    await env.DB.prepare('select count(*) as n from promo_codes where owner_label = ?')
      .bind(owner)
      .first<{ n: number }>()
  )?.n;

describe('concurrent repeats', () => {
  it('run once; every finished answer is the same; the rest wait with a 409', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom<Caller>('key', 'person'),
        async (repeats, count, caller) => {
          const body = bulk(count);
          const key = crypto.randomUUID();
          const answers = await Promise.all(Array.from({ length: repeats }, () => write(caller, key, body)));
          const read = await Promise.all(
            answers.map(async (r) => ({
              status: r.status,
              replayed: r.headers.get('idempotent-replayed') === 'true',
              text: await r.text(),
            })),
          );
          // Exactly one execution: one bulk's codes, one answer not replayed.
          expect(await codesFor(body.owner_label)).toBe(count);
          expect(read.filter((a) => a.status === 201 && !a.replayed)).toHaveLength(1);
          const done = read.filter((a) => a.status === 201);
          expect(new Set(done.map((a) => a.text)).size).toBe(1);
          for (const a of read.filter((r) => r.status !== 201)) {
            expect(a.status).toBe(409);
            expect((JSON.parse(a.text) as Answer).message).toBe(IDEMPOTENCY_MSG.inFlight);
          }
          // Once settled, a repeat is the stored answer, byte for byte.
          const again = await write(caller, key, body);
          expect(again.status).toBe(201);
          expect(again.headers.get('idempotent-replayed')).toBe('true');
          expect(await again.text()).toBe(done[0]?.text);
          expect(await codesFor(body.owner_label)).toBe(count);
        },
      ),
      { numRuns: 10 },
    );
  });
});

describe('the same key for another request, and the claim itself', () => {
  it('answers 422 in Spanish when the body differs', async () => {
    const key = crypto.randomUUID();
    expect((await write('key', key, bulk(1))).status).toBe(201);
    const other = await write('key', key, bulk(2));
    expect(other.status).toBe(422);
    expect(((await other.json()) as Answer).message).toBe(IDEMPOTENCY_MSG.mismatch);
  });

  it('keeps keys apart per caller: a key and a person may use the same value', async () => {
    const key = crypto.randomUUID();
    const first = bulk(1);
    const second = bulk(1);
    expect((await write('key', key, first)).status).toBe(201);
    expect((await write('person', key, second)).status).toBe(201);
    expect(await codesFor(first.owner_label)).toBe(1);
    expect(await codesFor(second.owner_label)).toBe(1);
  });

  it('refuses a malformed Idempotency-Key in Spanish', async () => {
    const res = await write('key', 'x'.repeat(256), bulk(1));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).message).toBe(IDEMPOTENCY_MSG.invalidKey);
  });

  it('takes over a claim abandoned while pending, and forgets claims after 24 h', async () => {
    const key = crypto.randomUUID();
    const body = bulk(1);
    const pending = await write('key', key, body);
    expect(pending.status).toBe(201);
    const owner = (await env.DB.prepare('select owner from idempotency_keys where key = ?').bind(key).first<{
      owner: string;
    }>())!.owner;
    // As if the request that held it died mid-way: pending, long ago.
    await env.DB.prepare("update idempotency_keys set state = 'pending', claimed_at = ? where owner = ? and key = ?")
      .bind(Date.now() - ABANDONED_AFTER_MS - 1000, owner, key)
      .run();
    const taken = await write('key', key, body);
    expect(taken.status).toBe(201);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
    await env.DB.prepare('update idempotency_keys set claimed_at = ? where owner = ? and key = ?')
      .bind(Date.now() - 25 * 60 * 60 * 1000, owner, key)
      .run();
    await purgeIdempotencyKeys(env.DB);
    expect(await env.DB.prepare('select 1 from idempotency_keys where key = ?').bind(key).first()).toBeNull();
  });

  it('does not apply to reads', async () => {
    const key = crypto.randomUUID();
    const res = await withKey(secret, `/admin/promo-codes/${admin.producerId}`, {
      headers: { 'idempotency-key': key },
    });
    expect(res.status).toBe(200);
    expect(await env.DB.prepare('select 1 from idempotency_keys where key = ?').bind(key).first()).toBeNull();
  });
});
