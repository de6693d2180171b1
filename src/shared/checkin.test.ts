import { describe, expect, it } from 'vitest';
import { doorOrder, scanTone, shortCodePrefix, shortTicketCode, typedTicketCode } from './checkin';

describe('doorOrder', () => {
  const now = new Date('2026-11-20T15:00:00Z'); // 12:00 in Buenos Aires
  const ev = (id: number, starts: string, last = starts) => ({ id, starts_at: starts, last_starts_at: last });

  it("puts today's events first (Argentine day), then upcoming soonest first, then past latest first", () => {
    const ordered = doorOrder(
      [
        ev(1, '2026-11-10T23:00:00Z'),
        ev(2, '2026-11-25T23:00:00Z'),
        ev(3, '2026-11-21T02:00:00Z'), // 23:00 on the 20th in Buenos Aires: today
        ev(4, '2026-11-22T23:00:00Z'),
        ev(5, '2026-11-15T23:00:00Z'),
        ev(6, '2026-11-18T20:00:00Z', '2026-11-21T20:00:00Z'), // a festival running through today
      ],
      now,
    );
    expect(ordered.map((e) => e.id)).toEqual([6, 3, 4, 2, 5, 1]);
    expect(ordered.filter((e) => e.today).map((e) => e.id)).toEqual([6, 3]);
  });

  it('tones: green for entries and exits, amber for used, red for the rest', () => {
    expect(scanTone('admitted')).toBe('ok');
    expect(scanTone('used')).toBe('warn');
    expect(scanTone('forged')).toBe('bad');
    expect(scanTone('revoked')).toBe('bad');
    expect(scanTone('in_process')).toBe('warn');
  });
});

/** Ticket ids as checkout/ticket-signing.ts makes them (16 base64url characters), from a seeded generator. */
function randomIds(count: number, seed: number): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return alphabet[Math.floor(seed / 2 ** 25) % 64];
  };
  return Array.from({ length: count }, () => Array.from({ length: 16 }, next).join(''));
}

describe('short ticket codes', () => {
  const id = '6omFfM2HOdYVWAg3';

  it('prints the first 40 bits of the id in base 32, in two groups, without look-alike letters', () => {
    const code = shortTicketCode(id);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(shortTicketCode(id)).toBe(code);
    // 6 bits per id character: the code depends on the first seven characters only.
    expect(shortTicketCode('6omFfM2xxxxxxxxx')).toBe(code);
    expect(shortTicketCode('6omFfMAHOdYVWAg3')).not.toBe(code);
    expect(shortTicketCode('6OmFfM2HOdYVWAg3')).not.toBe(code);
  });

  it('spreads random ids: no two of 5,000 share a code', () => {
    const codes = new Set(randomIds(5_000, 7).map(shortTicketCode));
    expect(codes.size).toBe(5_000);
  });

  it.each([
    ['K7M2-9QXD', { short: 'K7M2-9QXD' }],
    [' k7m29qxd ', { short: 'K7M2-9QXD' }],
    ['k7m2 9qxd', { short: 'K7M2-9QXD' }],
    ['O1L2-I0QX', { short: '0112-10QX' }],
    [id, { id }],
    ['BOL1.6omFfM2HOdYVWAg3.12.c2ln', null],
    ['K7M2-9QX', null],
    ['K7M2-9QXU', null],
    ['', null],
  ])('reads %j as %j', (text, read) => {
    expect(typedTicketCode(text)).toEqual(read);
  });

  it('reads back what it prints', () => {
    expect(typedTicketCode(shortTicketCode(id))).toEqual({ short: shortTicketCode(id) });
    expect(typedTicketCode(shortTicketCode(id).toLowerCase())).toEqual({ short: shortTicketCode(id) });
  });
});

describe('shortCodePrefix', () => {
  it('gives back the first six characters of every id that prints the code, and the seventh among four', () => {
    for (const id of randomIds(500, 11)) {
      const { prefix, seventh } = shortCodePrefix(shortTicketCode(id));
      expect(prefix).toBe(id.slice(0, 6));
      expect(seventh).toContain(id[6]);
      expect(seventh).toHaveLength(4);
    }
  });
});
