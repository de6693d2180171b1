#!/usr/bin/env node
// Seat benchmark (issue 33): 20,000 buyers ask for seats of the demo stadium on the locally served product.
//   BASE_URL (default http://localhost:8787)  BUYERS (20000)  CONCURRENCY (100)  OBJECT_BUYERS (3000)
// Needs DEV_MODE (npm start sets it): /dev/seats/bench-setup makes a fresh copy of the demo stadium
// (functions/dev/seeds/stadium.ts: 40,800 numbered seats in 24 sections, campo and campo VIP standing, the
// wheelchair reserve kept and seats held for the box office, sponsors and RRPP) and the buyers. Each buyer asks for
// 1–6 seats through POST /api/v1/holds with its session cookie: half "Mejor ubicación disponible" (best) in a
// category, half by hand, adjacent seats at a random place of the three most wanted sections (refused when taken
// or when they would leave a seat alone, as a person's pick would be).
// Prints key=value lines: attempts, holds, refused, seats_held, seats_sold_twice (the object's seats and D1's
// orders), avoidable_single_seats (seats left alone by a hold while a block without one existed, replayed in
// order), single_seats_left (every free seat alone between occupied ones at the end), holds_per_s, p50_ms,
// p99_ms, map_kb (gzipped bytes the event page loads before the map can be used: the page with the map's outline,
// the seat map island's modules and the largest section opened), ceiling_per_s (a bare call to the same
// event's object through the same HTTP path, same run: each buyer's same request to POST /api/v1/holds/ceiling) with
// ratio, dev_ping_per_s (the bare call on a shorter path: /dev/checkout/ping, without the edge, the session or the
// provider API) with ratio_to_dev_ping, and the write floor (on the dev ping's path). For a local server on Linux
// also the CPU ms one attempt costs in each phase, over the server's processes and this client (cpu_ms_per_hold,
// cpu_ms_per_ceiling, cpu_ms_per_ping) and its split by process (cpu_split_*: the Worker's workerd, wrangler's dev
// proxy, wrangler, the client): on a saturated machine the ratio is about cpu_ms_per_ceiling / cpu_ms_per_hold.
// Last, the object alone
// (OBJECT_BUYERS, 3000, on another fresh stadium): object_holds (held/asked) and the Worker's CPU ms per call of holds
// and bare calls made from inside the Worker (object_worker_ms_per_hold, object_worker_ms_per_ping).
import { gzipSync } from 'node:zlib';
import { cpuLines, cpuMeter, keepAliveClient, percentile, pool, writeFloor } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const buyers = Number(process.env.BUYERS ?? 20_000);
const concurrency = Number(process.env.CONCURRENCY ?? 100);
const objectBuyers = Number(process.env.OBJECT_BUYERS ?? 3000);

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
  body: JSON.stringify({ buyers }),
});
if (!setup.ok) {
  console.error(
    `✗ ${base}/dev/seats/bench-setup answered ${setup.status}: is the product running with DEV_MODE (npm start)?`,
  );
  process.exit(1);
}
const { event_id: eventId, types, wanted_type: wantedType, seats: seatCount, wanted, tokens } = await json(setup);

// The rows of the wanted sections, for hand picks of adjacent seats.
const rows = new Map();
for (const s of wanted) rows.set(s.row, [...(rows.get(s.row) ?? []), s]);
const rowList = [...rows.values()].map((r) => r.sort((a, b) => a.at - b.at));
const seated = [types.baja, types.alta, types.popular];

// A deterministic mix (the same run after run): quantity 1–6, even buyers best, odd buyers by hand.
let seed = 33;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const asks = tokens.map((_, i) => {
  const quantity = 1 + Math.floor(random() * 6);
  if (i % 2 === 0) return { ticket_type_id: seated[Math.floor(random() * seated.length)], quantity, best: true };
  const row = rowList[Math.floor(random() * rowList.length)];
  const start = Math.floor(random() * Math.max(1, row.length - quantity + 1));
  return { ticket_type_id: wantedType, quantity, seat_ids: row.slice(start, start + quantity).map((s) => s.id) };
});

// What the event page loads before the stadium map can be used (gzipped): the page (its HTML carries the map's
// outline and what is left per section), the seat map island's modules with every module they import statically,
// and the first section a buyer opens (the largest: its seats and its taken seats). A stadium's other sections
// load only when opened.
const gz = async (path) =>
  gzipSync(Buffer.from(await (await fetch(new URL(path, base), { headers: { origin: base } })).arrayBuffer())).length;
const pageBytes = await gz(`/eventos/${eventId}`);
const page = await (await fetch(`${base}/eventos/${eventId}`)).text();
const islandEntries = [...page.matchAll(/<astro-island[^>]*component-url="([^"]+)"[^>]*renderer-url="([^"]+)"/g)]
  .filter((m) => /seat/i.test(m[1]))
  .flatMap((m) => [m[1], m[2]]);
const modules = new Set();
const walk = async (url) => {
  if (modules.has(url)) return;
  modules.add(url);
  const code = await (await fetch(new URL(url, base))).text();
  // Static imports only (`import "./x.js"`, `from "./x.js"`): dynamic ones load later, when used.
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g))
    await walk(new URL(m[1], new URL(url, base)).pathname);
};
for (const entry of islandEntries) await walk(entry);
let islandBytes = 0;
for (const url of modules) islandBytes += await gz(url);
const { data: dates } = await json(await fetch(`${base}/api/v1/holds/seats?event_id=${eventId}`));
const firstDate = dates[0];
const largest = firstDate.map.sections.filter((x) => x.kind === 'seated').sort((x, y) => y.seats - x.seats)[0];

