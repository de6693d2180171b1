#!/usr/bin/env node
// Lighthouse (mobile, its default simulated throttling: a mid-range phone on slow 4G) against a running
// server, for the buyer's, the door's and the public pages. Nothing is built here.
//   BASE_URL=http://localhost:8787 npm run report:lighthouse
//   RUNS (3, the median is printed)  PAGES (comma-separated names to keep: home,checkout,…)
//   CHROME_PATH (/usr/bin/chromium: Debian's Chromium; Lighthouse downloads no browser)
// Signed-in pages get the session cookies of a demo account (logged in through the edge, as the login
// dialog does); the checkout page gets a fresh hold of one ticket of a demo event. Prints one line per page:
// performance score, TBT, LCP, FCP, CLS and Speed Index (medians over RUNS), and `budget=over` when a
// page misses its goal (performance ≥ 90 and TBT < 200 ms for the buyer's and door pages, 100 for the
// public ones). Run it while the machine is quiet: `flock -x /tmp/boleteria-quiet.lock npm run report:lighthouse`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const runs = Number(process.env.RUNS ?? 3);
const only = process.env.PAGES ? new Set(process.env.PAGES.split(',')) : null;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Logs a demo account in through the edge and answers its cookies as one Cookie header. */
async function sessionCookie(email) {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`login as ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function json(path, cookie) {
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()).data;
}

/** A demo event with an unnamed paid ticket type that has room. */
async function paidTicket() {
  for (const { id } of await json('/api/v1/events?limit=50')) {
    const event = await json(`/api/v1/events/${id}`);
    const type = event.dates
      .flatMap((d) => d.ticket_types)
      .find((t) => !t.named && t.remaining >= 5 && t.price_cents > 0);
    if (type) return { eventId: id, typeId: type.id };
  }
  throw new Error('No demo event with a paid ticket type: seed the demo data');
}

/** Holds one ticket as the ticket selector does (a POST to /checkout) and answers the checkout's path. */
async function checkoutPath(cookie) {
  const { eventId, typeId } = await paidTicket();
  const res = await fetch(`${base}/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ event: String(eventId), items: `${typeId}:1` }),
  });
  const to = res.headers.get('location');
  if (res.status !== 303 || !to) throw new Error(`POST /checkout answered ${res.status}, no hold`);
  return to;
}

async function pages() {
  const buyer = await sessionCookie('usuario@demo.ar');
  const door = await sessionCookie('colaborador@demo.ar');
  const { eventId } = await paidTicket();
  const tickets = await json('/api/v1/tickets', buyer);
  const ticket = tickets.flatMap((g) => g.tickets).find((t) => t.status === 'valid');
  const list = [
    { name: 'home', path: '/', goal: 100 },
    { name: 'eventos', path: '/eventos', goal: 100 },
    { name: 'productoras', path: '/productoras', goal: 100 },
    { name: 'evento', path: `/eventos/${eventId}`, goal: 90 },
    { name: 'checkout', path: await checkoutPath(buyer), cookie: buyer, goal: 90 },
    { name: 'mis-tickets', path: '/mis-tickets', cookie: buyer, goal: 90 },
    // A ticket's QR: Mis tickets opened on that ticket (its card holds the QR).
    ...(ticket ? [{ name: 'ticket-qr', path: `/mis-tickets#ticket-${ticket.id}`, cookie: buyer, goal: 90 }] : []),
    { name: 'scanner', path: '/admin/access-control/full', cookie: door, goal: 90 },
  ];
  return list.filter((p) => !only || only.has(p.name));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
let failed = false;
try {
  console.log(`Lighthouse ${runs}× per page at ${base} (mobile, simulated throttling; medians)\n`);
  console.log('page          perf   tbt_ms  lcp_ms  fcp_ms     cls   si_ms');
  for (const page of await pages()) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: page.cookie ? { cookie: page.cookie } : undefined,
      });
      if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
      const audit = (id) => lhr.audits[id].numericValue;
      results.push({
        perf: Math.round(lhr.categories.performance.score * 100),
        tbt: audit('total-blocking-time'),
        lcp: audit('largest-contentful-paint'),
        fcp: audit('first-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
      });
    }
    const m = (key) => median(results.map((r) => r[key]));
    const over = m('perf') < page.goal || m('tbt') >= 200;
    failed ||= over;
    console.log(
      `${page.name.padEnd(12)}${String(m('perf')).padStart(6)}${m('tbt').toFixed(0).padStart(9)}${m('lcp').toFixed(0).padStart(8)}` +
        `${m('fcp').toFixed(0).padStart(8)}${m('cls').toFixed(3).padStart(8)}${m('si').toFixed(0).padStart(8)}` +
        `  runs=${results.map((r) => r.perf).join('/')}${over ? `  budget=over (goal ${page.goal}, TBT < 200)` : ''}`,
    );
  }
} finally {
  await chrome.kill();
}
if (failed) process.exitCode = 1;
