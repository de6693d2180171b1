import { Hono } from 'hono';
import { logCopied } from '../api/services/checkin/scan';
import { checkinSetup } from '../domain/checkin/setup';
import { signTicketCode, ticketIdFor } from '../domain/checkout/ticket-signing';
import { checkinOf } from '../durable-objects/stubs';
import { signAccessToken } from '../lib/jwt';
import { createTestEvent } from './checkout-tools';

/**
 * Development-only helpers for the check-in benchmark (mounted under /dev, so they exist only with
 * DEV_MODE): an event with `tickets` paid tickets, a staff member (ADMIN of its producer) with an access
 * token, two gates, and the bare call to the event's check-in object (the benchmark's ceiling).
 */
async function benchSetup(env: Env, count: number) {
  const db = env.DB;
  const event = await createTestEvent(env, { capacity: count, price_cents: 0, max_per_order: count });
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const staff = await db
    .prepare(
      `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at, email_verified_at)
       values ('Puerta Bench', ?, 'x', '30000000', '1100000000', 'ADMIN', ?, ?) returning id, name, email`,
    )
    .bind(`door-${stamp}@prueba.local`, new Date().toISOString(), new Date().toISOString())
    .first<{ id: number; name: string; email: string }>();
  await db
    .prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')")
    .bind(event.producer_id, staff!.id)
    .run();
  const orderId = crypto.randomUUID();
  await db
    .prepare(
      `insert into orders (id, user_id, event_id, producer_id, hold_id, status, hold_expires_at, subtotal_cents,
       fee_cents, total_cents, buyer_name, paid_at) values (?, ?, ?, ?, ?, 'paid', ?, 0, 0, 0, 'Bench', ?)`,
    )
    .bind(
      orderId,
      staff!.id,
      event.event_id,
      event.producer_id,
      orderId,
      new Date().toISOString(),
      new Date().toISOString(),
    )
    .run();
  const codes: string[] = [];
  for (let start = 0; start < count; start += 100) {
    const statements: D1PreparedStatement[] = [];
    for (let n = start; n < Math.min(count, start + 100); n++) {
      const id = await ticketIdFor(`${orderId}:${n}`);
      const code = await signTicketCode(env, id, event.event_id);
      codes.push(code);
      statements.push(
        db
          .prepare(
            `insert into tickets (id, order_id, event_id, event_date_id, ticket_type_id, owner_user_id, holder_name, code)
             values (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            id,
            orderId,
            event.event_id,
            event.event_date_id,
            event.ticket_type_id,
            staff!.id,
            `Persona ${n}`,
            code,
          ),
      );
    }
    await db.batch(statements);
  }
  const setup = await checkinSetup(db, event.event_id);
  const second = await db
    .prepare("insert into checkin_gates (event_id, name) values (?, 'Puerta 2') returning id")
    .bind(event.event_id)
    .first<{ id: number }>();
  const token = await signAccessToken(
    env.JWT_SECRET,
    {
      user: { id: staff!.id, name: staff!.name, email: staff!.email, activo: true, provinces_id: null },
      rol: 'ADMIN',
      permisos: [],
    },
    3600,
  );
  return { event_id: event.event_id, gates: [setup.gates[0].id, second!.id], token, codes };
}

export const checkinTools = new Hono<{ Bindings: Env }>()
  .post('/checkin/bench-setup', async (c) => {
    const { tickets = 1000 } = (await c.req.json().catch(() => ({}))) as { tickets?: number };
    return c.json(await benchSetup(c.env, Math.min(Math.max(1, tickets), 20_000)));
  })
  .get('/checkin/ping', async (c) =>
    c.json({ at: await checkinOf(c.env, Number(c.req.query('event_id') ?? 0)).ping() }),
  )
  .get('/checkin/ping-write', async (c) =>
    c.json({ at: await checkinOf(c.env, Number(c.req.query('event_id') ?? 0)).pingWrite() }),
  )
  /** What D1's log says: admitted scans and distinct admitted tickets (equal when nothing entered twice). */
  .get('/checkin/admitted', async (c) => {
    await logCopied(c.env, Number(c.req.query('event_id') ?? 0));
    const row = await c.env.DB.prepare(
      `select count(*) as scans, count(distinct ticket_id) as tickets from checkin_scans
       where event_id = ? and result = 'admitted'`,
    )
      .bind(Number(c.req.query('event_id') ?? 0))
      .first<{ scans: number; tickets: number }>();
    return c.json(row);
  });
