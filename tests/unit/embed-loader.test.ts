import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** The embeddable checkout's loader (public/embed.js) stays small: at most 15 KB gzipped (issue 34). */
const CEILING = 15 * 1024;

describe('the embed loader', () => {
  it('is at most 15 KB gzipped', () => {
    const source = readFileSync('public/embed.js');
    const gzipped = gzipSync(source, { level: 9 }).length;
    console.info(
      `embed.js: ${source.length} B, ${gzipped} B gzipped; ceiling ${CEILING} B; ratio=${(gzipped / CEILING).toFixed(3)}`,
    );
    expect(gzipped).toBeLessThanOrEqual(CEILING);
  });

  it('takes messages only from its own frame, from the origin it was loaded from', () => {
    const source = readFileSync('public/embed.js', 'utf8');
    expect(source).toContain('event.origin !== origin || event.source !== frame.contentWindow');
  });
});
