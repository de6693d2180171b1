#!/usr/bin/env node
// A rehearsed restore (issue 35): a local instance with sales, refunds, a queue, a waiting list and resales is
// backed up, wiped (D1 and every Durable Object) and restored from the backup alone, then checked.
//   npm run drill:restore [-- --no-build] [--port N] [--keep] [--drop-table NAME]
// (--drop-table NAME leaves that table's rows out of the backup: the drill must then report them missing.)
// DRILL_DEBUG=1 prints each API call.
// 1. Starts `scripts/start.mjs --fresh --state <tmp> --port <free> --no-cron` and builds the state through the API
//    (buyers and events come from the development setup routes, behind DEV_MODE).
// 2. Backup: `wrangler d1 export DB --local` of the running instance's D1 (the objects' state is in it:
//    object_state, migration 0070), while it serves.
// 3. Wipe: the server stops and its whole state folder (D1, Durable Objects, R2) is deleted.
// 4. Restore: the export is executed into a new local D1 (`wrangler d1 execute --file`), and the server starts
//    again on it (migrations: none pending; demo data: kept). Each Durable Object rebuilds itself from D1.
// 5. Checks: rows per table (before the backup vs after the restore), the ledger and finance identities, queue
//    numbers, places and seed, the waiting list's order and offers, resales, stock, and every ticket's QR
//    admitted exactly once (those admitted before the backup answer "used").
// Prints key=value lines (tables_checked, rows_missing, ledger_ok, queue_ok, waitlist_ok, qr_ok,
// restore_seconds, drill_seconds); exits 1 when anything is missing or differs.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { tablesFirst } from './lib/d1-dump.mjs';
import { drillApi } from './lib/drill-api.mjs';
import { freePort } from './lib/free-port.mjs';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    port: { type: 'string' },
    // Rehearses a broken backup: this table's rows are left out of it (the drill must then fail).
    'drop-table': { type: 'string' },
  },
});
const bin = resolve(root, 'node_modules/.bin');
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, WRANGLER_SEND_METRICS: 'false' };
const config = resolve(root, process.env.BUILD_DIR ?? 'dist', 'server/wrangler.json');
const work = mkdtempSync(join(tmpdir(), 'boleteria-drill-'));
// `wrangler d1 export --local` has no --persist-to: it reads `.wrangler/state` beside its configuration file. So
// the instance keeps its state there, and a configuration naming only the database (same id) sits in `work`.
const state = join(work, '.wrangler', 'state');
const d1Config = join(work, 'wrangler.json');
const backup = join(work, 'backup.sql');
const port = Number(values.port ?? (await freePort()));
const base = `http://localhost:${port}`;
const drillStarted = performance.now();
const problems = [];

function step(text) {
  console.log(`• ${text}`);
}

function must(condition, what) {
  if (!condition) problems.push(what);
  return condition;
}

// ---- The instance ----

let server = null;

async function startServer(fresh) {
  const args = ['scripts/start.mjs', '--state', state, '--port', String(port), '--no-cron', '--no-build'];
  if (fresh) args.push('--fresh');
  server = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  server.stdout.on('data', (d) => {
    log += d;
  });
  server.stderr.on('data', (d) => {
    log += d;
  });
  // Ready when the demo data step is done (start.mjs prints it) and the server answers as this instance.
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${log.slice(-2000)}`);
    if (/Demo data loaded|Existing data kept/.test(log)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not start in 2 minutes:\n${log.slice(-2000)}`);
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  process.kill(-server.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  server = null;
}

