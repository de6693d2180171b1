import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timingSafeEqualStrings } from '../../functions/api/lib/crypto';

describe('timingSafeEqualStrings (the API key check)', () => {
  it('is string equality, for any pair (lengths, prefixes and non-ASCII included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(timingSafeEqualStrings(a, b)).toBe(a === b);
        expect(timingSafeEqualStrings(a, a)).toBe(true);
        expect(timingSafeEqualStrings(a, `${a}x`)).toBe(false);
        expect(timingSafeEqualStrings(`${a}x`, a)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('tells apart keys that differ in one place only', () => {
    const key = 'k'.repeat(64);
    expect(timingSafeEqualStrings(key, key)).toBe(true);
    expect(timingSafeEqualStrings(key, `${'k'.repeat(63)}j`)).toBe(false);
    expect(timingSafeEqualStrings(key, `j${'k'.repeat(63)}`)).toBe(false);
    expect(timingSafeEqualStrings('', key)).toBe(false);
    expect(timingSafeEqualStrings('', '')).toBe(true);
  });
});
