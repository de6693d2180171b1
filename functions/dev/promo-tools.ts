import { Hono } from 'hono';
import { inventoryOf } from '../durable-objects/stubs';
import { createBuyers, createTestEvent } from './checkout-tools';

/** Development tools of promo codes (behind DEV_MODE): the setup and the audit of `npm run bench:promo`. */
export const promoTools = new Hono<{ Bindings: Env }>()
  /** An event with `capacity` tickets, one code of `uses` tickets (50 % off) and `buyers` buyers with tokens. */
  .post('/promo/bench-setup', async (c) => {
    const {
      capacity = 2000,
      buyers = 1000,
      uses = 100,
    } = (await c.req.json().catch(() => ({}))) as { capacity?: number; buyers?: number; uses?: number };
    const event = await createTestEvent(c.env, { capacity, max_per_order: 1, price_cents: 1000_00 });
    const code = `BENCH${Date.now().toString(36).toUpperCase()}`;
    await c.env.DB.prepare(
      `insert into promo_codes (producer_id, event_id, code, kind, discount_type, value, max_tickets)
       values (?, ?, ?, 'discount', 'percent', 50, ?)`,
    )
      .bind(event.producer_id, event.event_id, code, uses)
      .run();
    return c.json({ ...event, code, uses, tokens: await createBuyers(c.env, Math.min(buyers, 5000)) });
  })
  /** What the code took: the inventory object's live count and the discounted tickets of the orders in D1. */
  .get('/promo/usage', async (c) => {
    const eventId = Number(c.req.query('event_id') ?? 0);
    const code = c.req.query('code') ?? '';
    const row = await c.env.DB.prepare(
      `select c.id, (select count(*) from orders o where o.promo_code_id = c.id) as orders,
         (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id
          where o.promo_code_id = c.id and i.unit_discount_cents > 0) as discounted
       from promo_codes c join events e on e.producer_id = c.producer_id where e.id = ? and c.code = ?`,
    )
      .bind(eventId, code)
      .first<{ id: number; orders: number; discounted: number }>();
    const live = (await inventoryOf(c.env, eventId).promoUse()).find((u) => u.codeId === row?.id)?.tickets ?? 0;
    return c.json({ live_tickets: live, orders: row?.orders ?? 0, discounted_tickets: row?.discounted ?? 0 });
  });
