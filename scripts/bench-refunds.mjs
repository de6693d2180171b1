#!/usr/bin/env node
// Refund benchmark: ORDERS paid orders (default 50, 4 tickets each, bought through the API and paid in the
// MercadoPago sandbox), then REQUESTS concurrent refund requests (default 200) over them with overlapping
// ticket sets: single tickets, pairs, whole orders, the legacy whole-order route, all fired at once.
//   BASE_URL (default http://localhost:8787)  ORDERS (50)  REQUESTS (200)  CONCURRENCY (50)
// Needs DEV_MODE (npm start sets it): /dev/refunds/bench-setup makes the event, buyers and an admin;
// /dev/refunds/bench-check computes the invariants afterwards from D1, the inventory object and the sandbox.
// Prints key=value lines: over_refunded, stock_drift, double_mp_refunds, refunds_per_s, then the details,
// ceiling_per_s (the same number of bare authenticated calls through the same HTTP path and the event's
// Durable Object, same run, same concurrency) and ratio (refunds_per_s / ceiling_per_s).
import { keepAliveClient, percentile, pool } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const orders = Number(process.env.ORDERS ?? 50);
const requests = Number(process.env.REQUESTS ?? 200);
const concurrency = Number(process.env.CONCURRENCY ?? 50);
const PER_ORDER = 4;

const call = keepAliveClient(base, concurrency);

const jsonHeaders = (token) => ({ origin: base, cookie: `auth-token=${token}`, 'content-type': 'application/json' });

const setup = await fetch(`${base}/dev/refunds/bench-setup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ buyers: orders, capacity: orders * PER_ORDER + 50 }),
});
if (!setup.ok) {
  console.error(
    `✗ ${base}/dev/refunds/bench-setup answered ${setup.status}: is the product running with DEV_MODE (npm start)?`,
  );
  process.exit(1);
}
const { event_id: eventId, ticket_type_id: typeId, tokens, admin_token: adminToken } = await setup.json();

/** A buyer holds 4 tickets, fills the checkout and approves the payment in the sandbox: a paid order. */
async function buy(token) {
  const hold = await call('/api/v1/holds', {
    method: 'POST',
    headers: jsonHeaders(token),
    body: JSON.stringify({ event_id: eventId, items: [{ ticket_type_id: typeId, quantity: PER_ORDER }] }),
  });
  if (hold.status !== 201) throw new Error(`hold answered ${hold.status}: ${hold.text.slice(0, 200)}`);
  const orderId = JSON.parse(hold.text).data.id;
  const checkout = await call(`/api/v1/orders/${orderId}/checkout`, {
    method: 'POST',
    headers: jsonHeaders(token),
    body: JSON.stringify({
      buyer: {
        name: 'Comprador Carga',
        email: `carga-${orderId.slice(0, 8)}@prueba.local`,
        dni: '30123456',
        phone: '1155550000',
      },
      accept_terms: true,
    }),
  });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}: ${checkout.text.slice(0, 200)}`);
  const redirect = new URL(JSON.parse(checkout.text).data.redirect);
  const pay = await call(`${redirect.pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=approved',
  });
  if (pay.status !== 302) throw new Error(`sandbox pay answered ${pay.status}`);
  return orderId;
}

const t0 = performance.now();
const paid = [];
await pool(tokens.length, 10, async (i) => {
  paid.push(await buy(tokens[i]));
});
const setupSeconds = (performance.now() - t0) / 1000;

// Each order's tickets, as the back office sees them.
const ticketsOf = new Map();
await pool(paid.length, 10, async (i) => {
  const orderId = paid[i];
  const res = await call(`/api/v1/admin/orders/${orderId}`, { headers: jsonHeaders(adminToken) });
  if (res.status !== 200) throw new Error(`order detail answered ${res.status}`);
  ticketsOf.set(
    orderId,
    JSON.parse(res.text).data.tickets.map((t) => t.id),
  );
});

// 200 requests, 4 per order on average, overlapping: {T1}, {T1,T2}, {T2,T3}, the whole order, the legacy route…
let seed = 17;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
const plan = Array.from({ length: requests }, (_, i) => {
  const orderId = paid[i % paid.length];
  const tickets = ticketsOf.get(orderId);
  const shape = random(6);
  if (shape === 0) return { path: `/api/v1/admin/orders/${orderId}/refund`, body: { reason: 'Carga total' } };
  if (shape === 1) return { path: `/api/v1/orders/${orderId}/refund`, body: { reason: 'Carga legacy' } };
  const start = random(tickets.length);
  const size = shape === 2 ? 1 : 2;
  const ids = Array.from({ length: size }, (_, k) => tickets[(start + k) % tickets.length]);
  return {
    path: `/api/v1/admin/orders/${orderId}/refund`,
    body: { reason: 'Carga parcial', ticket_ids: [...new Set(ids)] },
  };
});

const statuses = new Map();
const durations = [];
const started = performance.now();
await pool(plan.length, concurrency, async (i) => {
  const { path, body } = plan[i];
  const s = performance.now();
  const res = await call(path, { method: 'POST', headers: jsonHeaders(adminToken), body: JSON.stringify(body) });
  durations.push(performance.now() - s);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
});
const seconds = (performance.now() - started) / 1000;

// The same-run ceiling: as many bare calls, same concurrency, through the same HTTP path to the event's object.
const pingStarted = performance.now();
await pool(requests, concurrency, async () => {
  const res = await call(`/dev/checkout/ping?event_id=${eventId}`);
  if (res.status !== 200) throw new Error(`ping answered ${res.status}`);
});
const ceiling = requests / ((performance.now() - pingStarted) / 1000);

const check = await (await fetch(`${base}/dev/refunds/bench-check?event_id=${eventId}`)).json();
durations.sort((a, b) => a - b);
const refundsPerS = requests / seconds;
console.log(
  `over_refunded=${check.over_refunded} stock_drift=${check.stock_drift} double_mp_refunds=${check.double_mp_refunds} refunds_per_s=${refundsPerS.toFixed(1)}`,
);
console.log(`orders=${paid.length}`);
console.log(`requests=${requests}`);
console.log(`setup_seconds=${setupSeconds.toFixed(1)}`);
console.log(
  `answers=${[...statuses]
    .sort()
    .map(([s, n]) => `${s}:${n}`)
    .join(',')}`,
);
console.log(`tickets_refunded_twice=${check.tickets_refunded_twice}`);
console.log(`refunds_done=${check.refunds_done}`);
console.log(`refunds_pending=${check.refunds_pending}`);
console.log(`refunded_cents=${check.refunded_cents}`);
console.log(`inventory_sold=${check.sold} valid_or_used=${check.valid_or_used}`);
console.log(`p50_ms=${percentile(durations, 50).toFixed(1)}`);
console.log(`p99_ms=${percentile(durations, 99).toFixed(1)}`);
console.log(`ceiling_per_s=${ceiling.toFixed(1)}`);
console.log(`ratio=${(refundsPerS / ceiling).toFixed(3)}`);
call.close();
const bad = check.over_refunded + check.stock_drift + check.double_mp_refunds + check.tickets_refunded_twice;
const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
if (bad > 0 || fiveHundreds > 0) {
  console.error(`✗ invariants broken (${bad}) or server errors (${fiveHundreds})`);
  process.exit(1);
}
