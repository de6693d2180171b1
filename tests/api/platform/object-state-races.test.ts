import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { adminOf, asBuyer, buyerWithDni, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { routeNetwork } from '../kit/network';
import { join, json, place, queueBuyer, queuedEvent } from '../queue/queue-fixtures';
import { holdTickets, inventoryView, orderIdOf, payOrder, quiet, wipe } from './object-state-fixtures';

/**
 * Sales, releases, code uses, waiting-list joins (and the offers freed stock makes) and queue joins, interleaved
 * with the loss of the inventory's or the queue's storage at random points (issue 35). After each loss every answer
 * is what it was; after the run: nothing oversold, inventory sold = valid tickets, the code's limit kept, the
 * waiting list in join order, the queue's numbers 1..n in join order and its committed seed unchanged.
 */

type Buyer = Awaited<ReturnType<typeof createBuyer>>;

const op = fc.oneof(
  fc.record({
    k: fc.constant('hold' as const),
    buyer: fc.integer({ min: 0, max: 3 }),
    qty: fc.integer({ min: 1, max: 2 }),
    code: fc.boolean(),
  }),
  fc.record({ k: fc.constant('pay' as const), buyer: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ k: fc.constant('leave' as const), buyer: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ k: fc.constant('wait' as const) }),
  fc.record({ k: fc.constant('queue' as const) }),
  fc.record({ k: fc.constant('wipe' as const), which: fc.constantFrom('inventory' as const, 'queue' as const) }),
);

const CAPACITY = 3;
const CODE_LIMIT = 2;

describe('object state under losses (property test against the real endpoints)', () => {
  it('keeps every answer across wipes at random points, and the sale, code, waiting-list and queue invariants', async () => {
    routeNetwork();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 10 }), async (ops) => {
        const event = await createTestEvent(env, { capacity: CAPACITY, max_per_order: 2, price_cents: 1000_00 });
        const admin = await adminOf(event.producer_id);
        const code = `PROP${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
        const created = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}`, {
          method: 'POST',
          json: { code, event_id: event.event_id, discount_type: 'percent', value: 50, max_tickets: CODE_LIMIT },
        });
        expect(created.status).toBe(201);
        const queued = await queuedEvent(3_600_000, { prequeue_minutes: 120 });
        const proofOf = async () =>
          (await json(await asBuyer(await queueBuyer(), `/queues/${queued.event.event_id}`))).data as Record<
            string,
            unknown
          >;
        const committed = (await proofOf()).seed_hash;
        const buyers: Buyer[] = [await createBuyer(), await createBuyer(), await createBuyer(), await createBuyer()];
        const orders = new Map<number, string>();
        const waiters: Buyer[] = [];
        const queuers: Awaited<ReturnType<typeof queueBuyer>>[] = [];

        for (const o of ops) {
          if (o.k === 'hold') {
            const res = await holdTickets(
              buyers[o.buyer],
              event.event_id,
              event.ticket_type_id,
              o.qty,
              o.code ? code : undefined,
            );
            expect([201, 409]).toContain(res.status);
            if (res.status === 201) orders.set(o.buyer, await orderIdOf(res));
          } else if (o.k === 'pay') {
            const orderId = orders.get(o.buyer);
            const status = orderId
              ? (
                  await env.DB.prepare('select status from orders where id = ?')
                    .bind(orderId)
                    .first<{ status: string }>()
                )?.status
              : null;
            if (orderId && status === 'held') await payOrder(buyers[o.buyer], orderId);
          } else if (o.k === 'leave') {
            const orderId = orders.get(o.buyer);
            if (orderId) await asBuyer(buyers[o.buyer], `/holds/${orderId}`, { method: 'DELETE' });
          } else if (o.k === 'wait') {
            const w = await buyerWithDni();
            const res = await asBuyer(w, `/waitlist/${event.event_id}`, {
              method: 'POST',
              json: { ticket_type_id: event.ticket_type_id, quantity: 1 },
            });
            expect([201, 409]).toContain(res.status);
            if (res.status === 201) waiters.push(w);
          } else if (o.k === 'queue') {
            const q = await queueBuyer();
            const res = await join(q, queued.event.event_id);
            expect(res.status).toBe(201);
            queuers.push(q);
            expect(((await json(res)).data as { place: { prequeue_number: number } }).place.prequeue_number).toBe(
              queuers.length,
            );
          } else if (o.which === 'inventory') {
            await quiet(inventoryOf(env, event.event_id));
            const before = await inventoryView(event.event_id);
            await wipe('inventory', event.event_id);
            expect(await inventoryView(event.event_id)).toEqual(before);
          } else {
            const before = await Promise.all(queuers.map((q) => place(q, queued.event.event_id)));
            await wipe('queue', queued.event.event_id);
            expect(await Promise.all(queuers.map((q) => place(q, queued.event.event_id)))).toEqual(before);
          }
        }

        // Nothing oversold, and the object's count is the tickets D1 holds.
        const [type] = await inventoryOf(env, event.event_id).availability();
        expect(type.sold + type.held).toBeLessThanOrEqual(CAPACITY);
        const valid = await env.DB.prepare(
          `select count(*) as n from tickets t join orders o on o.id = t.order_id
           where o.event_id = ? and t.status in ('valid', 'used')`,
        )
          .bind(event.event_id)
          .first<{ n: number }>();
        expect(type.sold).toBe(valid?.n);
        // The code's limit kept: paid tickets with the code never exceed it.
        const coded = await env.DB.prepare(
          `select coalesce(sum(i.quantity), 0) as n from orders o join order_items i on i.order_id = o.id
           where o.event_id = ? and o.promo_code_id is not null and o.status = 'paid'`,
        )
          .bind(event.event_id)
          .first<{ n: number }>();
        expect(coded!.n).toBeLessThanOrEqual(CODE_LIMIT);
        // The waiting list in the order people joined.
        const list = await inventoryOf(env, event.event_id).waitlist();
        expect(list.entries.map((e) => e.user_id)).toEqual(waiters.map((w) => w.id));
        expect(list.entries.map((e) => e.seq)).toEqual([...list.entries.map((e) => e.seq)].sort((a, b) => a - b));
        // The queue's numbers 1..n in join order, and the seed committed before any loss.
        const numbers = await Promise.all(queuers.map((q) => place(q, queued.event.event_id)));
        expect(numbers.map((p) => p.prequeue_number)).toEqual(queuers.map((_, i) => i + 1));
        expect((await proofOf()).seed_hash).toBe(committed);
      }),
      { numRuns: 6 },
    );
  });
});
