import { Hono } from 'hono';
import { emit } from '../api/reactions';
import { commitChanges } from '../domain/commit';
import { signAccessToken } from '../lib/jwt';
import { createTestEvent } from './checkout-tools';

/**
 * The webhooks benchmark's tools (scripts/bench-webhooks.mjs). `bench-setup`: an event and an admin of its
 * producer, whose token creates the endpoint through the API. `bench-changes`: `n` changes, each an `eventPublished` committed
 * through the writers' own door (domain/commit.ts: its `event.published` message staged in the batch, all `n`
 * in one batch, then emitted): the cheapest real change that writes outbox rows, with the real after-commit path.
 */
export const webhooksBench = new Hono<{ Bindings: Env }>()
  .post('/webhooks/bench-setup', async (c) => {
    const event = await createTestEvent(c.env, { capacity: 1, max_per_order: 1, price_cents: 1000_00 });
    const row = await c.env.DB.prepare('select producer_id from events where id = ?')
      .bind(event.event_id)
      .first<{ producer_id: number }>();
    const email = `bench-webhooks-${Date.now()}@prueba.local`;
    const user = await c.env.DB.prepare(
      `insert into users (name, email, password_hash, dni, telefono, terms_accepted_at, email_verified_at, rol)
       values ('Admin de webhooks', ?1, 'x', '30000000', '1100000000', ?2, ?2, 'ADMIN') returning id`,
    )
      .bind(email, new Date().toISOString())
      .first<{ id: number }>();
    await c.env.DB.prepare("insert or ignore into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')")
      .bind(row!.producer_id, user!.id)
      .run();
    await emit(c.env, { kind: 'staffChanged', userId: user!.id });
    const token = await signAccessToken(
      c.env.JWT_SECRET,
      {
        user: { id: user!.id, name: 'Admin de webhooks', email, activo: true, provinces_id: null },
        rol: 'ADMIN',
        permisos: [],
      },
      3600,
    );
    return c.json({ event_id: event.event_id, producer_id: row!.producer_id, token });
  })
  .post('/webhooks/bench-changes', async (c) => {
    const { event_id = 0, n = 1 } = (await c.req.json().catch(() => ({}))) as { event_id?: number; n?: number };
    const count = Math.max(1, Math.min(100, n));
    await commitChanges(
      c.env,
      [],
      ...Array.from({ length: count }, () => ({
        kind: 'eventPublished' as const,
        eventId: event_id,
        publication: crypto.randomUUID(),
      })),
    );
    return c.json({ written: count });
  });
