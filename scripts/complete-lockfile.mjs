#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages that the registry this
// project installs from does not serve (for example Biome's or workerd's macOS and Windows builds).
// npm leaves them out of the lockfile, and then `npm ci` refuses the lockfile as "out of sync".
// Each missing package gets an entry with its version and its os/cpu (read from its name): npm skips
// it on any other platform, so nothing is downloaded. Run after `npm install` changes the lockfile.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const file = resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  ['darwin', 'darwin'],
  ['win32', 'win32'],
  ['windows', 'win32'],
  ['android', 'android'],
  ['freebsd', 'freebsd'],
  ['linux', 'linux'],
];
const CPU = [
  ['arm64', 'arm64'],
  ['aarch64', 'arm64'],
  ['x64', 'x64'],
  ['-64', 'x64'],
  ['gnueabihf', 'arm'],
  ['wasm32', 'wasm32'],
];

function platformOf(name) {
  const base = name.split('/').pop();
  const os = OS.find(([key]) => base.includes(key))?.[1];
  const cpu = CPU.find(([key]) => base.includes(key))?.[1];
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (base.includes('musl')) entry.libc = ['musl'];
  return os || cpu ? entry : null;
}

/** Where Node would find `dep` from the package at `path`, walking up the node_modules folders. */
function resolvedFrom(path, dep) {
  let dir = path;
  while (true) {
    const candidate = dir ? `${dir}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const found = resolvedFrom(path, dep);
    if (found && packages[found].version === version) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    // Nearest to the dependent when another version already sits higher up the tree.
    const target = found ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    packages[target] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}

writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform package entries added`);
