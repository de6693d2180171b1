import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { restartObject } from '../kit/objects';

function freshInventory(capacity: number, max = 10) {
  const eventId = 900_000 + Math.floor(Math.random() * 90_000);
  const stub = inventoryOf(env, eventId);
  return { eventId, stub, ready: stub.configure(eventId, [{ id: 1, capacity, minPerOrder: 1, maxPerOrder: max }]) };
}

describe('event inventory (Durable Object)', () => {
  it('holds exactly the capacity under 2,000 concurrent attempts, never more', async () => {
    const { stub, ready } = freshInventory(100);
    await ready;
    const attempts = Array.from({ length: 2000 }, (_, i) => stub.hold(`buyer-${i}`, [{ typeId: 1, quantity: 1 }], 600));
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(results.filter((r) => !r.ok && r.reason === 'sold_out')).toHaveLength(1900);
    const [type] = await stub.availability();
    expect(type).toMatchObject({ capacity: 100, held: 100, sold: 0, available: 0 });
  });

  it('keeps one open hold per buyer: a new hold replaces the previous one', async () => {
    const { stub, ready } = freshInventory(5);
    await ready;
    const first = await stub.hold('ana', [{ typeId: 1, quantity: 3 }], 600);
    const second = await stub.hold('ana', [{ typeId: 1, quantity: 4 }], 600);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.replaced).toBe(first.holdId);
    expect((await stub.availability())[0]).toMatchObject({ held: 4, available: 1 });
  });

  it('still replaces a hold made before the object restarted (its memory of who holds is read again)', async () => {
    const { eventId, stub: before, ready } = freshInventory(5);
    await ready;
    const first = await before.hold('ana', [{ typeId: 1, quantity: 3 }], 600);
    const rejected = await before.hold('beto', [{ typeId: 1, quantity: 1 }], 600);
    if (!first.ok || !rejected.ok) throw new Error('the holds before the restart were refused');
    expect(await before.reject(rejected.holdId)).toBe(true);
    await restartObject(before, 'test: restarted between two holds of the same buyers');
    const stub = inventoryOf(env, eventId);
    const second = await stub.hold('ana', [{ typeId: 1, quantity: 4 }], 600);
    expect(second).toMatchObject({ ok: true, replaced: first.holdId });
    // A rejected hold is superseded by the buyer's next hold after the restart too (no longer payable by a retry).
    const again = await stub.hold('beto', [{ typeId: 1, quantity: 1 }], 600);
    expect(again).toMatchObject({ ok: true, replaced: null });
    expect(await stub.commit(rejected.holdId)).toMatchObject({ ok: false });
    expect((await stub.availability())[0]).toMatchObject({ held: 5, available: 0 });
  });

  it('refuses more than the per-order maximum and unknown types', async () => {
    const { stub, ready } = freshInventory(50, 4);
    await ready;
    expect(await stub.hold('x', [{ typeId: 1, quantity: 5 }], 600)).toMatchObject({ ok: false, reason: 'max' });
    expect(await stub.hold('x', [{ typeId: 2, quantity: 1 }], 600)).toMatchObject({
      ok: false,
      reason: 'unknown_type',
    });
  });

  it('expires holds by time and puts the tickets back on sale', async () => {
    const { stub, ready } = freshInventory(2);
    await ready;
    const hold = await stub.hold('ana', [{ typeId: 1, quantity: 2 }], 600);
    if (!hold.ok) throw new Error('hold refused');
    expect(await stub.expireSoon(hold.holdId, 50)).toBe(true);
    // The object's alarm expires it; wait for that, not for the clock.
    await vi.waitFor(async () => expect(await stub.holdStatus(hold.holdId)).toMatchObject({ status: 'expired' }));
    expect((await stub.availability())[0]).toMatchObject({ held: 0, available: 2 });
  });

  it('sells a committed hold once, and never a hold that is no longer open', async () => {
    const { stub, ready } = freshInventory(2);
    await ready;
    const late = await stub.hold('ana', [{ typeId: 1, quantity: 1 }], 600);
    if (!late.ok) throw new Error('hold refused');
    await stub.release(late.holdId);
    const other = await stub.hold('bob', [{ typeId: 1, quantity: 1 }], 600);
    if (!other.ok) throw new Error('hold refused');
    expect(await stub.commit(other.holdId)).toEqual({ ok: true });
    expect(await stub.commit(other.holdId)).toEqual({ ok: true });
    // Stock remains, but a released (expired, replaced) hold is not payable any more.
    expect(await stub.commit(late.holdId)).toEqual({ ok: false, reason: 'not_open' });
    expect((await stub.availability())[0]).toMatchObject({ sold: 1, held: 0, available: 1 });
  });

  it('closes the sale for good: open holds released, nothing held or committed afterwards', async () => {
    const { stub, ready } = freshInventory(5);
    await ready;
    const open = await stub.hold('ana', [{ typeId: 1, quantity: 2 }], 600);
    if (!open.ok) throw new Error('hold refused');
    expect(await stub.closeSale()).toEqual([open.holdId]);
    expect((await stub.availability())[0]).toMatchObject({ held: 0, sold: 0 });
    expect(await stub.commit(open.holdId)).toEqual({ ok: false, reason: 'closed' });
    expect(await stub.hold('bob', [{ typeId: 1, quantity: 1 }], 600)).toMatchObject({ ok: false, reason: 'closed' });
  });
});
