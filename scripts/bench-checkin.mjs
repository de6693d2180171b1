#!/usr/bin/env node
// Check-in benchmark on the locally served product: door staff redeem distinct tickets at concurrency 50,
// then pairs of simultaneous redeems of the same ticket from two gates.
//   BASE_URL (default http://localhost:8787)  TICKETS (3000)  PAIRS (500)  CONCURRENCY (50)  ROUNDS (10)
//   WARMUP (TICKETS)
// Needs DEV_MODE (npm start sets it): /dev/checkin/bench-setup creates the event, its paid tickets and a staff
// member with a token. Each scan is POST /api/v1/checkin/events/:id/scan through the edge with the staff
// session cookie, exactly like the scanner page. Prints key=value lines: checkins, checkins_per_s, p50_ms,
// p99_ms, pairs, double_admits (from the answers and from D1's log), ceiling_per_s (a bare call to the
// same event's check-in object, through the same HTTP path, same run) and ratio (checkins_per_s over it).
// Both measured paths start warm: before them, WARMUP scans of tickets of their own and as many bare calls,
// so neither pays the isolate's first compilations.
import { keepAliveClient, percentile, pool, writeFloor } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const tickets = Number(process.env.TICKETS ?? 3000);
const pairs = Number(process.env.PAIRS ?? 500);
const concurrency = Number(process.env.CONCURRENCY ?? 50);
// bench-setup makes at most 20,000 tickets: the warm-up takes what the measured scans leave.
const warmup = Math.max(0, Math.min(Number(process.env.WARMUP ?? tickets), 20_000 - tickets - pairs));

const hit = keepAliveClient(base, concurrency * 2);

const setup = await fetch(`${base}/dev/checkin/bench-setup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ tickets: tickets + pairs + warmup }),
});
if (!setup.ok) {
  console.error(
    `✗ ${base}/dev/checkin/bench-setup answered ${setup.status}: is the product running with DEV_MODE (npm start)?`,
  );
  process.exit(1);
}
const { event_id: eventId, gates, token, codes } = await setup.json();
const headers = { 'content-type': 'application/json', origin: base, cookie: `auth-token=${token}` };
let errors = 0;

/** One scan as the scanner sends it; answers the authority's result, or null on an error. */
async function scan(code, gate) {
  const res = await hit(`/api/v1/checkin/events/${eventId}/scan`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code, nonce: crypto.randomUUID(), gate_id: gate, device: 'bench', kind: 'entry' }),
  });
  if (res.status !== 200) {
    errors++;
    return null;
  }
  return JSON.parse(res.text).data.result;
}

// Warm up the Worker and the event's object: the bare call first (it creates the object), then both paths.
for (let i = 0; i < 20; i++) await hit(`/dev/checkin/ping?event_id=${eventId}`);
await pool(warmup, concurrency, (i) => scan(codes[tickets + pairs + i], gates[i % 2]));
await pool(warmup, concurrency, () => hit(`/dev/checkin/ping?event_id=${eventId}`));

// Distinct redeems and the bare ceiling calls alternate in ROUNDS slices, so both see the same machine (on a
// shared machine the load moves within a run; a ceiling measured only at the end would not be the same run's).
const rounds = Math.max(1, Number(process.env.ROUNDS ?? 10));
let admitted = 0;
const distinct = { durations: [], seconds: 0 };
const ceiling = { seconds: 0 };
for (let r = 0; r < rounds; r++) {
  const from = Math.floor((tickets * r) / rounds);
  const size = Math.floor((tickets * (r + 1)) / rounds) - from;
  const slice = await pool(size, concurrency, async (i) => {
    if ((await scan(codes[from + i], gates[(from + i) % 2])) === 'admitted') admitted++;
  });
  distinct.durations.push(...slice.durations);
  distinct.seconds += slice.seconds;
  ceiling.seconds += (await pool(size, concurrency, () => hit(`/dev/checkin/ping?event_id=${eventId}`))).seconds;
}

// Pairs: the same ticket at both gates at once, CONCURRENCY/2 pairs in flight.
let doubleByAnswers = 0;
const pairRun = await pool(pairs, Math.max(1, concurrency / 2), async (i) => {
  const code = codes[tickets + i];
  const results = await Promise.all([scan(code, gates[0]), scan(code, gates[1])]);
  if (results.filter((r) => r === 'admitted').length > 1) doubleByAnswers++;
});

const log = await (await fetch(`${base}/dev/checkin/admitted?event_id=${eventId}`)).json();

const sorted = [...distinct.durations].sort((a, b) => a - b);
const lines = {
  checkins: admitted,
  checkins_per_s: Math.round(tickets / distinct.seconds),
  p50_ms: Math.round(percentile(sorted, 50)),
  p99_ms: Math.round(percentile(sorted, 99)),
  pairs,
  pairs_per_s: Math.round((pairs * 2) / pairRun.seconds),
  double_admits: Math.max(doubleByAnswers, log.scans - log.tickets),
  logged_admissions: log.scans,
  errors,
  ceiling_per_s: Math.round(tickets / ceiling.seconds),
};
// The share of the same-run ceiling (a bare call to the event's object through the same HTTP path).
lines.ratio = (lines.checkins_per_s / lines.ceiling_per_s).toFixed(2);
Object.assign(
  lines,
  await writeFloor(
    () => hit(`/dev/checkin/ping-write?event_id=${eventId}`),
    tickets,
    concurrency,
    lines.checkins_per_s,
    lines.ceiling_per_s,
  ),
);
for (const [k, v] of Object.entries(lines)) console.log(`${k}=${v}`);
if (lines.double_admits > 0 || errors > 0 || admitted !== tickets) process.exit(1);
