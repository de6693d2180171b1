import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalBytes, hmacSha256 } from '../../functions/lib/hmac-sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('hmacSha256', () => {
  it('matches the RFC 4231 test case 2', () => {
    const mac = hmacSha256(new TextEncoder().encode('Jefe'));
    expect(hex(mac(new TextEncoder().encode('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('matches node:crypto for any key and message (block edges included)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.integer({ min: 50, max: 140 }).map((n) => new Uint8Array(n)),
        ),
        (key, message) => {
          const expected = createHmac('sha256', key).update(message).digest('hex');
          expect(hex(hmacSha256(key)(message))).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes keys longer than a block by their hash, as HMAC says', () => {
    const key = new Uint8Array(131).fill(0xaa);
    const hashed = new Uint8Array(createHash('sha256').update(key).digest());
    const message = new TextEncoder().encode('Test Using Larger Than Block-Size Key - Hash Key First');
    expect(hex(hmacSha256(key)(message))).toBe(hex(hmacSha256(hashed)(message)));
    expect(hex(hmacSha256(key)(message))).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });
});

describe('equalBytes', () => {
  it('is true only for the same bytes', () => {
    expect(equalBytes(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2, 3))).toBe(true);
    expect(equalBytes(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2, 4))).toBe(false);
    expect(equalBytes(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2))).toBe(false);
  });
});
