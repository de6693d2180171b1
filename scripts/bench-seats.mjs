#!/usr/bin/env node
// Seat benchmark (issue 33): concurrent buyers hold seats of one seated event on the locally served product.
//   BASE_URL (default http://localhost:8787)  BUYERS (2000)  SECTIONS (20)  ROWS (20)  SEATS (25)  CONCURRENCY (100)
// Needs DEV_MODE (npm start sets it): /dev/seats/bench-setup makes a stadium (SECTIONS × ROWS × SEATS seats, one
// category) and the buyers. Each buyer asks for 1–6 seats through POST /api/v1/holds with its session cookie,
// half "Mejor ubicación disponible" (best) and half by hand: adjacent seats at a random place of the three most
// wanted sections (refused when taken or when they would leave a seat alone, as a person's pick would be).
// Prints key=value lines: attempts, seats_held, seats_sold_twice (the object's seats and D1's orders), single_seats_left
// (free seats left alone between occupied ones at the end; hand picks may leave one when nothing else fits),
// holds_per_s, seats_per_s, p50_ms, p99_ms, map_kb (the gzipped map the event page loads) and ceiling_per_s
// (a bare call to the same event's object through the same HTTP path, same run) with ratio.
import { gzipSync } from 'node:zlib';
import { keepAliveClient, percentile, pool } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const buyers = Number(process.env.BUYERS ?? 2000);
const concurrency = Number(process.env.CONCURRENCY ?? 100);
const shape = {
  sections: Number(process.env.SECTIONS ?? 20),
  rows: Number(process.env.ROWS ?? 20),
  seats: Number(process.env.SEATS ?? 25),
};

// The load goes over node:http keep-alive connections (the client shares the 2 cores with the server).
const client = keepAliveClient(base, concurrency);
const hit = async (path, init) => (await client(path, init)).status;
const json = async (res) => {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
};

const setup = await fetch(`${base}/dev/seats/bench-setup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...shape, buyers }),
});
if (!setup.ok) {
  console.error(
    `✗ ${base}/dev/seats/bench-setup answered ${setup.status}: is the product running with DEV_MODE (npm start)?`,
  );
  process.exit(1);
}
const { event_id: eventId, ticket_type_id: typeId, seats: seatCount, wanted, tokens } = await json(setup);

// The rows of the wanted sections, for hand picks of adjacent seats.
const rows = new Map();
for (const s of wanted) rows.set(s.row, [...(rows.get(s.row) ?? []), s]);
const rowList = [...rows.values()].map((r) => r.sort((a, b) => a.at - b.at));

// A deterministic mix (the same run after run): quantity 1–6, even buyers best, odd buyers by hand.
let seed = 33;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const asks = tokens.map((_, i) => {
  const quantity = 1 + Math.floor(random() * 6);
  if (i % 2 === 0) return { ticket_type_id: typeId, quantity, best: true };
  const row = rowList[Math.floor(random() * rowList.length)];
  const start = Math.floor(random() * Math.max(1, row.length - quantity + 1));
  return { ticket_type_id: typeId, quantity, seat_ids: row.slice(start, start + quantity).map((s) => s.id) };
});

// Warm up the Worker and the event's object (its first seated hold loads the map).
for (let i = 0; i < 20; i++) await hit(`/dev/checkout/ping?event_id=${eventId}`);
const mapRes = await fetch(`${base}/api/v1/holds/seats?event_id=${eventId}`, { headers: { origin: base } });
const mapBody = Buffer.from(await mapRes.arrayBuffer());

let held = 0;
let seatsHeld = 0;
let refused = 0;
let errors = 0;
const holds = await pool(tokens.length, concurrency, async (i) => {
  const status = await hit('/api/v1/holds', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: `auth-token=${tokens[i]}` },
    body: JSON.stringify({ event_id: eventId, items: [asks[i]] }),
  });
  if (status === 201) {
    held++;
    seatsHeld += asks[i].quantity;
  } else if (status === 409 || status === 400) refused++;
  else errors++;
});

const ceiling = await pool(tokens.length, concurrency, () => hit(`/dev/checkout/ping?event_id=${eventId}`));
const check = await json(await fetch(`${base}/dev/seats/check?event_id=${eventId}`));

const sorted = [...holds.durations].sort((a, b) => a - b);
const holdsPerS = tokens.length / holds.seconds;
const ceilingPerS = tokens.length / ceiling.seconds;
const lines = {
  attempts: tokens.length,
  seats: seatCount,
  holds: held,
  refused,
  errors,
  seats_held: seatsHeld,
  seats_in_object: check.taken,
  consistent: check.taken === seatsHeld ? 'yes' : 'no',
  seats_sold_twice: check.taken - check.distinct + check.twice_in_orders,
  single_seats_left: check.alone,
  holds_per_s: Math.round(holdsPerS),
  seats_per_s: Math.round(seatsHeld / holds.seconds),
  p50_ms: Math.round(percentile(sorted, 50)),
  p99_ms: Math.round(percentile(sorted, 99)),
  map_kb: (gzipSync(mapBody).length / 1024).toFixed(1),
  ceiling_per_s: Math.round(ceilingPerS),
  // The share of the same-run ceiling (a bare call to the event's object through the same HTTP path).
  ratio: (holdsPerS / ceilingPerS).toFixed(2),
};
for (const [k, v] of Object.entries(lines)) console.log(`${k}=${v}`);
client.close();
if (lines.seats_sold_twice > 0 || errors > 0 || lines.consistent !== 'yes') process.exit(1);
