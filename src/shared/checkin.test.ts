import { describe, expect, it } from 'vitest';
import { doorOrder, scanTone, shortTicketCode, typedTicketCode } from './checkin';

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
  });
});

describe('short ticket codes', () => {
  const id = '3f9a0c12-7b4e-4d2a-9c1e-5a6b7c8d9e0f';

  it('prints the first 8 hex digits of the id, in two groups', () => {
    expect(shortTicketCode(id)).toBe('3F9A-0C12');
  });

  it.each([
    ['3F9A-0C12', { short: '3f9a0c12' }],
    [' 3f9a0c12 ', { short: '3f9a0c12' }],
    ['3f9a 0c12', { short: '3f9a0c12' }],
    [id, { id }],
    [id.toUpperCase(), { id }],
    [id.replaceAll('-', ''), { id }],
    ['BOL1.3f9a0c12-7b4e-4d2a-9c1e-5a6b7c8d9e0f.12.c2ln', null],
    ['3F9A-0C1', null],
    ['3F9A-0C12Z', null],
    ['', null],
  ])('reads %j as %j', (text, read) => {
    expect(typedTicketCode(text)).toEqual(read);
  });

  it('reads back what it prints', () => {
    expect(typedTicketCode(shortTicketCode(id))).toEqual({ short: id.slice(0, 8) });
  });
});
