#!/usr/bin/env node
// The nightly off-site copy of D1 (issue 35), taken from a Time Travel restore into a scratch database, never
// from the live one: a running `wrangler d1 export` blocks every other request to the database it reads, so an
// export of the live database would stall a late-night on-sale for its whole length.
//   node scripts/backup-nightly.mjs [--db boleteria] [--at <RFC 3339 time>] [--out DIR] [--keep-scratch] [--dry-run]
// Steps (each a wrangler command against the remote account; docs/operations.md, "Backups"):
//   1. `wrangler d1 time-travel info <live> --timestamp <at> --json`: the live database's bookmark at that moment
//      (a read of its history: nothing is locked).
//   2. `wrangler d1 create <live>-scratch-<stamp>`: a scratch database made for this copy only.
//   3. `wrangler d1 time-travel restore <scratch> --bookmark <bookmark> --json`: the scratch database brought to
//      the live one's state at that bookmark.
//      Then the scratch and live databases' d1_migrations are counted (`d1 execute --remote --json`, one row read
//      each): a scratch copy without the live schema is refused before any export.
//   4. `wrangler d1 export <scratch> --remote --output <out>/<live>-<stamp>.sql -y`: the export reads the scratch.
//   5. `wrangler d1 delete <scratch> -y` (unless --keep-scratch).
// The script refuses to run step 3 or 4 against the live database's name, so it can never roll production back
// or block it. --dry-run prints the commands without running them. Store the file off-site (an R2 bucket with
// retention, or elsewhere) after it ends; it prints the file's path and size.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const wrangler = resolve(root, 'node_modules/.bin/wrangler');
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'boleteria' },
    at: { type: 'string', default: new Date().toISOString() },
    out: { type: 'string', default: 'backups' },
    config: { type: 'string', default: 'dist/server/wrangler.json' },
    'keep-scratch': { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
});

const live = values.db;
const stamp = values.at.replace(/[:.]/g, '-');
const scratch = `${live}-scratch-${stamp}`.toLowerCase().slice(0, 60);
const outDir = resolve(root, values.out);
const output = resolve(outDir, `${live}-${stamp}.sql`);
const env = { ...process.env, PATH: `${resolve(root, 'node_modules/.bin')}:${process.env.PATH}` };

function wr(args, { json = false } = {}) {
  const shown = `wrangler ${args.join(' ')}`;
  if (values['dry-run']) {
    console.log(`  ${shown}`);
    return json ? { bookmark: '<bookmark>' } : '';
  }
  console.log(`• ${shown}`);
  const result = spawnSync(wrangler, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${shown} failed (exit ${result.status}): ${result.stdout}`);
  return json ? JSON.parse(result.stdout) : result.stdout;
}

/** The guard: nothing but the scratch database is restored or exported. */
function scratchOnly(name) {
  if (name === live) throw new Error(`refused: ${name} is the live database`);
  return name;
}

const config = ['-c', values.config];
let created = false;
const t0 = performance.now();
try {
  if (values['dry-run']) console.log('Commands (dry run):');
  const info = wr(['d1', 'time-travel', 'info', live, '--timestamp', values.at, '--json', ...config], { json: true });
  const bookmark = info.bookmark;
  if (!bookmark) throw new Error(`no bookmark for ${live} at ${values.at}`);
  wr(['d1', 'create', scratch]);
  created = true;
  // --json also skips restore's confirmation prompt (wrangler 4.164 asks only without it).
  wr(['d1', 'time-travel', 'restore', scratchOnly(scratch), '--bookmark', bookmark, '--json'], { json: true });
  // Cloudflare documents Time Travel within one database; a restore of another database's bookmark that the
  // account accepted without bringing the live data would leave the scratch empty: no export of an empty copy.
  const applied = (name) =>
    wr(
      ['d1', 'execute', name, '--remote', '--json', '--command', 'select count(*) as n from d1_migrations', ...config],
      {
        json: true,
      },
    )?.[0]?.results?.[0]?.n;
  const expected = applied(live);
  const found = applied(scratchOnly(scratch));
  if (!values['dry-run'] && (!found || found !== expected))
    throw new Error(`the scratch database holds ${found ?? 0} migrations, the live one ${expected}: not exported`);
  if (!values['dry-run']) mkdirSync(outDir, { recursive: true });
  // -y: export asks to confirm (the database it reads serves no queries meanwhile: the scratch one, here).
  wr(['d1', 'export', scratchOnly(scratch), '--remote', '--output', output, '-y']);
  if (!values['dry-run']) {
    const size = statSync(output).size;
    console.log(`backup=${output}`);
    console.log(`backup_bytes=${size}`);
    console.log(`bookmark=${bookmark}`);
  }
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  if (created && !values['keep-scratch']) {
    try {
      wr(['d1', 'delete', scratchOnly(scratch), '-y']);
    } catch (err) {
      console.error(`✗ the scratch database ${scratch} was not deleted: ${err instanceof Error ? err.message : err}`);
      process.exitCode = 1;
    }
  }
  if (!values['dry-run']) console.log(`backup_seconds=${((performance.now() - t0) / 1000).toFixed(1)}`);
}
