#!/usr/bin/env node
// Promo code benchmark against the locally served product (npm start, DEV_MODE):
//   BASE_URL (default http://localhost:8787)  BUYERS (1000)  USES (100)  CAPACITY (2000)  CONCURRENCY (100)
//   WARMUP (BUYERS)
// BUYERS buyers each try to hold one ticket with the same code, limited to USES tickets, all at once
// (CONCURRENCY in flight), through the edge with their session cookie, exactly like the browser. The code's
// uses are checked by the event's inventory object in the hold's own step and claimed over the code's whole
// scope in the hold's order batch (D1 promo_code_uses).
// Both measured paths start warm: before them, WARMUP (BUYERS) holds on a warm-up event and code of their own
// and as many bare calls, so neither the holds nor the ceiling pay the isolate's first compilations.
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

const warmup = Number(process.env.WARMUP ?? buyers);

const hit = keepAliveClient(base, concurrency);

/** An event with its code and buyers (POST /dev/promo/bench-setup). */
async function benchEvent(body) {
  const setup = await fetch(`${base}/dev/promo/bench-setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!setup.ok) {
    console.error(
      `✗ ${base}/dev/promo/bench-setup answered ${setup.status}: is the product running with DEV_MODE (npm start)?`,
    );
    process.exit(1);
  }
  return setup.json();
}

/** Every buyer of `bench` tries to hold one ticket with its code; answers the statuses seen. */
function holdAll(bench) {
  const seen = { held: 0, exhausted: 0, errors: 0 };
  const run = pool(bench.tokens.length, concurrency, async (i) => {
    const r = await hit('/api/v1/holds', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: `auth-token=${bench.tokens[i]}` },
      // Any case: codes are case-insensitive.
      body: JSON.stringify({
        event_id: bench.event_id,
        items: [{ ticket_type_id: bench.ticket_type_id, quantity: 1 }],
        promo_code: i % 2 ? bench.code : bench.code.toLowerCase(),
      }),
    });
    if (r.status === 201) seen.held++;
    else if (r.status === 409) seen.exhausted++;
    else seen.errors++;
  });
  return run.then((timing) => ({ ...timing, ...seen }));
}

if (warmup > 0) {
  const warm = await benchEvent({ capacity: warmup * 2, buyers: warmup, uses: Math.ceil(warmup / 10) });
  await holdAll(warm);
  await pool(warmup, concurrency, () => hit(`/dev/checkout/ping?event_id=${warm.event_id}`));
}
const bench = await benchEvent({ capacity, buyers, uses });
const { event_id: eventId, code, tokens } = bench;

// The measured event's object is created by its first call, not by the first hold.
for (let i = 0; i < 20; i++) await hit(`/dev/checkout/ping?event_id=${eventId}`);

const holds = await holdAll(bench);
const { held, exhausted, errors } = holds;

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
