import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Numbers, dates and money are formatted by src/shared/money.ts and dates.ts, never by the runtime's locale data:
 * workerd, Node and each browser disagree (workerd's es-AR short time reads "8:10 p. m."; some ship no es-AR at all).
 * Case changes (toLocaleUpperCase) are not formatting and stay allowed.
 */
const FORMATTING = /\.toLocale(String|DateString|TimeString)\(|new Intl\.(NumberFormat|DateTimeFormat)\(/;

describe('formatting without the runtime locale', () => {
  it('finds no toLocaleString / Intl formatter outside tests', () => {
    const files = globSync('{src,functions}/**/*.{ts,tsx,astro}').filter((f) => !/\.test\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (FORMATTING.test(line) && !line.trim().startsWith('//') ? [`${file}:${i + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
