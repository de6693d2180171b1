#!/usr/bin/env node
// Sale benchmark: many concurrent buyers try to hold tickets of one event on the locally served product.
//   BASE_URL (default http://localhost:8787)  BUYERS (2000)  CAPACITY (1000)  CONCURRENCY (100)
// Needs DEV_MODE (npm start sets it): /dev/checkout/bench-setup creates the event and the buyers with tokens.
// Each buyer calls POST /api/v1/holds through the edge with its session cookie, exactly like the browser.
// Prints key=value lines: attempts, capacity, sold (tickets taken), oversold, holds_per_s, p50_ms, p99_ms,
// and ceiling_per_s (a bare call to the same event's Durable Object, through the same HTTP path, same run);
// do_call_in_worker_per_s is that call made in a loop inside the Worker, without HTTP. For a local server on Linux,
// the CPU per attempt of each phase and its split by process (cpu_*, as bench:seats; see docs/operations.md).
import http from 'node:http';
import { cpuLines, cpuMeter, percentile, pool, writeFloor } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const buyers = Number(process.env.BUYERS ?? 2000);
const capacity = Number(process.env.CAPACITY ?? 1000);
const concurrency = Number(process.env.CONCURRENCY ?? 100);

async function json(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${res.status} ${text.slice(0, 200)}`);
  }
}

// The load is sent with node:http over keep-alive connections: the client shares the 2 cores with the
// server, and fetch (undici) costs it several times more CPU per request. Same client for every figure.
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

/** A minimal HTTP request on the keep-alive agent: answers the status and drains the body. */
function hit(path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const setup = await fetch(`${base}/dev/checkout/bench-setup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ capacity, buyers }),
});
if (!setup.ok) {
  console.error(
    `✗ ${base}/dev/checkout/bench-setup answered ${setup.status}: is the product running with DEV_MODE (npm start)?`,
  );
  process.exit(1);
}
const { event_id: eventId, ticket_type_id: typeId, tokens } = await json(setup);

// Warm up the Worker and the event's object (first calls compile and load).
for (let i = 0; i < 20; i++) await hit(`/dev/checkout/ping?event_id=${eventId}`);

const meter = cpuMeter(base);
let held = 0;
let refused = 0;
let errors = 0;
meter.start();
const holds = await pool(tokens.length, concurrency, async (i) => {
  const status = await hit('/api/v1/holds', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: `auth-token=${tokens[i]}` },
    body: JSON.stringify({ event_id: eventId, items: [{ ticket_type_id: typeId, quantity: 1 }] }),
  });
  if (status === 201) held++;
  else if (status === 409) refused++;
  else errors++;
});
const holdCpu = meter.stop(tokens.length);

meter.start();
const ceiling = await pool(tokens.length, concurrency, () => hit(`/dev/checkout/ping?event_id=${eventId}`));
const pingCpu = meter.stop(tokens.length);

const floor = await writeFloor(
  () => hit(`/dev/checkout/ping-write?event_id=${eventId}`),
  tokens.length,
  concurrency,
  tokens.length / holds.seconds,
  tokens.length / ceiling.seconds,
);

// The same object called from inside the Worker (no HTTP): what the object alone sustains, sequentially.
const loop = await json(await fetch(`${base}/dev/checkout/ping-loop?n=500&event_id=${eventId}`));

const [type] = await json(await fetch(`${base}/dev/checkout/availability?event_id=${eventId}`));
const taken = type.held + type.sold;
const sorted = [...holds.durations].sort((a, b) => a - b);
const lines = {
  attempts: tokens.length,
  capacity,
  sold: taken,
  oversold: Math.max(0, taken - capacity, held - capacity),
  refused,
  errors,
  consistent: held === taken ? 'yes' : 'no',
  holds_per_s: Math.round(tokens.length / holds.seconds),
  p50_ms: Math.round(percentile(sorted, 50)),
  p99_ms: Math.round(percentile(sorted, 99)),
  ceiling_per_s: Math.round(tokens.length / ceiling.seconds),
  // The share of the same-run ceiling (a bare call to the event's object through the same HTTP path).
  ratio: (tokens.length / holds.seconds / (tokens.length / ceiling.seconds)).toFixed(2),
  ...floor,
  do_call_in_worker_per_s: Math.round(loop.n / (Math.max(1, loop.ms) / 1000)),
  ...cpuLines('hold', holdCpu),
  ...cpuLines('ping', pingCpu),
};
for (const [k, v] of Object.entries(lines)) console.log(`${k}=${v}`);
if (lines.oversold > 0 || errors > 0) process.exit(1);
