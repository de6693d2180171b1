import { Hono } from 'hono';
import { inventoryOf } from '../durable-objects/stubs';
import { signAccessToken } from '../lib/jwt';
import { createBuyers, createTestEvent } from './checkout-tools';

/**
 * Development only (mounted under /dev, DEV_MODE), for `npm run bench:refunds`:
 * - bench-setup: an event (tickets up to 4 per order), `buyers` buyers with tokens and an ADMIN of its
 *   producer with a token; the script buys and pays through the real API and the MercadoPago sandbox;
 * - bench-check: the invariants after the storm, computed from D1, the inventory object and the sandbox.
 */
export const refundsBench = new Hono<{ Bindings: Env }>()
  .post('/refunds/bench-setup', async (c) => {
    const { buyers = 50, capacity = 400 } = (await c.req.json().catch(() => ({}))) as {
      buyers?: number;
      capacity?: number;
    };
    const event = await createTestEvent(c.env, { capacity, max_per_order: 4, price_cents: 1000_00 });
    const email = `bench-refunds-${Date.now()}@prueba.local`;
    const admin = await c.env.DB.prepare(
      `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at, email_verified_at)
       values ('Admin de reembolsos', ?, 'x', '30000000', '1100000000', 'ADMIN', ?, ?) returning id`,
    )
      .bind(email, new Date().toISOString(), new Date().toISOString())
      .first<{ id: number }>();
    await c.env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')")
      .bind(event.producer_id, admin!.id)
      .run();
    const adminToken = await signAccessToken(
      c.env.JWT_SECRET,
      {
        user: { id: admin!.id, name: 'Admin de reembolsos', email, activo: true, provinces_id: null },
        rol: 'ADMIN',
        permisos: [],
      },
      3600,
    );
    return c.json({ ...event, admin_token: adminToken, tokens: await createBuyers(c.env, Math.min(buyers, 500)) });
  })
  .get('/refunds/bench-check', async (c) => {
    const eventId = Number(c.req.query('event_id') ?? 0);
    const db = c.env.DB;
    const [over, twice, live, mp, done] = await db.batch([
      // Orders that gave back more than was paid, or whose figure is not the sum of their done refunds.
      db
        .prepare(
          `select count(*) as n from orders o where o.event_id = ? and (o.refunded_cents > o.total_cents
             or o.refunded_cents <> coalesce((select sum(amount_cents) from refunds r where r.order_id = o.id and r.status = 'done'), 0))`,
        )
        .bind(eventId),
      // Tickets named by more than one done refund.
      db
        .prepare(
          `select count(*) - count(distinct j.value) as n from refunds r join orders o on o.id = r.order_id,
             json_each(r.ticket_ids) j where o.event_id = ? and r.status = 'done'`,
        )
        .bind(eventId),
      db.prepare("select count(*) as n from tickets where event_id = ? and status in ('valid', 'used')").bind(eventId),
      // What the sandbox (MercadoPago) gave back per payment against our done MercadoPago refunds.
      db
        .prepare(
          `select count(*) as n from orders o where o.event_id = ? and o.payment_id is not null
             and coalesce((select sum(m.amount_cents) from dev_mp_refunds m where m.payment_id = cast(o.payment_id as integer) and m.body <> ''), 0)
               <> coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status = 'done' and r.method = 'mercadopago'), 0)`,
        )
        .bind(eventId),
      db
        .prepare(
          `select count(*) as refunds, coalesce(sum(r.amount_cents), 0) as cents, (select count(*) from refunds r2
             join orders o2 on o2.id = r2.order_id where o2.event_id = ? and r2.status = 'pending') as pending
           from refunds r join orders o on o.id = r.order_id where o.event_id = ? and r.status = 'done'`,
        )
        .bind(eventId, eventId),
    ]);
    const n = (r: D1Result) => (r.results[0] as { n: number }).n;
    const [availability] = await inventoryOf(c.env, eventId).availability();
    const summary = done.results[0] as { refunds: number; cents: number; pending: number };
    return c.json({
      over_refunded: n(over),
      tickets_refunded_twice: n(twice),
      stock_drift: Math.abs((availability?.sold ?? 0) - n(live)),
      double_mp_refunds: n(mp),
      refunds_done: summary.refunds,
      refunded_cents: summary.cents,
      refunds_pending: summary.pending,
      sold: availability?.sold ?? 0,
      valid_or_used: n(live),
    });
  });
