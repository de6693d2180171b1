import { Hono } from 'hono';
import { signAccessToken } from '../lib/jwt';
import { createTestEvent } from './checkout-tools';

/** Rows per INSERT … SELECT: each statement stays well under D1's per-query limits. */
const CHUNK = 20_000;

type BenchEvent = Awaited<ReturnType<typeof createTestEvent>>;
type Continue = { event: BenchEvent; admin_id: number; email: string; start: number };

/**
 * Development only (mounted under /dev, DEV_MODE): one event with `orders` paid orders (one ticket each)
 * spread over the last 30 days, inserted with a few set-based statements (a recursive counter, no loop
 * of round trips), and an ADMIN of its producer with a 1-hour access token, for `npm run bench:admin`.
 * `continue` (the previous answer's) adds `orders` more to the same event, numbered on: a million orders
 * are seeded in several calls, each well within a request's time.
 */
export const salesBench = new Hono<{ Bindings: Env }>().post('/sales/bench-seed', async (c) => {
  const body = (await c.req.json().catch(() => ({}))) as { orders?: number; continue?: Continue };
  const count = Math.max(1, Math.min(200_000, body.orders ?? 100_000));
  const db = c.env.DB;
  const started = Date.now();
  const more = body.continue;
  const event = more?.event ?? (await createTestEvent(c.env, { capacity: 2_000_000, price_cents: 1000_00 }));
  const email = more?.email ?? `bench-admin-${Date.now()}@prueba.local`;
  const admin = more
    ? { id: more.admin_id }
    : await db
        .prepare(
          `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at, email_verified_at)
           values ('Admin de carga', ?, 'x', '30000000', '1100000000', 'ADMIN', ?, ?) returning id`,
        )
        .bind(email, new Date().toISOString(), new Date().toISOString())
        .first<{ id: number }>();
  if (!more)
    await db
      .prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')")
      .bind(event.producer_id, admin!.id)
      .run();
  const first = more?.start ?? 1;
  const last = first + count - 1;
  const tag = `${event.event_id.toString(16).padStart(4, '0').slice(-4)}`;
  // One order per i: id shaped like a UUID, paid i minutes ago modulo 30 days, buyer bench-<i>@prueba.local.
  const id = `printf('%08x-${tag}-4000-8000-%012x', i, i)`;
  const paidAt = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 43200) || ' minutes')";
  const series = 'with recursive n(i) as (select ? union all select i + 1 from n where i < ?)';
  for (let from = first; from <= last; from += CHUNK) {
    const to = Math.min(last, from + CHUNK - 1);
    await db.batch([
      db
        .prepare(
          `${series} insert into orders (id, user_id, event_id, producer_id, hold_id, status, hold_expires_at, subtotal_cents,
             fee_cents, total_cents, buyer_name, buyer_email, buyer_dni, payment_id, payment_status, paid_at, created_at)
           select ${id}, ?, ?, ?, 'bench-' || i, 'paid', ${paidAt}, 100000, 15000, 115000, 'Comprador ' || i,
             'bench-' || i || '@prueba.local', printf('%08d', 20000000 + i), 'bench-${tag}-' || i, 'approved', ${paidAt}, ${paidAt}
           from n`,
        )
        .bind(from, to, admin!.id, event.event_id, event.producer_id),
      db
        .prepare(
          `${series} insert into order_items (order_id, ticket_type_id, quantity, unit_price_cents, unit_fee_cents)
           select ${id}, ?, 1, 100000, 15000 from n`,
        )
        .bind(from, to, event.ticket_type_id),
      db
        .prepare(
          `${series} insert into payments (id, order_id, status, payment_method_id, payment_type_id, amount_cents, fee_cents, money_release_date)
           select 'bench-${tag}-' || i, ${id}, 'approved', 'visa', 'credit_card', 115000, 8752, ${paidAt} from n`,
        )
        .bind(from, to),
      // The ledger the dashboard and finance read: payment, service charge and MercadoPago's fee per order.
      db
        .prepare(
          `${series}, k(kind, amount) as (values ('payment', 115000), ('service_charge', 15000), ('mp_fee', 8752))
           insert into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, release_at, ref, created_at)
           select ${id}, ?, ?, k.kind, 'mercadopago', k.amount, ${paidAt}, 'bench-${tag}-' || i, ${paidAt} from n, k`,
        )
        .bind(from, to, event.producer_id, event.event_id),
      db
        .prepare(
          `${series} insert into tickets (id, order_id, event_id, event_date_id, ticket_type_id, owner_user_id, holder_name, code, created_at)
           select printf('b${tag}%012d', i), ${id}, ?, ?, ?, ?, 'Comprador ' || i, 'bench-${tag}-' || i, ${paidAt} from n`,
        )
        .bind(from, to, event.event_id, event.event_date_id, event.ticket_type_id, admin!.id),
    ]);
  }
  await db.prepare('analyze').run();
  const token = await signAccessToken(
    c.env.JWT_SECRET,
    {
      user: { id: admin!.id, name: 'Admin de carga', email, activo: true, provinces_id: null },
      rol: 'ADMIN',
      permisos: [],
    },
    3600,
  );
  return c.json({
    ...event,
    orders: last,
    token,
    sample_email: `bench-${Math.ceil(last / 2)}@prueba.local`,
    seconds: (Date.now() - started) / 1000,
    continue: { event, admin_id: admin!.id, email, start: last + 1 } satisfies Continue,
  });
});
