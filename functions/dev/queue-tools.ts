import { Hono } from 'hono';
import { inventoryOf, refreshInventory } from '../api/services/checkout/inventory';
import { queueOf } from '../api/services/queue/queues';
import { benchBuyerToken, createTestEvent } from './checkout-tools';

/**
 * Development tools of "Venta con fila" (behind DEV_MODE): what `npm run bench:queue` needs to set up a
 * queued on-sale with many verified buyers, open it on demand, and audit it afterwards.
 */

/** Verified buyers with distinct DNIs and a ready access token each. */
async function queueBuyers(env: Env, count: number, dniStart: number) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const base = 10_000_000 + (dniStart % 89_000_000);
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) => start + i);
    const now = new Date().toISOString();
    const rows = await env.DB.batch(
      batch.map((i) =>
        env.DB.prepare(
          `insert into users (name, email, password_hash, dni, telefono, terms_accepted_at, email_verified_at)
           values (?, ?, 'x', ?, '1100000000', ?, ?) returning id, name, email`,
        ).bind(`Fila ${i}`, `fila-${stamp}-${i}@prueba.local`, String(base + i), now, now),
      ),
    );
    for (const r of rows) {
      const u = (r.results as { id: number; name: string; email: string }[])[0];
      tokens.push(await benchBuyerToken(env, u));
    }
  }
  return tokens;
}

async function setOpening(env: Env, eventId: number, opensAt: number, ratePerMinute: number) {
  await env.DB.prepare(
    `insert into event_queues (event_id, opens_at, prequeue_minutes, rate_per_minute) values (?, ?, 30, ?)
     on conflict (event_id) do update set opens_at = excluded.opens_at, rate_per_minute = excluded.rate_per_minute`,
  )
    .bind(eventId, new Date(opensAt).toISOString(), ratePerMinute)
    .run();
  await queueOf(env, eventId).configure({ eventId, opensAt, prequeueMinutes: 30, ratePerMinute, holdLimit: null });
  // As the producer's setting does (services/queue/queues.ts): the stock is the queue's while it runs.
  await inventoryOf(env, eventId).setQueueGate(true);
  await refreshInventory(env, eventId);
}

export const queueTools = new Hono<{ Bindings: Env }>()
  /** An event of `capacity` tickets (1 per order) marked "Venta con fila", opening in 10 minutes. */
  .post('/queue/bench-event', async (c) => {
    const { capacity = 2000, rate_per_minute = 60_000 } = (await c.req.json().catch(() => ({}))) as {
      capacity?: number;
      rate_per_minute?: number;
    };
    const event = await createTestEvent(c.env, { capacity, max_per_order: 1, price_cents: 1000_00 });
    await setOpening(c.env, event.event_id, Date.now() + 10 * 60_000, rate_per_minute);
    return c.json(event);
  })
  /** Up to 2,000 verified buyers per call, DNIs from 10,000,000 + dni_start on (the caller keeps them distinct). */
  .post('/queue/bench-buyers', async (c) => {
    const { count = 100, dni_start = 0 } = (await c.req.json().catch(() => ({}))) as {
      count?: number;
      dni_start?: number;
    };
    return c.json({ tokens: await queueBuyers(c.env, Math.min(2000, count), dni_start) });
  })
  /** Moves the opening to `in_ms` from now (the pre-queue was open already). */
  .post('/queue/open', async (c) => {
    const {
      event_id = 0,
      in_ms = 500,
      rate_per_minute = 60_000,
    } = (await c.req.json().catch(() => ({}))) as {
      event_id?: number;
      in_ms?: number;
      rate_per_minute?: number;
    };
    await setOpening(c.env, event_id, Date.now() + in_ms, rate_per_minute);
    return c.json({ ok: true });
  })
  .get('/queue/ping', async (c) => c.json({ at: await queueOf(c.env, Number(c.req.query('event_id') ?? 0)).ping() }))
  .get('/queue/ping-write', async (c) =>
    c.json({ at: await queueOf(c.env, Number(c.req.query('event_id') ?? 0)).pingWrite() }),
  )
  .get('/queue/audit', async (c) => c.json(await queueOf(c.env, Number(c.req.query('event_id') ?? 0)).audit()));