function wrangler(args) {
  const result = spawnSync(resolve(bin, 'wrangler'), args, { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Rows per table of the local D1 (the instance's persist folder), read with wrangler. */
function rowCounts() {
  const sql = (command) =>
    JSON.parse(wrangler(['d1', 'execute', 'DB', '--local', '-c', d1Config, '--json', '--command', command]))[0].results;
  const tables = sql(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' order by name",
  ).map((r) => r.name);
  const counts = {};
  // One row of counts per 40 tables, a column each (D1 caps the terms of a compound select at a few).
  for (let i = 0; i < tables.length; i += 40) {
    const part = tables.slice(i, i + 40);
    const [row] = sql(`select ${part.map((t) => `(select count(*) from "${t}") as "${t}"`).join(', ')}`);
    Object.assign(counts, row);
  }
  return counts;
}

// ---- The API ----

const { api, ok, eventually, buy, pay } = drillApi(base);

const ticketsOf = async (adminToken, orderId) =>
  (await ok(`/api/v1/admin/orders/${orderId}`, { token: adminToken })).data.tickets;

/** Builds the state the drill restores: sales, a refund, a waiting list with offers, a resale, a queue, door scans. */
async function buildState() {
  const sale = await ok('/dev/refunds/bench-setup', { method: 'POST', body: { buyers: 3, capacity: 6 } });
  const { event_id: eventId, ticket_type_id: typeId, admin_token: admin, tokens } = sale;
  const people = (
    await ok('/dev/queue/bench-buyers', { method: 'POST', body: { count: 8, dni_start: Date.now() % 1e6 } })
  ).tokens;
  // Sales: three orders of two tickets sell the event out.
  const orders = [];
  for (const t of tokens) orders.push(await buy(t, eventId, typeId, 2));
  // Three people wait, in order.
  const waiting = people.slice(0, 3);
  for (const w of waiting)
    await ok(`/api/v1/waitlist/${eventId}`, {
      token: w,
      method: 'POST',
      body: { ticket_type_id: typeId, quantity: 1 },
    });
  // A refund of one ticket: it is offered to the first person waiting.
  const [refunded] = await ticketsOf(admin, orders[0]);
  await ok(`/api/v1/admin/orders/${orders[0]}/refund`, {
    token: admin,
    method: 'POST',
    body: { reason: 'Simulacro', ticket_ids: [refunded.id] },
  });
  const offerOf = (token) =>
    eventually(async () => {
      const me = (await api(`/api/v1/waitlist/${eventId}/me`, { token })).json?.data;
      return me?.status === 'offered' && me.order_id ? me.order_id : null;
    }, 'a waiting-list offer');
  await offerOf(waiting[0]);
  // A resale: the second order's holder returns a ticket; the second person waiting buys it.
  const [resold] = await ticketsOf(admin, orders[1]);
  await ok(`/api/v1/tickets/${resold.id}/resale`, { token: tokens[1], method: 'POST' });
  await pay(waiting[1], await offerOf(waiting[1]));
  // The door admits the third order's tickets before the backup.
  const admittedBefore = [];
  for (const t of await ticketsOf(admin, orders[2])) {
    const scan = await scanCode(admin, eventId, t.code);
    must(scan === 'admitted', `the door admits ${t.id} before the backup (got ${scan})`);
    admittedBefore.push(t.id);
  }
  // A queued on-sale: five join the pre-queue, then it opens (the draw with its committed seed).
  const queued = await ok('/dev/queue/bench-event', { method: 'POST', body: { capacity: 20, rate_per_minute: 1 } });
  const queuers = people.slice(3, 8);
  for (const q of queuers) await ok(`/api/v1/queues/${queued.event_id}/join`, { token: q, method: 'POST' });
  await ok('/dev/queue/open', { method: 'POST', body: { event_id: queued.event_id, in_ms: 300, rate_per_minute: 1 } });
  await eventually(
    async () => typeof (await api(`/api/v1/queues/${queued.event_id}`)).json?.data?.seed === 'string',
    'the draw',
  );
  return { eventId, typeId, admin, tokens, orders, waiting, queuedId: queued.event_id, queuers, admittedBefore };
}

async function scanCode(staffToken, eventId, code) {
  const res = await api(`/api/v1/checkin/events/${eventId}/scan`, {
    token: staffToken,
    method: 'POST',
    body: { nonce: `drill-${crypto.randomUUID()}`, device: 'simulacro', code },
  });
  return res.json?.data?.result ?? `HTTP ${res.status}`;
}

/** What must read the same after the restore (all through the API, nothing written). */
async function snapshot(s) {
  const proof = (await ok(`/api/v1/queues/${s.queuedId}`)).data;
  const places = [];
  for (const q of s.queuers) {
    const p = (await ok(`/api/v1/queues/${s.queuedId}/me`, { token: q })).data;
    places.push({ prequeue: p.prequeue_number, position: p.position, admitted: p.admitted });
  }
  const list = (await ok(`/api/v1/admin/waitlist/${s.eventId}`, { token: s.admin })).data;
  const mine = [];
  for (const w of s.waiting) {
    const me = (await ok(`/api/v1/waitlist/${s.eventId}/me`, { token: w })).data;
    mine.push({ status: me.status, position: me.position ?? null, order: me.order_id ?? null });
  }
  const event = (await ok(`/api/v1/events/${s.eventId}`)).data;
  const tickets = [];
  for (const o of s.orders) tickets.push(...(await ticketsOf(s.admin, o)).map((t) => ({ id: t.id, status: t.status })));
  return {
    queue: { seedHash: proof.seed_hash, seed: proof.seed, prequeueSize: proof.prequeue_size, places },
    waitlist: {
      entries: (list.entries ?? []).map((e) => ({
        status: e.status,
        quantity: e.quantity,
        position: e.position ?? null,
      })),
      mine,
    },
    stock: JSON.stringify(event.ticket_types ?? event.types ?? null),
    tickets,
  };
}

/** The ledger and finance identities, through the API (the development check reads D1, the object and the sandbox). */
async function ledgerOk(s) {
  const check = await ok(`/dev/refunds/bench-check?event_id=${s.eventId}`);
  const finance = (await ok(`/api/v1/admin/finance?event_id=${s.eventId}&period=hoy`, { token: s.admin })).data;
  const t = finance.totals;
  const identities = [
    t.total_cents - t.mp_fees_cents - t.refunds_cents - t.chargebacks_cents === t.net_cents,
    finance.available_cents + finance.to_release_cents === t.net_cents,
    (finance.reconciliation?.orders_missing_from_ledger ?? []).length === 0,
    check.over_refunded === 0,
    check.tickets_refunded_twice === 0,
    check.stock_drift === 0,
    check.double_mp_refunds === 0,
  ];
  return { ok: identities.every(Boolean), check, totals: t };
}

// ---- The drill ----

let exitCode = 0;
try {
  if (!values['no-build']) {
    step('Building (astro build)');
    const built = spawnSync(resolve(bin, 'astro'), ['build'], { cwd: root, env, stdio: 'ignore' });
    if (built.status !== 0) throw new Error('astro build failed');
  }
  const app = JSON.parse(readFileSync(config, 'utf8'));
  writeFileSync(
    d1Config,
    JSON.stringify({
      name: 'boleteria-drill',
      compatibility_date: app.compatibility_date,
      d1_databases: app.d1_databases.map(({ migrations_dir: _, ...db }) => db),
    }),
  );
  step(`Starting a fresh instance on port ${port} (state in ${state})`);
  await startServer(true);
  step('Sales, a refund, a waiting list with offers, a resale, door scans and a queue, through the API');
  const s = await buildState();
  // The objects copy their state to D1 a round trip after each change, the door's log a moment after a scan.
  await new Promise((r) => setTimeout(r, 3000));
  const before = await snapshot(s);
  const ledgerBefore = await ledgerOk(s);
  must(ledgerBefore.ok, `ledger and finance identities before the backup: ${JSON.stringify(ledgerBefore)}`);

  step('Backup: wrangler d1 export --local of the running instance');
  const countsBefore = rowCounts();
  wrangler(['d1', 'export', 'DB', '--local', '-c', d1Config, '--output', backup]);
  if (values['drop-table']) {
    const name = values['drop-table'];
    const kept = readFileSync(backup, 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith(`INSERT INTO "${name}"`));
    writeFileSync(backup, kept.join('\n'));
    step(`(rehearsing a broken backup: the rows of ${name} left out)`);
  }
  const backupBytes = statSync(backup).size;

  const restoreStarted = performance.now();
  step('Wipe: the server stops and its state folder (D1, Durable Objects, R2) is deleted');
  await stopServer();
  rmSync(join(work, '.wrangler'), { recursive: true, force: true });

  step('Restore: the export into a new local D1, then the server starts on it');
  // Tables first, then rows (scripts/lib/d1-dump.mjs: the export's own order names tables before they exist).
  const ordered = join(work, 'restore.sql');
  writeFileSync(ordered, tablesFirst(readFileSync(backup, 'utf8')));
  wrangler(['d1', 'execute', 'DB', '--local', '-c', d1Config, '--file', ordered, '-y']);
  const countsAfter = rowCounts();
  // Rows per table: nothing may be missing (the restored instance's own start may add rows; none expected).
  let rowsMissing = 0;
  const tables = Object.keys(countsBefore);
  for (const t of tables) {
    const missing = Math.max(0, countsBefore[t] - (countsAfter[t] ?? 0));
    if (missing > 0) problems.push(`table ${t}: ${countsBefore[t]} rows before, ${countsAfter[t] ?? 0} after`);
    rowsMissing += missing;
  }
  console.log(`backup_bytes=${backupBytes}`);
  console.log(`tables_checked=${tables.length}`);
  console.log(`rows_before=${Object.values(countsBefore).reduce((a, b) => a + b, 0)}`);
  console.log(`rows_missing=${rowsMissing}`);
  await startServer(false);
  const after = await snapshot(s);
  const restoreSeconds = (performance.now() - restoreStarted) / 1000;
  console.log(`restore_seconds=${restoreSeconds.toFixed(1)}`);

  const ledgerAfter = await ledgerOk(s);
  must(ledgerAfter.ok, `ledger and finance identities after the restore: ${JSON.stringify(ledgerAfter)}`);
  must(
    JSON.stringify(ledgerAfter.totals) === JSON.stringify(ledgerBefore.totals),
    'finance totals differ after the restore',
  );
  const queueOk = must(
    JSON.stringify(after.queue) === JSON.stringify(before.queue),
    `queue: ${JSON.stringify({ before: before.queue, after: after.queue })}`,
  );
  const waitlistOk = must(
    JSON.stringify(after.waitlist) === JSON.stringify(before.waitlist),
    `waiting list: ${JSON.stringify({ before: before.waitlist, after: after.waitlist })}`,
  );
  must(after.stock === before.stock, `stock: ${before.stock} before, ${after.stock} after`);
  must(JSON.stringify(after.tickets) === JSON.stringify(before.tickets), 'tickets differ after the restore');

  // Every ticket's QR admitted exactly once: those admitted before answer "used"; the others enter once.
  let qrOk = true;
  for (const o of s.orders) {
    for (const t of await ticketsOf(s.admin, o)) {
      const first = await scanCode(s.admin, s.eventId, t.code);
      const again = await scanCode(s.admin, s.eventId, t.code);
      const live = t.status === 'valid' || t.status === 'used';
      const expected = !live
        ? [first !== 'admitted', again !== 'admitted']
        : s.admittedBefore.includes(t.id)
          ? [first === 'used', again === 'used']
          : [first === 'admitted', again === 'used'];
      if (!expected.every(Boolean)) {
        qrOk = false;
        problems.push(`ticket ${t.id} (${t.status}): scans answered ${first}, ${again}`);
      }
    }
  }

  console.log(`ledger_ok=${ledgerBefore.ok && ledgerAfter.ok ? 'yes' : 'no'}`);
  console.log(`queue_ok=${queueOk ? 'yes' : 'no'}`);
  console.log(`waitlist_ok=${waitlistOk ? 'yes' : 'no'}`);
  console.log(`qr_ok=${qrOk ? 'yes' : 'no'}`);
} catch (err) {
  problems.push(err instanceof Error ? err.message : String(err));
} finally {
  await stopServer().catch(() => undefined);
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept=${work}`);
  console.log(`drill_seconds=${((performance.now() - drillStarted) / 1000).toFixed(1)}`);
  if (problems.length > 0) {
    exitCode = 1;
    console.error(`✗ ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  } else {
    console.log('✓ nothing missing after the restore');
  }
  process.exit(exitCode);
}
