import { describe, expect, it } from 'vitest';
import { safeNextOrIndex, safeNextPath } from './safe-next';

/** input -> the normalised path, or null when it must be refused. */
const TABLE: [unknown, string | null][] = [
  ['/perfil', '/perfil'],
  ['/admin/events', '/admin/events'],
  ['/checkout?event=3&items=13:2', '/checkout?event=3&items=13:2'],
  ['/eventos/12#entradas', '/eventos/12#entradas'],
  ['/a/../perfil', '/perfil'],
  ['/./perfil', '/perfil'],
  ['/%2e/perfil', '/perfil'],
  ['/%2f/evil.invalid', '/%2f/evil.invalid'],
  ['/%5cevil.invalid', '/%5cevil.invalid'],
  ['/', '/'],
  // What the review found: each normalises to the protocol-relative //evil.invalid.
  ['/.//evil.invalid/phish', null],
  ['/%2e//evil.invalid/phish', null],
  ['/%2E//evil.invalid/phish', null],
  ['/a/..//evil.invalid/phish', null],
  ['/a/%2e%2e//evil.invalid/phish', null],
  ['/..//evil.invalid', null],
  ['/././/evil.invalid', null],
  // Other ways off the site.
  ['//evil.invalid', null],
  ['///evil.invalid', null],
  ['/\\evil.invalid', null],
  ['\\/evil.invalid', null],
  ['/\\/evil.invalid', null],
  ['https://evil.invalid/', null],
  ['http:evil.invalid', null],
  ['javascript:alert(1)', null],
  ['data:text/html,<script>alert(1)</script>', null],
  ['evil.invalid', null],
  ['perfil', null],
  ['?login=1', null],
  ['#x', null],
  ['', null],
  // Control characters, which browsers strip before parsing.
  ['/\t/evil.invalid', null],
  ['/\n/evil.invalid', null],
  ['/\r/evil.invalid', null],
  ['/perfil\u0000', null],
  ['/perfil\u007f', null],
  ['/perfil\u0085', null],
  // Not strings at all.
  [null, null],
  [undefined, null],
  [42, null],
  [{ path: '/perfil' }, null],
  [`/${'a'.repeat(3000)}`, null],
];

describe('safeNextPath', () => {
  it.each(TABLE)('%j -> %j', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it('never answers a value a browser would resolve off the site', () => {
    for (const [input] of TABLE) {
      const path = safeNextPath(input);
      if (path === null) continue;
      expect(new URL(path, 'https://boleteria.example').origin).toBe('https://boleteria.example');
      expect(path.startsWith('//')).toBe(false);
    }
  });

  it('falls back to the index', () => {
    expect(safeNextOrIndex('/.//evil.invalid')).toBe('/');
    expect(safeNextOrIndex('/perfil')).toBe('/perfil');
  });
});
