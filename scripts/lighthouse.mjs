#!/usr/bin/env node
// Lighthouse (mobile, its default simulated throttling: a mid-range phone on slow 4G) against a running
// server, for the buyer's, the door's and the public pages. Nothing is built here.
//   BASE_URL=http://localhost:8787 npm run report:lighthouse
//   RUNS (3, the median is printed)  PAGES (comma-separated names to keep: home,checkout,…)
//   CHROME_PATH (/usr/bin/chromium: Debian's Chromium; Lighthouse downloads no browser)
// The pages are scripts/lib/pages.mjs's: signed-in ones get a demo account's session cookies, the checkout a
// fresh hold of one ticket. Mis tickets, with each ticket's QR on its card, is "a ticket's QR". Prints one line per page:
// performance score, TBT, LCP, FCP, CLS and Speed Index (medians over RUNS), and `budget=over` when a
// page misses its goal (performance ≥ 90 and TBT < 200 ms for the buyer's and door pages, 100 for the
// public ones). Run it while the machine is quiet: `flock -x /tmp/boleteria-quiet.lock npm run report:lighthouse`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measuredPages } from './lib/pages.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const runs = Number(process.env.RUNS ?? 3);
const only = process.env.PAGES ? new Set(process.env.PAGES.split(',')) : null;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
  console.log('page              perf   tbt_ms  lcp_ms  fcp_ms     cls   si_ms');
  for (const page of await measuredPages(base, only)) {
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
      `${page.name.padEnd(16)}${String(m('perf')).padStart(6)}${m('tbt').toFixed(0).padStart(9)}${m('lcp').toFixed(0).padStart(8)}` +
        `${m('fcp').toFixed(0).padStart(8)}${m('cls').toFixed(3).padStart(8)}${m('si').toFixed(0).padStart(8)}` +
        `  runs=${results.map((r) => r.perf).join('/')}${over ? `  budget=over (goal ${page.goal}, TBT < 200)` : ''}`,
    );
  }
} finally {
  await chrome.kill();
}
if (failed) process.exitCode = 1;
