#!/usr/bin/env node
// Promo code benchmark against the locally served product (npm start, DEV_MODE):
//   BASE_URL (default http://localhost:8787)  BUYERS (1000)  USES (100)  CAPACITY (2000)  CONCURRENCY (100)
// BUYERS buyers each try to hold one ticket with the same code, limited to USES tickets, all at once
// (CONCURRENCY in flight), through the edge with their session cookie, exactly like the browser. The code's
// uses are counted by the event's inventory object in the hold's own step.
// Prints key=value lines: discounted_tickets (the discounted tickets of the orders in D1: must equal USES),
// over_redeemed (must be 0), live_tickets (the object's own count), holds_per_s, p50_ms, p99_ms,
// ceiling_per_s (a bare call to the same event's object through the same HTTP path, same run) and ratio
// (holds_per_s / ceiling_per_s).
import { keepAliveClient, percentile, pool, writeFloor } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const buyers = Number(process.env.BUYERS ?? 1000);
const uses = Number(process.env.USES ?? 100);
const capacity = Number(process.env.CAPACITY ?? 2000);
const concurrency = Number(process.env.CONCURRENCY ?? 100);

const hit = keepAliveClient(base, concurrency);

const setup = await fetch(`${base}/dev/promo/bench-setup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ capacity, buyers, uses }),
});
if (!setup.ok) {
  console.error(
    `✗ ${base}/dev/promo/bench-setup answered ${setup.status}: is the product running with DEV_MODE (npm start)?`,
  );
  process.exit(1);
}
const { event_id: eventId, ticket_type_id: typeId, code, tokens } = await setup.json();

// Warm up the Worker and the event's object (first calls compile and load).
for (let i = 0; i < 20; i++) await hit(`/dev/checkout/ping?event_id=${eventId}`);

let held = 0;
let exhausted = 0;
let errors = 0;
const holds = await pool(tokens.length, concurrency, async (i) => {
  const r = await hit('/api/v1/holds', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: `auth-token=${tokens[i]}` },
    // Any case: codes are case-insensitive.
    body: JSON.stringify({
      event_id: eventId,
      items: [{ ticket_type_id: typeId, quantity: 1 }],
      promo_code: i % 2 ? code : code.toLowerCase(),
    }),
  });
  if (r.status === 201) held++;
  else if (r.status === 409) exhausted++;
  else errors++;
});

const ceiling = await pool(tokens.length, concurrency, () => hit(`/dev/checkout/ping?event_id=${eventId}`));

const usage = JSON.parse((await hit(`/dev/promo/usage?event_id=${eventId}&code=${code}`)).text);
hit.close();
const sorted = [...holds.durations].sort((a, b) => a - b);
const holdsPerS = tokens.length / holds.seconds;
const ceilingPerS = tokens.length / ceiling.seconds;
const lines = {
  attempts: tokens.length,
  uses,
  discounted_tickets: usage.discounted_tickets,
  over_redeemed: Math.max(0, usage.discounted_tickets - uses, usage.live_tickets - uses, held - uses),
  live_tickets: usage.live_tickets,
  held,
  exhausted_refusals: exhausted,
  errors,
  holds_per_s: Math.round(holdsPerS),
  p50_ms: Math.round(percentile(sorted, 50)),
  p99_ms: Math.round(percentile(sorted, 99)),
  ceiling_per_s: Math.round(ceilingPerS),
  ratio: (holdsPerS / ceilingPerS).toFixed(2),
  ...(await writeFloor(
    () => hit(`/dev/checkout/ping-write?event_id=${eventId}`),
    tokens.length,
    concurrency,
    holdsPerS,
    ceilingPerS,
  )),
};
for (const [k, v] of Object.entries(lines)) console.log(`${k}=${v}`);
if (lines.over_redeemed > 0 || errors > 0 || usage.discounted_tickets !== Math.min(uses, tokens.length))
  process.exit(1);
