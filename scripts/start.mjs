#!/usr/bin/env node
// Runs the product locally: build, local D1 migrations, demo data, and `wrangler dev` on the build.
//   node scripts/start.mjs [--no-build] [--state DIR] [--fresh] [--port N] [--var KEY:VALUE ...]
// PORT overrides the default port 8787; BUILD_DIR the build folder (dist). Data persists in .wrangler/state unless --state says otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    state: { type: 'string', default: '.wrangler/state' },
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    var: { type: 'string', multiple: true, default: [] },
  },
});
const port = values.port;
const origin = `http://localhost:${port}`;
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
  if (existsSync(file)) return file;
  const names = readFileSync(resolve(root, '.dev.vars.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.split('=')[0]);
  writeFileSync(file, `${names.map((name) => `${name}=${randomBytes(32).toString('hex')}`).join('\n')}\n`);
  console.log('• Created .dev.vars with random local secrets.');
  return file;
}

const devVars = ensureDevVars();
if (values.fresh) rmSync(state, { recursive: true, force: true });
if (!values['no-build']) run(resolve(bin, 'astro'), ['build']);
if (!existsSync(config)) {
  console.error('✗ dist/server/wrangler.json is missing: run without --no-build first.');
  process.exit(1);
}
run(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '-c', config, '--persist-to', state]);

const vars = ['DEV_MODE:1', `PUBLIC_ORIGIN:${origin}`, `MP_API_BASE:${origin}/dev/mercadopago`, ...values.var].flatMap(
  (v) => ['--var', v],
);
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
    ...vars,
  ],
  { cwd: root, stdio: 'inherit', env: childEnv },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// Seed demo data once the server answers (a no-op when the database already has data).
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
