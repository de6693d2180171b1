import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file under a folder whose name ends with one of the extensions. */
function filesUnder(dir: string, exts: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, exts);
    return exts.some((ext) => name.endsWith(ext)) && !name.includes('.test.') ? [path] : [];
  });
}

describe('the app asks with its own dialogs', () => {
  it('calls neither confirm(), alert() nor prompt() of the browser anywhere in src', () => {
    const offenders = filesUnder('src', ['.ts', '.tsx', '.astro']).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /(^|[^\w.`'])(window\.)?(confirm|alert|prompt)\(/.test(line.replace(/\/\/.*$|\*.*$/, '')))
        .map(({ at }) => at),
    );
    expect(offenders).toEqual([]);
  });
});
