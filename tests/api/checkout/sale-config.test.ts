import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { asBuyer, createBuyer } from '../kit/actors';
import type { AnswerOf, Refusal } from '../kit/call';
import { createTestEvent } from '../kit/events';

type HoldAnswer = AnswerOf<'POST /holds'> & Refusal;

/**
 * The inventory object keeps the sale configuration (prices, capacity, limits, status, service charge) so a
 * hold does not read D1. These tests change D1 behind its back (no refresh call) and check that no hold is
 * ever sold on the old configuration: the order is written only while the configuration version is current.
 */
describe('sale configuration kept by the inventory object', () => {
  const hold = (buyer: { auth: Record<string, string> }, event: { event_id: number; ticket_type_id: number }, q = 1) =>
    asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: q }] },
    });

  it('prices a hold with a price changed in D1 without telling the object', async () => {
    const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
    expect((await hold(await createBuyer(), event)).status).toBe(201); // the object now has the configuration
    await env.DB.prepare('update ticket_types set price_cents = 2000_00 where id = ?').bind(event.ticket_type_id).run();
    const res = await hold(await createBuyer(), event);
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as HoldAnswer;
    // 10 % + $ 50 of the new price.
    expect(data).toMatchObject({ subtotal_cents: 2000_00, fee_cents: 250_00 });
    const items = await env.DB.prepare('select unit_price_cents from order_items where order_id = ?')
      .bind(data!.id)
      .all<{ unit_price_cents: number }>();
    expect(items.results).toEqual([{ unit_price_cents: 2000_00 }]);
  });

  it('applies a service charge changed in D1 (producer and platform) to the next hold', async () => {
    const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
    expect((await hold(await createBuyer(), event)).status).toBe(201);
    await env.DB.prepare('update producers set fee_percent_bp = 0, fee_fixed_cents = 1_00 where id = ?')
      .bind(event.producer_id)
      .run();
    try {
      const res = await hold(await createBuyer(), event);
      expect(((await res.json()) as HoldAnswer).data).toMatchObject({ fee_cents: 1_00 });
    } finally {
      await env.DB.prepare('update producers set fee_percent_bp = null, fee_fixed_cents = null where id = ?')
        .bind(event.producer_id)
        .run();
    }
    await env.DB.prepare("update platform_config set value = '0' where key = 'service_fee_fixed_cents'").run();
    try {
      const res = await hold(await createBuyer(), event);
      expect(((await res.json()) as HoldAnswer).data).toMatchObject({ fee_cents: 100_00 });
    } finally {
      await env.DB.prepare("update platform_config set value = '5000' where key = 'service_fee_fixed_cents'").run();
    }
  });

  it('never sells over a capacity lowered in D1, and refuses once the event leaves sale', async () => {
    const event = await createTestEvent(env, { capacity: 10 });
    expect((await hold(await createBuyer(), event, 2)).status).toBe(201);
    await env.DB.prepare('update ticket_types set capacity = 3 where id = ?').bind(event.ticket_type_id).run();
    const refused = await hold(await createBuyer(), event, 2);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as HoldAnswer).message).toBe('Quedan solo 1 entradas de General.');
    const [type] = await inventoryOf(env, event.event_id).availability();
    expect(type).toMatchObject({ capacity: 3, held: 2 });

    await env.DB.prepare("update events set status = 'cancelado' where id = ?").bind(event.event_id).run();
    const closed = await hold(await createBuyer(), event);
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as HoldAnswer).message).toBe('El evento no está a la venta.');
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ held: 2 });
  });

  it('does not bump the version for the availability mirror (no retries during a sale)', async () => {
    const event = await createTestEvent(env, { capacity: 10 });
    const version = () =>
      env.DB.prepare('select v from sale_versions where event_id = ?').bind(event.event_id).first<{ v: number }>();
    const before = await version();
    await env.DB.prepare('update ticket_types set sold = 1, held = 2 where id = ?').bind(event.ticket_type_id).run();
    expect(await version()).toEqual(before);
    await env.DB.prepare('update ticket_types set price_cents = 1 where id = ?').bind(event.ticket_type_id).run();
    expect((await version())!.v).toBe(before!.v + 1);
  });

  it('writes one order per granted hold when many buyers hold at once (batched writes)', async () => {
    const event = await createTestEvent(env, { capacity: 25 });
    const buyers = await Promise.all(Array.from({ length: 60 }, () => createBuyer()));
    const answers = await Promise.all(buyers.map((b) => hold(b, event)));
    const granted = answers.filter((r) => r.status === 201);
    expect(granted).toHaveLength(25);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(35);
    const ids = await Promise.all(granted.map(async (r) => ((await r.json()) as HoldAnswer).data!.id));
    const rows = await env.DB.prepare(
      "select count(*) as n, count(distinct o.user_id) as users, sum(i.quantity) as q from orders o join order_items i on i.order_id = o.id where o.event_id = ? and o.status = 'held'",
    )
      .bind(event.event_id)
      .first<{ n: number; users: number; q: number }>();
    expect(rows).toEqual({ n: 25, users: 25, q: 25 });
    expect(new Set(ids).size).toBe(25);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ held: 25, available: 0 });
  });
});
