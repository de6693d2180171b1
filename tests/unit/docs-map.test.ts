import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is the one-page map of the code: every path it names must exist. A path in a table cell is
 * read from the folder its column's header names (`functions/api/routes/` above `auth.ts`); elsewhere a path is
 * read from the repository's root. Links to other pages must reach a file too.
 */
const MAP = 'docs/architecture.md';
const ROOTS = /^(functions|src|tests|e2e|docs|scripts|migrations|public)\//;
const PATHLIKE = /^[\w.@[\]-]+(\/[\w.@[\]-]*)*$/;
const looksLikePath = (token: string) =>
  PATHLIKE.test(token) && (token.includes('/') || /\.(ts|tsx|astro|mjs|md|sql)$/.test(token));
const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

function namedPaths(markdown: string): string[] {
  const paths: string[] = [];
  let bases: (string | undefined)[] | null = null;
  for (const line of markdown.split('\n')) {
    const cells = line.trim().startsWith('|') ? line.trim().slice(1, -1).split('|') : null;
    if (!cells) {
      bases = null;
      for (const token of ticked(line)) if (ROOTS.test(token) && looksLikePath(token)) paths.push(token);
      continue;
    }
    if (cells.every((c) => /^\s*:?-+:?\s*$/.test(c))) continue;
    if (!bases) {
      // A table's header: a column whose header names a folder reads its cells from there.
      bases = cells.map((c) => ticked(c).find((t) => ROOTS.test(t) && t.endsWith('/')));
      continue;
    }
    cells.forEach((cell, i) => {
      for (const token of ticked(cell)) {
        if (!looksLikePath(token)) continue;
        if (ROOTS.test(token)) paths.push(token);
        else if (bases?.[i]) paths.push(join(bases[i] as string, token));
      }
    });
  }
  return paths;
}

describe('the architecture map', () => {
  const markdown = readFileSync(MAP, 'utf8');

  it('names only paths that exist', () => {
    const paths = namedPaths(markdown);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !existsSync(p))).toEqual([]);
  });

  it('links only to pages that exist', () => {
    const links = [...markdown.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((l) => !/^https?:/.test(l));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((l) => !existsSync(normalize(join(dirname(MAP), l))))).toEqual([]);
  });

  it('stays one page', () => {
    expect(markdown.split('\n').length).toBeLessThanOrEqual(150);
  });
});
