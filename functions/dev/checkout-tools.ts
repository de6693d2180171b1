import { Hono } from 'hono';
import { syncInventory } from '../api/services/checkout/inventory';
import { inventoryOf } from '../durable-objects/stubs';
import { signAccessToken } from '../lib/jwt';

/**
 * Development-only helpers for the sale benchmark and the checkout tests (mounted at /dev/checkout,
 * so they exist only with DEV_MODE): a test event with one ticket type, buyers with access tokens,
 * a bare inventory call (the benchmark's ceiling) and a way to make a hold expire now.
 */
type TestEventInput = {
  capacity?: number;
  price_cents?: number;
  hold_minutes?: number;
  named?: boolean;
  max_per_order?: number;
  title?: string;
  /** Also a hidden ticket type (unlocked by access codes), with this price. */
  hidden_price_cents?: number;
};

export async function createTestEvent(env: Env, input: TestEventInput) {
  const db = env.DB;
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  let producer = await db.prepare('select id from producers order by id limit 1').first<{ id: number }>();
  if (!producer) {
    await db
      .prepare("insert into producers (name, slug) values ('Productora de pruebas', ?)")
      .bind(`pruebas-${stamp}`)
      .run();
    producer = await db.prepare('select id from producers order by id desc limit 1').first<{ id: number }>();
  }
  const startsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const event = await db
    .prepare(
      `insert into events (producer_id, title, slug, category, status, hold_minutes, starts_at)
       values (?, ?, ?, 'Otros', 'publicado', ?, ?) returning id`,
    )
    .bind(
      producer!.id,
      input.title ?? `Evento de prueba ${stamp}`,
      `prueba-${stamp}`,
      input.hold_minutes ?? 10,
      startsAt,
    )
    .first<{ id: number }>();
  const date = await db
    .prepare('insert into event_dates (event_id, starts_at) values (?, ?) returning id')
    .bind(event!.id, startsAt)
    .first<{ id: number }>();
  const type = await db
    .prepare(
      `insert into ticket_types (event_date_id, name, price_cents, capacity, max_per_order, named)
       values (?, 'General', ?, ?, ?, ?) returning id`,
    )
    .bind(date!.id, input.price_cents ?? 1000_00, input.capacity ?? 100, input.max_per_order ?? 10, input.named ? 1 : 0)
    .first<{ id: number }>();
  const hidden =
    input.hidden_price_cents === undefined
      ? null
      : await db
          .prepare(
            `insert into ticket_types (event_date_id, name, price_cents, capacity, max_per_order, hidden)
             values (?, 'Acceso anticipado', ?, 20, 4, 1) returning id`,
          )
          .bind(date!.id, input.hidden_price_cents)
          .first<{ id: number }>();
  await syncInventory(env, event!.id);
  return {
    event_id: event!.id,
    event_date_id: date!.id,
    ticket_type_id: type!.id,
    producer_id: producer!.id,
    ...(hidden ? { hidden_type_id: hidden.id } : {}),
  };
}

/** Buyers for load tests: users with a ready access token each (no password login needed). */
export async function createBuyers(env: Env, count: number) {
  const tokens: string[] = [];
  for (const u of await createBuyerAccounts(env, count)) tokens.push(await benchBuyerToken(env, u));
  return tokens;
}

/** Verified buyer accounts for load tests, inserted 50 per batch. */
export async function createBuyerAccounts(env: Env, count: number) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const users: { id: number; name: string; email: string }[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) => start + i);
    const rows = await env.DB.batch(
      batch.map((i) =>
        env.DB.prepare(
          `insert into users (name, email, password_hash, dni, telefono, terms_accepted_at, email_verified_at)
           values (?, ?, 'x', '30000000', '1100000000', ?, ?) returning id, name, email`,
        ).bind(
          `Comprador ${i}`,
          `bench-${stamp}-${i}@prueba.local`,
          new Date().toISOString(),
          new Date().toISOString(),
        ),
      ),
    );
    for (const r of rows) users.push((r.results as { id: number; name: string; email: string }[])[0]);
  }
  return users;
}

/** An hour-long access token of a bench buyer (a plain verified USER), as login would sign it. */
export const benchBuyerToken = (env: Env, u: { id: number; name: string; email: string }) =>
  signAccessToken(
    env.JWT_SECRET,
    { user: { id: u.id, name: u.name, email: u.email, activo: true, provinces_id: null }, rol: 'USER', permisos: [] },
    3600,
  );

export const checkoutTools = new Hono<{ Bindings: Env }>()
  .post('/checkout/test-event', async (c) => c.json(await createTestEvent(c.env, await c.req.json().catch(() => ({})))))
  .post('/checkout/bench-setup', async (c) => {
    const { capacity = 100, buyers = 100 } = (await c.req.json().catch(() => ({}))) as {
      capacity?: number;
      buyers?: number;
    };
    const event = await createTestEvent(c.env, { capacity, max_per_order: 1, price_cents: 1000_00 });
    return c.json({ ...event, capacity, tokens: await createBuyers(c.env, Math.min(buyers, 5000)) });
  })
  .get('/checkout/ping', async (c) =>
    c.json({ at: await inventoryOf(c.env, Number(c.req.query('event_id') ?? 0)).ping() }),
  )
  .get('/checkout/ping-write', async (c) =>
    c.json({ at: await inventoryOf(c.env, Number(c.req.query('event_id') ?? 0)).pingWrite() }),
  )
  /** n sequential bare calls from inside the Worker: the object's own round trip, without HTTP. */
  .get('/checkout/ping-loop', async (c) => {
    const n = Math.min(1000, Number(c.req.query('n') ?? 100));
    const stub = inventoryOf(c.env, Number(c.req.query('event_id') ?? 0));
    const t0 = Date.now();
    for (let i = 0; i < n; i++) await stub.ping();
    return c.json({ n, ms: Date.now() - t0 });
  })
  .get('/checkout/availability', async (c) =>
    c.json(await inventoryOf(c.env, Number(c.req.query('event_id') ?? 0)).availability()),
  )
  /** Makes an order's hold expire in `ms` milliseconds: the inventory alarm then releases it for real. */
  .post('/checkout/expire-hold', async (c) => {
    const { order_id, ms = 500 } = (await c.req.json().catch(() => ({}))) as { order_id?: string; ms?: number };
    const order = await c.env.DB.prepare('select event_id, hold_id from orders where id = ?')
      .bind(order_id ?? '')
      .first<{ event_id: number; hold_id: string }>();
    if (!order) return c.json({ status: false, message: 'La orden no existe.' }, 404);
    const ok = await inventoryOf(c.env, order.event_id).expireSoon(order.hold_id, ms);
    await c.env.DB.prepare('update orders set hold_expires_at = ? where id = ?')
      .bind(new Date(Date.now() + ms).toISOString(), order_id)
      .run();
    return c.json({ status: ok });
  });
