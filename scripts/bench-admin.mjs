#!/usr/bin/env node
// Back-office benchmark: seeds one event with paid orders (one ticket each) through the dev route
// /dev/sales/bench-seed (needs DEV_MODE: npm start sets it), then times, through the edge with an admin's
// session cookie, the dashboard figures, a search by e-mail and the first page of a filtered list; then seeds
// the same event on to the next size and times them again.
//   BASE_URL (default http://localhost:8787)  SIZES (100000,1000000)  RUNS (40)
//   ORDERS=N: a single size (as before)
// Prints key=value lines per size: orders=, seed_seconds=, then <query>_p50_ms= / <query>_p99_ms=, the
// same run's floor (an authenticated call that reads nearly nothing: floor_p50_ms=) and each query's
// ratio to it (<query>_ratio=), so figures from a busy machine can be compared.
import { percentile } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const sizes = (process.env.ORDERS ?? process.env.SIZES ?? '100000,1000000').split(',').map(Number);
const runs = Number(process.env.RUNS ?? 40);
/** Orders per seeding call (the route's limit), so no single request runs for minutes. */
const STEP = 200_000;

async function seedTo(total, previous) {
  let state = previous;
  let seconds = 0;
  while ((state?.orders ?? 0) < total) {
    const res = await fetch(`${base}/dev/sales/bench-seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orders: Math.min(STEP, total - (state?.orders ?? 0)), continue: state?.continue }),
    });
    if (!res.ok) {
      console.error(
        `✗ ${base}/dev/sales/bench-seed answered ${res.status}: is the product running with DEV_MODE (npm start)?`,
      );
      process.exit(1);
    }
    state = await res.json();
    seconds += state.seconds;
  }
  return { state, seconds };
}

async function time(path, headers) {
  const durations = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = await res.text();
    if (!res.ok) {
      console.error(`✗ ${path} answered ${res.status}: ${body.slice(0, 200)}`);
      process.exit(1);
    }
    if (i >= 3) durations.push(performance.now() - t0); // the first calls warm the Worker up
  }
  return durations.sort((a, b) => a - b);
}

let state;
for (const size of sizes) {
  const seeded = await seedTo(size, state);
  state = seeded.state;
  const { event_id: eventId, token, sample_email: email } = state;
  console.log(`orders=${state.orders}`);
  console.log(`seed_seconds=${seeded.seconds.toFixed(1)}`);
  const headers = { origin: base, cookie: `auth-token=${token}` };
  const floor = percentile(await time('/api/v1/admin/producers', headers), 50);
  console.log(`floor_p50_ms=${floor.toFixed(1)}`);
  const queries = {
    dashboard: `/api/v1/admin/sales/dashboard?event_id=${eventId}&period=30d`,
    search_email: `/api/v1/admin/orders?event_id=${eventId}&q=${encodeURIComponent(email)}`,
    filtered_page: `/api/v1/admin/orders?event_id=${eventId}&status=paid&period=7d&page=1&per_page=25`,
  };
  for (const [name, path] of Object.entries(queries)) {
    const durations = await time(path, headers);
    const p50 = percentile(durations, 50);
    console.log(`${name}_p50_ms=${p50.toFixed(1)}`);
    console.log(`${name}_p99_ms=${percentile(durations, 99).toFixed(1)}`);
    console.log(`${name}_ratio=${(p50 / floor).toFixed(2)}`);
  }
}
