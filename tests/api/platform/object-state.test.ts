import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { logCopied } from '../../../functions/api/services/checkin/scan';
import { CHECKIN_TABLES } from '../../../functions/durable-objects/checkin/mirror';
import { INVENTORY_TABLES } from '../../../functions/durable-objects/inventory/mirror';
import { QUEUE_TABLES } from '../../../functions/durable-objects/queue/mirror';
import { checkinOf, inventoryOf, queueOf } from '../../../functions/durable-objects/stubs';
import { placeOf, seedHash } from '../../../src/shared/queue-draw';
import { eventWithTickets, scan, staffOf } from '../checkin/checkin-fixtures';
import { offeredOrder } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, buyerWithDni, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { join, json, place, queueBuyer, queuedEvent } from '../queue/queue-fixtures';
import { holdOf, holdTickets, inventoryView, orderIdOf, payOrder, wipe } from './object-state-fixtures';

/**
 * State kept inside a Durable Object survives the loss of that object (issue 35): each object's storage is
 * deleted in the middle of a sale and the next answers are the same as before: stock and holds, the waiting
 * list in order with its offers, resale listings, code uses, the queue's numbers, places and committed seed,
 * the door's admissions. (Before: the inventory came back empty, the queue unconfigured.)
 */

type Buyer = Awaited<ReturnType<typeof createBuyer>>;

const me = async (buyer: Buyer, eventId: number) =>
  ((await (await asBuyer(buyer, `/waitlist/${eventId}/me`)).json()) as Answer).data;

async function validTickets(eventId: number) {
  return (await env.DB.prepare(
    "select count(*) as n from tickets t join orders o on o.id = t.order_id where o.event_id = ? and t.status in ('valid', 'used')",
  )
    .bind(eventId)
    .first<{ n: number }>())!.n;
}

/** The tables an object keeps in its SQLite (its mirror's own and SQLite's aside). */
async function tablesOf<O extends Rpc.DurableObjectBranded | undefined>(stub: DurableObjectStub<O>) {
  return runInDurableObject(stub, (_object, state) =>
    state.storage.sql
      .exec<{ name: string }>(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'mirror_%' order by name",
      )
      .toArray()
      .map((r) => r.name),
  );
}

