#!/usr/bin/env node
// Reports the JavaScript each public page loads, gzipped, from a running server (nothing is built here).
//   BASE_URL=http://localhost:8787 npm run report:js            (EVENT_ID=12 to pick the event page)
// Counted per page: <script src>, <link rel="modulepreload">, inline module scripts, the component and
// renderer modules of every <astro-island>, and every module those import statically (followed
// recursively). Dynamic import() inside a module is not followed: it loads only on demand.
import { gzipSync } from 'node:zlib';

const base = (process.env.BASE_URL ?? 'http://localhost:8787').replace(/\/$/, '');

async function text(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replaceAll('&amp;', '&');

/** The JS entry points of a page and the bytes of its inline module scripts. */
function entriesOf(html, pageUrl) {
  const urls = new Set();
  const inline = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m;
    const src = attr(attrs, 'src');
    const type = attr(attrs, 'type');
    if (src) urls.add(new URL(src, pageUrl).href);
    else if (!type || type === 'module' || type === 'text/javascript') inline.push(body);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi))
    if (/rel="modulepreload"/.test(m[0])) urls.add(new URL(attr(m[0], 'href'), pageUrl).href);
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi))
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = attr(m[0], name);
      if (value) urls.add(new URL(value, pageUrl).href);
    }
  return { urls, inline };
}

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;

const cache = new Map();
async function moduleSize(url) {
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

async function pageWeight(path) {
  const pageUrl = `${base}${path}`;
  const { urls, inline } = entriesOf(await text(pageUrl), pageUrl);
  const seen = new Set();
  const queue = [...urls];
  let gzip = 0;
  let raw = 0;
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url) || new URL(url).origin !== new URL(base).origin) continue;
    seen.add(url);
    const info = await moduleSize(url);
    gzip += info.gzip;
    raw += info.raw;
    queue.push(...info.imports);
  }
  for (const body of inline) {
    gzip += gzipSync(body, { level: 9 }).length;
    raw += Buffer.byteLength(body);
  }
  return { path, files: seen.size, inline: inline.length, raw, gzip };
}

async function eventPath() {
  if (process.env.EVENT_ID) return `/eventos/${process.env.EVENT_ID}`;
  const id = (await text(`${base}/eventos`)).match(/href="\/eventos\/(\d+)"/)?.[1];
  if (!id) throw new Error('No event on /eventos: seed the demo data or set EVENT_ID');
  return `/eventos/${id}`;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const paths = ['/', '/eventos', await eventPath(), '/productoras', '/legal'];
const rows = [];
for (const path of paths) rows.push(await pageWeight(path));

console.log(`JavaScript per page at ${base} (gzip -9)\n`);
console.log(
  `${'Page'.padEnd(18)}${'Files'.padStart(6)}${'Inline'.padStart(8)}${'Raw'.padStart(11)}${'Gzipped'.padStart(11)}`,
);
for (const r of rows)
  console.log(
    `${r.path.padEnd(18)}${String(r.files).padStart(6)}${String(r.inline).padStart(8)}${kb(r.raw).padStart(11)}${kb(r.gzip).padStart(11)}`,
  );
