import { describe, expect, it } from 'vitest';
import { doorOrder, scanTone } from './checkin';

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
