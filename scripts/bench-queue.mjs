#!/usr/bin/env node
// Queue benchmark ("Venta con fila") against the locally served product (npm start, DEV_MODE):
//   BASE_URL (default http://localhost:8787)  BEFORE (10000)  AFTER (10000)  CAPACITY (2000)  CONCURRENCY (100)
// BEFORE buyers join the pre-queue, the opening is moved to now (the draw), AFTER buyers join after it.
// Every buyer then polls its place once (GET /api/v1/queues/:id/me, like the wait page) and, once admitted,
// holds one ticket with its pass right away; buyers not admitted try to hold without a pass, with a forged
// one and with someone else's. The ceiling is measured before the buyers arrive.
// Everything goes through the edge with the session cookie, exactly like the browser.
// Prints key=value lines: joins_per_s, admitted_without_pass (holds that got in without their own valid
// pass: must be 0), oversold (must be 0), fifo_after_open (share of post-opening arrivals admitted in
// arrival order), p99_position_ms, ceiling_per_s (a bare call to the same queue object through the same
// HTTP path, same run) and ratio (joins_per_s / ceiling_per_s).
import { keepAliveClient, percentile, pool, writeFloor } from './lib/load.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const before = Number(process.env.BEFORE ?? 10_000);
const after = Number(process.env.AFTER ?? 10_000);
const capacity = Number(process.env.CAPACITY ?? 2000);
const concurrency = Number(process.env.CONCURRENCY ?? 100);
const total = before + after;

const hit = keepAliveClient(base, concurrency);

async function post(path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    console.error(`✗ ${base}${path} answered ${res.status}: is the product running with DEV_MODE (npm start)?`);
    process.exit(1);
  }
  return res.json();
}

const as = (token, extra = {}) => ({ origin: base, cookie: `auth-token=${token}`, ...extra });

const event = await post('/dev/queue/bench-event', { capacity });
const eventId = event.event_id;
const tokens = [];
const dniStart = Math.floor(Math.random() * 60_000_000);
while (tokens.length < total) {
  const { tokens: more } = await post('/dev/queue/bench-buyers', {
    count: Math.min(2000, total - tokens.length),
    dni_start: dniStart + tokens.length,
  });
  tokens.push(...more);
}

// Warm up the Worker and the queue object.
for (let i = 0; i < 20; i++) await hit(`/dev/queue/ping?event_id=${eventId}`);

// The ceiling first (a bare call to the same object over the same HTTP path): measured after the buyers,
// it pushed their polls and holds past the passes' 10 minutes on a busy machine.
const ceilingCalls = Math.min(total, 10_000);
const ceiling = await pool(ceilingCalls, concurrency, () => hit(`/dev/queue/ping?event_id=${eventId}`));
const ceilingPerS = ceilingCalls / ceiling.seconds;

let joinErrors = 0;
const join = (i) =>
  hit(`/api/v1/queues/${eventId}/join`, { method: 'POST', headers: as(tokens[i]) }).then((r) => {
    if (r.status !== 201) joinErrors++;
  });

const pre = await pool(before, concurrency, (i) => join(i));
await post('/dev/queue/open', { event_id: eventId, in_ms: 300 });
// The draw happens at the opening (the object's alarm, or the first call after it).
for (;;) {
  const proof = JSON.parse((await hit(`/api/v1/queues/${eventId}`, { headers: { origin: base } })).text);
  if (proof.data?.seed) break;
  await new Promise((r) => setTimeout(r, 100));
}
const postOpen = await pool(after, concurrency, (i) => join(before + i));
const joinsPerS = total / (pre.seconds + postOpen.seconds);

const holdBody = (pass) =>
  JSON.stringify({
    event_id: eventId,
    items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }],
    ...(pass ? { queue_pass: pass } : {}),
  });
const holdAs = (i, pass) =>
  hit('/api/v1/holds', {
    method: 'POST',
    headers: as(tokens[i], { 'content-type': 'application/json' }),
    body: holdBody(pass),
  });

// Each buyer polls its place once, like the wait page; an admitted one holds with its pass right away
// (until enough have tried to sell out and then some, each holding at most one ticket); the others then
// try to sneak in.
const passes = new Map();
let pollErrors = 0;
let held = 0;
let soldOut = 0;
let holdErrors = 0;
const tried = new Set();
const pollMs = [];
await pool(total, concurrency, async (i) => {
  const started = performance.now();
  const r = await hit(`/api/v1/queues/${eventId}/me`, { headers: as(tokens[i]) });
  pollMs.push(performance.now() - started);
  if (r.status !== 200) {
    pollErrors++;
    return;
  }
  const place = JSON.parse(r.text).data;
  if (!place.pass) return;
  passes.set(i, place.pass);
  if (tried.size >= capacity + 500) return;
  tried.add(i);
  const h = await holdAs(i, place.pass);
  if (h.status === 201) held++;
  else if (h.status === 409) soldOut++;
  else holdErrors++;
});

// Intruders: 1,000 buyers who did not hold, without their own pass (none, forged, or a holder's).
const someonesPass = passes.get([...tried][0]);
const intruders = [...Array(total).keys()].filter((i) => !tried.has(i)).slice(0, 1000);
let admittedWithoutPass = 0;
await pool(intruders.length, concurrency, async (k) => {
  const i = intruders[k];
  const pass =
    k % 3 === 0 ? undefined : k % 3 === 1 ? `${someonesPass ?? 'v1.x'}`.slice(0, -4).concat('AAAA') : someonesPass;
  const r = await holdAs(i, pass);
  if (r.status === 201) admittedWithoutPass++;
});

const [type] = JSON.parse((await hit(`/dev/checkout/availability?event_id=${eventId}`)).text);
const audit = JSON.parse((await hit(`/dev/queue/audit?event_id=${eventId}`)).text);
const sorted = pollMs.sort((a, b) => a - b);
const lines = {
  buyers: total,
  before_opening: before,
  after_opening: after,
  capacity,
  joins_per_s: Math.round(joinsPerS),
  join_errors: joinErrors,
  admitted: audit.admitted,
  passes_seen: passes.size,
  held,
  sold_out_refusals: soldOut,
  hold_errors: holdErrors,
  admitted_without_pass: admittedWithoutPass,
  oversold: Math.max(0, type.held + type.sold - capacity),
  fifo_after_open: audit.admittedPostOpen > 0 ? (audit.inOrder / audit.admittedPostOpen).toFixed(3) : 'n/a',
  admitted_after_open: audit.admittedPostOpen,
  p50_position_ms: Math.round(percentile(sorted, 50)),
  p99_position_ms: Math.round(percentile(sorted, 99)),
  poll_errors: pollErrors,
  ceiling_per_s: Math.round(ceilingPerS),
  ratio: (joinsPerS / ceilingPerS).toFixed(2),
  ...(await writeFloor(
    () => hit(`/dev/queue/ping-write?event_id=${eventId}`),
    ceilingCalls,
    concurrency,
    joinsPerS,
    ceilingPerS,
  )),
};
for (const [k, v] of Object.entries(lines)) console.log(`${k}=${v}`);
if (lines.oversold > 0 || admittedWithoutPass > 0 || joinErrors > 0) process.exit(1);
