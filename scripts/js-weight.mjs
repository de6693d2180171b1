#!/usr/bin/env node
// Reports the JavaScript each page loads, gzipped, and each React island's share, against a running server
// (nothing is built here), with budgets: a page or island over its budget is marked `over` and the command
// fails (exit 1).
//   BASE_URL=http://localhost:8787 npm run report:js            (PAGES=home,checkout,… to keep some)
// Pages: scripts/lib/pages.mjs (public, the buyer's signed in as the demo buyer, the door's as the demo
// collaborator). Counted per page: <script src>, <link rel="modulepreload">, inline scripts, the component and
// renderer modules of every <astro-island>, and every module those import statically (followed
// recursively). Dynamic import() inside a module is not followed: it loads only on demand.
// An island's own weight is its component's modules minus those the React renderer already brings (the
// React runtime, shared by every island of the page); `when` is its client directive (load, idle, visible).
import { gzipSync } from 'node:zlib';
import { measuredPages } from './lib/pages.mjs';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');
const only = process.env.PAGES ? new Set(process.env.PAGES.split(',')) : null;

/** Gzipped KB a page may load in all (public pages ship no React: issue 20). */
const PAGE_BUDGET_KB = {
  home: 12,
  eventos: 12,
  productoras: 12,
  legal: 12,
  evento: 16,
  // A seated event's page loads React and the seat map island (issue 33: the map usable within 200 KB).
  'evento-butacas': 120,
  ingresar: 120,
  registrarme: 120,
  checkout: 120,
  'mis-tickets': 120,
  perfil: 120,
  scanner: 100,
};

/** Gzipped KB of an island's own modules (beyond the shared React runtime), by component file. */
const ISLAND_BUDGET_KB = {
  'login-dialog': 45,
  'register-dialog': 45,
  'checkout-form': 45,
  'transfer-button': 45,
  'resale-button': 18,
  'waitlist-join': 20,
  'profile-settings': 45,
  'door-scanner': 30,
};
const DEFAULT_ISLAND_BUDGET_KB = 30;

async function text(url, cookie) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replaceAll('&amp;', '&');

/** The JS entry points of a page, its islands and the bytes of its inline scripts. */
function entriesOf(html, pageUrl) {
  const urls = new Set();
  const inline = [];
  const islands = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m;
    const src = attr(attrs, 'src');
    const type = attr(attrs, 'type');
    if (src) urls.add(new URL(src, pageUrl).href);
    else if (!type || type === 'module' || type === 'text/javascript') inline.push(body);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi))
    if (/rel="modulepreload"/.test(m[0])) urls.add(new URL(attr(m[0], 'href'), pageUrl).href);
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const island = {};
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = attr(m[0], name);
      if (!value) continue;
      island[name] = new URL(value, pageUrl).href;
      urls.add(island[name]);
    }
    island.when = attr(m[0], 'client');
    islands.push(island);
  }
  return { urls, inline, islands };
}

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;

const cache = new Map();
function moduleInfo(url) {
  if (!cache.has(url))
    cache.set(
      url,
      text(url).then((source) => ({
        gzip: gzipSync(source, { level: 9 }).length,
        raw: Buffer.byteLength(source),
        imports: [...source.matchAll(STATIC_IMPORT)].map((m) => new URL(m[1], url).href),
      })),
    );
  return cache.get(url);
}

/** Every same-origin module reachable from `entries` by static imports. */
async function closure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url) || new URL(url).origin !== new URL(base).origin) continue;
    seen.add(url);
    queue.push(...(await moduleInfo(url)).imports);
  }
  return seen;
}

async function weigh(urls) {
  let gzip = 0;
  let raw = 0;
  for (const url of urls) {
    const info = await moduleInfo(url);
    gzip += info.gzip;
    raw += info.raw;
  }
  return { gzip, raw };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const islandName = (url) =>
  url
    .split('/')
    .pop()
    .replace(/\.[\w-]+\.js$/, '');

let over = false;
const rows = [];
const islandRows = [];
for (const page of await measuredPages(base, only)) {
  const pageUrl = `${base}${page.path}`;
  const { urls, inline, islands } = entriesOf(await text(pageUrl, page.cookie), pageUrl);
  const all = await closure(urls);
  const total = await weigh(all);
  for (const body of inline) {
    total.gzip += gzipSync(body, { level: 9 }).length;
    total.raw += Buffer.byteLength(body);
  }
  const budget = PAGE_BUDGET_KB[page.name];
  const pageOver = budget !== undefined && total.gzip / 1024 > budget;
  over ||= pageOver;
  rows.push({ ...page, files: all.size, inline: inline.length, ...total, budget, over: pageOver });
  for (const island of islands) {
    const runtime = island['renderer-url'] ? await closure([island['renderer-url']]) : new Set();
    const own = [...(await closure([island['component-url']]))].filter((url) => !runtime.has(url));
    const weight = await weigh(own);
    const name = islandName(island['component-url']);
    const limit = ISLAND_BUDGET_KB[name] ?? DEFAULT_ISLAND_BUDGET_KB;
    const islandOver = weight.gzip / 1024 > limit;
    over ||= islandOver;
    islandRows.push({ page: page.name, name, when: island.when, gzip: weight.gzip, limit, over: islandOver });
  }
}

console.log(`JavaScript per page at ${base} (gzip -9)\n`);
console.log(
  `${'Page'.padEnd(16)}${'Files'.padStart(6)}${'Inline'.padStart(8)}${'Raw'.padStart(11)}${'Gzipped'.padStart(11)}${'Budget'.padStart(10)}`,
);
for (const r of rows)
  console.log(
    `${r.name.padEnd(16)}${String(r.files).padStart(6)}${String(r.inline).padStart(8)}${kb(r.raw).padStart(11)}` +
      `${kb(r.gzip).padStart(11)}${(r.budget === undefined ? '-' : `${r.budget} KB`).padStart(10)}${r.over ? '  over' : ''}`,
  );
console.log(`\nIslands (own modules beyond the shared React runtime, gzip -9)\n`);
console.log(
  `${'Page'.padEnd(16)}${'Island'.padEnd(20)}${'When'.padEnd(9)}${'Gzipped'.padStart(10)}${'Budget'.padStart(9)}`,
);
for (const r of islandRows)
  console.log(
    `${r.page.padEnd(16)}${r.name.padEnd(20)}${String(r.when).padEnd(9)}${kb(r.gzip).padStart(10)}${`${r.limit} KB`.padStart(9)}${r.over ? '  over' : ''}`,
  );
if (over) {
  console.log('\nOver budget: see the rows marked "over".');
  process.exitCode = 1;
}