/** Buyer i's request (its ask, with its session cookie) to a hold's route: the hold itself or the ceiling. */
const ask = (path, i) =>
  hit(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: `auth-token=${tokens[i]}` },
    body: JSON.stringify({ event_id: eventId, items: [asks[i]] }),
  });

// Warm up the Worker and the event's object (its first seated hold loads the map).
for (let i = 0; i < 20; i++) await hit(`/dev/checkout/ping?event_id=${eventId}`);
for (let i = 0; i < Math.min(20, tokens.length); i++) await ask('/api/v1/holds/ceiling', i);

const meter = cpuMeter(base);
let held = 0;
let seatsHeld = 0;
let refused = 0;
let errors = 0;
meter.start();
const holds = await pool(tokens.length, concurrency, async (i) => {
  const status = await ask('/api/v1/holds', i);
  if (status === 201) {
    held++;
    seatsHeld += asks[i].quantity;
  } else if (status === 409 || status === 400) refused++;
  else errors++;
});
const holdCpu = meter.stop(tokens.length);
// The availability the page polls, at its fullest (after the run).
const sectionBytes =
  (await gz(
    `/api/v1/holds/seats/section?event_id=${eventId}&event_date_id=${firstDate.event_date_id}&section=${largest.id}`,
  )) + (await gz(`/api/v1/holds/seats/availability?event_id=${eventId}&section=${largest.id}`));

// The ceiling: each buyer's same request through the same path (the edge with its session cookie, the provider API's
// session check and the hold's body validated), ending in a bare call to the event's object instead of the hold.
let ceilingErrors = 0;
meter.start();
const ceiling = await pool(tokens.length, concurrency, async (i) => {
  if ((await ask('/api/v1/holds/ceiling', i)) !== 201) ceilingErrors++;
});
const ceilingCpu = meter.stop(tokens.length);
// The shorter path the ceiling took before (a development route: no edge, session or provider API), for comparison.
meter.start();
const devPing = await pool(tokens.length, concurrency, () => hit(`/dev/checkout/ping?event_id=${eventId}`));
const pingCpu = meter.stop(tokens.length);
const holdsPerS = tokens.length / holds.seconds;
const ceilingPerS = tokens.length / ceiling.seconds;
const devPingPerS = tokens.length / devPing.seconds;
// The write floor is a development route too: beside the bare call on its own path.
const floor = await writeFloor(
  () => hit(`/dev/checkout/ping-write?event_id=${eventId}`),
  Math.min(tokens.length, 5000),
  concurrency,
  holdsPerS,
  devPingPerS,
);
const check = await json(await fetch(`${base}/dev/seats/check?event_id=${eventId}`));

// The object alone, on another fresh stadium: holds and bare calls made from inside the Worker, without HTTP, the
// edge or the provider API, as many at a time as the buyers above. The Worker's CPU per call says what a hold
// costs in the object (its order's batch to D1 and its state copy included) beyond a bare call: the part of the
// gap to the ceiling no change outside the object can close.
const own = await json(
  await fetch(`${base}/dev/seats/object-setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ buyers: objectBuyers }),
  }),
);
const loop = (body) =>
  fetch(`${base}/dev/seats/object-loop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event_id: own.event_id, parallel: concurrency, ...body }),
  }).then(json);
await loop({ call: 'ping', count: 200 });
meter.start();
const objectSells = await loop({ call: 'sell', types: own.types, buyer_ids: own.buyer_ids });
const objectHoldCpu = meter.stop(objectSells.calls);
meter.start();
const objectPings = await loop({ call: 'ping', count: objectSells.calls });
const objectPingCpu = meter.stop(objectPings.calls);
const workerMs = (cpu) => (cpu?.per.worker === undefined ? 'none' : cpu.per.worker.toFixed(2));

const sorted = [...holds.durations].sort((a, b) => a - b);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const lines = {
  attempts: tokens.length,
  seats: seatCount,
  holds: held,
  refused,
  errors,
  seats_held: seatsHeld,
  seats_in_object: check.taken - check.kept,
  consistent: check.taken - check.kept === seatsHeld ? 'yes' : 'no',
  seats_sold_twice: check.taken - check.distinct + check.twice_in_orders,
  avoidable_single_seats: check.avoidable_alone,
  single_seats_left: check.alone,
  holds_per_s: Math.round(holdsPerS),
  seats_per_s: Math.round(seatsHeld / holds.seconds),
  p50_ms: Math.round(percentile(sorted, 50)),
  p99_ms: Math.round(percentile(sorted, 99)),
  map_kb: kb(pageBytes + islandBytes + sectionBytes),
  map_page_kb: kb(pageBytes),
  map_section_kb: kb(sectionBytes),
  map_island_kb: modules.size > 0 ? kb(islandBytes) : 'none',
  ceiling_per_s: Math.round(ceilingPerS),
  ceiling_errors: ceilingErrors,
  // The share of the same-run ceiling (a bare call to the event's object through the same HTTP path).
  ratio: (holdsPerS / ceilingPerS).toFixed(2),
  dev_ping_per_s: Math.round(devPingPerS),
  ratio_to_dev_ping: (holdsPerS / devPingPerS).toFixed(2),
  ...floor,
  ...cpuLines('hold', holdCpu),
  ...cpuLines('ceiling', ceilingCpu),
  ...cpuLines('ping', pingCpu),
  object_holds: `${objectSells.held}/${objectSells.calls}`,
  object_worker_ms_per_hold: workerMs(objectHoldCpu),
  object_worker_ms_per_ping: workerMs(objectPingCpu),
};
for (const [k, v] of Object.entries(lines)) console.log(`${k}=${v}`);
client.close();
if (lines.seats_sold_twice > 0 || errors > 0 || ceilingErrors > 0 || lines.consistent !== 'yes') process.exit(1);
