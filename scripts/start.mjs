#!/usr/bin/env node
// Runs the product locally: build, local D1 migrations, demo data, `wrangler dev` on the build, and the
// Worker's cron triggers (wrangler dev never fires them; this script does, every minute they name).
//   node scripts/start.mjs [--no-build] [--state DIR] [--fresh] [--port N] [--no-cron] [--var KEY:VALUE ...]
// --no-cron: no scheduled job (a benchmark that must not share the instance with it).
// PORT overrides the default port 8787; INSPECTOR_PORT the devtools port (a free one); BUILD_DIR the build folder (dist). Data persists in .wrangler/state unless --state says otherwise.
// API_ORIGIN=<provider origin>: run only the edge (pages, cookies, proxy) in front of that provider API: no
//   local database, no demo data, no development tools. The provider must share API_KEY and JWT_SECRET.
// PUBLIC_ORIGIN=<site origin>: the origin the provider writes into e-mail links and MercadoPago back_urls
//   (an edge in front of this instance); this instance's own origin by default.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runCrons } from './lib/cron.mjs';
import { freePort } from './lib/free-port.mjs';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-cron': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    state: { type: 'string', default: '.wrangler/state' },
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    var: { type: 'string', multiple: true, default: [] },
  },
});
const port = values.port;
const origin = `http://localhost:${port}`;
const vars = Object.fromEntries(values.var.map((v) => [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)]));
const apiOrigin = process.env.API_ORIGIN ?? vars.API_ORIGIN ?? '';
const publicOrigin = process.env.PUBLIC_ORIGIN ?? vars.PUBLIC_ORIGIN ?? origin;
const edgeOnly = apiOrigin !== '';
const state = resolve(root, values.state);
const config = resolve(root, process.env.BUILD_DIR ?? 'dist', 'server/wrangler.json');
const bin = resolve(root, 'node_modules/.bin');
const wrangler = resolve(bin, 'wrangler');
// Tools run on the Node 24 that package.json pins (node_modules/.bin/node), whatever Node started us.
const childEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, WRANGLER_SEND_METRICS: 'false' };

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: childEnv });
  if (result.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

/** Local secrets: .dev.vars, created once from .dev.vars.example with random values. */
function ensureDevVars() {
  const file = resolve(root, '.dev.vars');
  const names = readFileSync(resolve(root, '.dev.vars.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.split('=')[0]);
  const random = (list) => list.map((name) => `${name}=${randomBytes(32).toString('hex')}\n`).join('');
  if (!existsSync(file)) {
    writeFileSync(file, random(names));
    console.log('• Created .dev.vars with random local secrets.');
    return file;
  }
  // Secrets added to the example since .dev.vars was written get random values too.
  const current = readFileSync(file, 'utf8');
  const missing = names.filter((name) => !new RegExp(`^${name}=`, 'm').test(current));
  if (missing.length) {
    writeFileSync(file, `${current.endsWith('\n') || current === '' ? current : `${current}\n`}${random(missing)}`);
    console.log(`• Added ${missing.join(', ')} to .dev.vars.`);
  }
  return file;
}

const devVars = ensureDevVars();
if (values.fresh) rmSync(state, { recursive: true, force: true });
if (!values['no-build']) run(resolve(bin, 'astro'), ['build']);
if (!existsSync(config)) {
  console.error('✗ dist/server/wrangler.json is missing: run without --no-build first.');
  process.exit(1);
}
if (!edgeOnly) run(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '-c', config, '--persist-to', state]);

const settings = edgeOnly
  ? { ...vars, API_ORIGIN: apiOrigin, PUBLIC_ORIGIN: publicOrigin }
  : {
      DEV_MODE: '1',
      MP_API_BASE: `${origin}/dev/mercadopago`,
      MP_AUTH_BASE: `${origin}/dev/mercadopago`,
      ...vars,
      PUBLIC_ORIGIN: publicOrigin,
    };
const varArgs = Object.entries(settings).flatMap(([key, value]) => ['--var', `${key}:${value}`]);
const server = spawn(
  wrangler,
  [
    'dev',
    '-c',
    config,
    '--persist-to',
    state,
    '--port',
    port,
    '--env-file',
    devVars,
    '--show-interactive-dev-session=false',
    // The devtools socket on a port of its own: wrangler's default (9229, else the next free one) is chosen
    // before it binds, so two servers starting together could both pick it and one would fail to start.
    '--inspector-port',
    process.env.INSPECTOR_PORT ?? String(await freePort()),
    ...varArgs,
  ],
  { cwd: root, stdio: 'inherit', env: childEnv },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

if (edgeOnly) {
  console.log(`\n  Boletería (edge de ${apiOrigin}): ${origin}\n`);
} else {
  await seed();
  // An edge in front of an external provider has no jobs of its own (functions/worker.ts): the provider runs them.
  const crons = JSON.parse(readFileSync(config, 'utf8')).triggers?.crons ?? [];
  if (!values['no-cron'] && crons.length > 0) {
    console.log(`• Scheduled jobs: ${crons.join(', ')} (fired at every minute they name).`);
    void runCrons(origin, crons);
  }
}

/** Seeds demo data once the server answers (a no-op when the database already has data). */
async function seed() {
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const res = await fetch(`${origin}/dev/seed`, { method: 'POST' }).catch(() => null);
    if (res?.ok) {
      const { seeded } = await res.json();
      console.log(seeded ? '• Demo data loaded.' : '• Existing data kept.');
      console.log(`\n  Boletería: ${origin}\n  Correo de desarrollo: ${origin}/dev/correo\n`);
      break;
    }
  }
}