describe('object state that survives (issue 35)', () => {
  it('mirrors every table of each object (a table added to an object must be added to its list)', async () => {
    const event = await createTestEvent(env, { capacity: 2 });
    const names = (tables: { name: string }[]) => tables.map((t) => t.name).sort();
    // The inventory's seats are copied to D1 by their own copy (event_seats, in the same batches: seats.ts seatCopy).
    const inventory = (await tablesOf(inventoryOf(env, event.event_id))).filter((t) => t !== 'seats');
    expect(inventory).toEqual(names(INVENTORY_TABLES));
    expect(await tablesOf(queueOf(env, event.event_id))).toEqual(names(QUEUE_TABLES));
    // The door's scans are copied to D1 by its own log (checkin_scans), up to `copied`.
    const door = (await tablesOf(checkinOf(env, event.event_id))).filter((t) => t !== 'scans' && t !== 'copied');
    expect(door).toEqual(names(CHECKIN_TABLES));
  });

  it('the inventory comes back with its stock, holds, waiting list, offers, resale and code uses', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 4, max_per_order: 4, price_cents: 1000_00 });
    const admin = await adminOf(event.producer_id);
    const code = `MITAD${Date.now().toString(36).toUpperCase()}`;
    const created = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}`, {
      method: 'POST',
      json: { code, event_id: event.event_id, discount_type: 'percent', value: 50, max_tickets: 2 },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const [a, b, c] = [await createBuyer(), await createBuyer(), await createBuyer()];
    const orderA = await orderIdOf(await holdTickets(a, event.event_id, event.ticket_type_id, 2, code));
    expect(await payOrder(a, orderA)).toBe('paid');
    const orderB = await orderIdOf(await holdTickets(b, event.event_id, event.ticket_type_id, 1));
    expect(await payOrder(b, orderB)).toBe('paid');
    const orderC = await orderIdOf(await holdTickets(c, event.event_id, event.ticket_type_id, 1));
    // Sold out: two wait, in order.
    const waiting = [await buyerWithDni(), await buyerWithDni(), await buyerWithDni()];
    for (const [i, w] of waiting.slice(0, 2).entries()) {
      const res = await asBuyer(w, `/waitlist/${event.event_id}`, {
        method: 'POST',
        json: { ticket_type_id: event.ticket_type_id, quantity: 1 },
      });
      expect(res.status).toBe(201);
      expect(((await res.json()) as Answer).data).toMatchObject({ position: i + 1 });
    }
    // One of A's tickets is refunded (returned once): the first entry is offered it.
    const ticketsA = (
      await env.DB.prepare('select id from tickets where order_id = ? order by id').bind(orderA).all<{ id: string }>()
    ).results;
    const refund = await asBuyer(admin, `/admin/orders/${orderA}/refund`, {
      method: 'POST',
      json: { reason: 'Prueba', ticket_ids: [ticketsA[0].id] },
    });
    expect(refund.status, await refund.clone().text()).toBe(200);
    const offer1 = await offeredOrder(waiting[0], event.event_id);
    // B returns their ticket to the list: it is offered to the second entry.
    const ticketB = (await env.DB.prepare('select id from tickets where order_id = ?').bind(orderB).first<{
      id: string;
    }>())!;
    expect((await asBuyer(b, `/tickets/${ticketB.id}/resale`, { method: 'POST' })).status).toBe(201);
    const offer2 = await offeredOrder(waiting[1], event.event_id);
    // A third waits behind them.
    const third = await asBuyer(waiting[2], `/waitlist/${event.event_id}`, {
      method: 'POST',
      json: { ticket_type_id: event.ticket_type_id, quantity: 1 },
    });
    expect(third.status).toBe(201);

    const holds = [await holdOf(orderC), await holdOf(offer1), await holdOf(offer2)];
    const view = () => inventoryView(event.event_id, holds, [ticketB.id]);
    const places = () => Promise.all(waiting.map((w) => me(w, event.event_id)));
    const before = await view();
    const placesBefore = await places();
    expect(before.availability[0]).toMatchObject({ capacity: 4, sold: 2, held: 3 });
    expect(before.promo).toEqual([{ codeId: expect.any(Number), tickets: 2 }]);
    expect(before.resale).toEqual(['offered']);
    expect(placesBefore.map((p) => p.status)).toEqual(['offered', 'offered', 'waiting']);

    await wipe('inventory', event.event_id);
    expect(await view()).toEqual(before);
    expect(await places()).toEqual(placesBefore);

    // The sale goes on as if nothing happened: the resale is bought once, C's hold is paid, nothing oversold.
    expect(await payOrder(waiting[1], offer2)).toBe('paid');
    await eventually(
      async () =>
        (await env.DB.prepare('select status from tickets where id = ?').bind(ticketB.id).first<{ status: string }>())
          ?.status === 'cancelled',
      'the resold ticket is cancelled',
    );
    expect(await payOrder(c, orderC)).toBe('paid');
    const afterSales = await view();
    expect(afterSales.resale).toEqual(['sold']);
    await wipe('inventory', event.event_id);
    expect(await view()).toEqual(afterSales);
    const refused = await holdTickets(await createBuyer(), event.event_id, event.ticket_type_id, 1);
    expect(refused.status).toBe(409);
    const [type] = await inventoryOf(env, event.event_id).availability();
    expect(type.sold + type.held).toBeLessThanOrEqual(4);
    expect(type.sold).toBe(await validTickets(event.event_id));
  });

  it('the queue comes back with its numbers, places and committed seed (never a new one)', async () => {
    const { event } = await queuedEvent(5000, { prequeue_minutes: 30 });
    const proof = async () =>
      (await json(await asBuyer(await queueBuyer(), `/queues/${event.event_id}`))).data as Record<string, unknown>;
    const before = await proof();
    const buyers = [await queueBuyer(), await queueBuyer(), await queueBuyer()];
    for (const b of buyers) expect((await join(b, event.event_id)).status).toBe(201);
    const numbers = async () =>
      (await Promise.all(buyers.map((b) => place(b, event.event_id)))).map((p) => p.prequeue_number);
    expect(await numbers()).toEqual([1, 2, 3]);

    await wipe('queue', event.event_id);
    expect(await proof()).toEqual(before);
    expect(await numbers()).toEqual([1, 2, 3]);
    const fourth = await queueBuyer();
    const joined = await join(fourth, event.event_id);
    expect(joined.status).toBe(201);
    expect(((await json(joined)).data as { place: { prequeue_number: number } }).place.prequeue_number).toBe(4);
    buyers.push(fourth);

    let drawn: Record<string, unknown> = {};
    await eventually(
      async () => {
        drawn = await proof();
        return typeof drawn.seed === 'string';
      },
      'the seed is revealed at the opening',
      15_000,
    );
    expect(drawn.seed_hash).toBe(before.seed_hash);
    expect(await seedHash(drawn.seed as string)).toBe(before.seed_hash);
    const positions = async () =>
      (await Promise.all(buyers.map((b) => place(b, event.event_id)))).map((p) => p.position);
    const placesBefore = await positions();
    expect(placesBefore).toEqual([1, 2, 3, 4].map((n) => placeOf(drawn.seed as string, 4, n)));

    await wipe('queue', event.event_id);
    expect(await proof()).toMatchObject({ seed: drawn.seed, seed_hash: before.seed_hash, prequeue_size: 4 });
    expect(await positions()).toEqual(placesBefore);
    const late = await queueBuyer();
    expect((await join(late, event.event_id)).status).toBe(201);
    expect((await place(late, event.event_id)).position).toBe(5);
  });

  it('the wipe route exists only with DEV_MODE, and only for the three objects', async () => {
    const { devRoutes } = await import('../../../functions/dev/routes');
    const event = await createTestEvent(env, { capacity: 2 });
    const production = { ...env, DEV_MODE: '' };
    for (const kind of ['inventory', 'queue', 'checkin']) {
      const path = `/objects/${kind}/${event.event_id}/wipe`;
      expect((await devRoutes.request(path, { method: 'POST' }, production)).status).toBe(404);
    }
    expect((await devRoutes.request(`/objects/limiter/${event.event_id}/wipe`, { method: 'POST' }, env)).status).toBe(
      404,
    );
    expect((await devRoutes.request('/objects/inventory/uno/wipe', { method: 'POST' }, env)).status).toBe(404);
  });

  it("the door's object comes back from D1: an admitted ticket stays used, the others enter once", async () => {
    const { event, tickets } = await eventWithTickets(2);
    const door = await staffOf(event.producer_id);
    expect((await scan(door, event.event_id, { code: tickets[0].code })).json.data.result).toBe('admitted');
    await logCopied(env, event.event_id);
    await wipe('checkin', event.event_id);
    expect((await scan(door, event.event_id, { code: tickets[0].code })).json.data.result).toBe('used');
    expect((await scan(door, event.event_id, { code: tickets[1].code })).json.data.result).toBe('admitted');
    expect((await scan(door, event.event_id, { code: tickets[1].code })).json.data.result).toBe('used');
  });
});
