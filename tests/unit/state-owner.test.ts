import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

describe('order and ticket state has one owner', () => {
  it('no code outside domain/checkout/order-state.ts writes an order or ticket status itself', () => {
    const owner = join('functions', 'domain', 'checkout', 'order-state.ts');
    const raw = /update\s+(orders|tickets)\s+set\s+(?:[^;`'"]*?,\s*)?status\s*=/i;
    const offenders = sources(join(root, 'functions'))
      .map((path) => relative(root, path))
      // Development tools seed data for benchmarks; they never run in production.
      .filter((path) => path !== owner && !path.startsWith(join('functions', 'dev')))
      .filter((path) => raw.test(readFileSync(join(root, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
