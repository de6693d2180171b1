#!/usr/bin/env node
// Back-office benchmark: seeds one event with ORDERS paid orders (default 100000) through the dev route
// /dev/sales/bench-seed (needs DEV_MODE: npm start sets it), then times, through the edge with an admin's
// session cookie, the dashboard figures, a search by e-mail and the first page of a filtered list.
//   BASE_URL (default http://localhost:8787)  ORDERS (100000)  RUNS (40)
// Prints key=value lines: seed_seconds, then <query>_p50_ms= / <query>_p99_ms= for each query.
import { percentile } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const orders = Number(process.env.ORDERS ?? 100_000);
const runs = Number(process.env.RUNS ?? 40);

const seed = await fetch(`${base}/dev/sales/bench-seed`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ orders }),
});
if (!seed.ok) {
  console.error(
    `✗ ${base}/dev/sales/bench-seed answered ${seed.status}: is the product running with DEV_MODE (npm start)?`,
  );
  process.exit(1);
}
const { event_id: eventId, token, sample_email: email, seconds } = await seed.json();
console.log(`orders=${orders}`);
console.log(`seed_seconds=${seconds}`);

const headers = { origin: base, cookie: `auth-token=${token}` };
const queries = {
  dashboard: `/api/v1/admin/sales/dashboard?event_id=${eventId}&period=30d`,
  search_email: `/api/v1/admin/orders?event_id=${eventId}&q=${encodeURIComponent(email)}`,
  filtered_page: `/api/v1/admin/orders?event_id=${eventId}&status=paid&period=7d&page=1&per_page=25`,
};

for (const [name, path] of Object.entries(queries)) {
  const durations = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = await res.text();
    if (!res.ok) {
      console.error(`✗ ${name} answered ${res.status}: ${body.slice(0, 200)}`);
      process.exit(1);
    }
    if (i >= 3) durations.push(performance.now() - t0); // the first calls warm the Worker up
  }
  durations.sort((a, b) => a - b);
  console.log(`${name}_p50_ms=${percentile(durations, 50).toFixed(1)}`);
  console.log(`${name}_p99_ms=${percentile(durations, 99).toFixed(1)}`);
}
