import { describe, expect, it } from 'vitest';
import { cronMatches } from '../../scripts/lib/cron.mjs';

/** The start script's reading of the Worker's cron expressions (UTC, as Cloudflare reads them). */
describe('cronMatches', () => {
  const at = (iso: string) => new Date(iso);

  it('fires an every-minute trigger at every minute', () => {
    for (const iso of ['2026-01-01T00:00:00Z', '2026-07-31T23:59:00Z', '2026-03-15T12:34:00Z'])
      expect(cronMatches('* * * * *', at(iso))).toBe(true);
  });

  it('reads numbers, ranges, steps and lists on each field', () => {
    expect(cronMatches('*/15 * * * *', at('2026-01-01T10:45:00Z'))).toBe(true);
    expect(cronMatches('*/15 * * * *', at('2026-01-01T10:44:00Z'))).toBe(false);
    expect(cronMatches('0 3 * * *', at('2026-01-01T03:00:00Z'))).toBe(true);
    expect(cronMatches('0 3 * * *', at('2026-01-01T04:00:00Z'))).toBe(false);
    expect(cronMatches('0,30 9-17 * * 1-5', at('2026-01-05T17:30:00Z'))).toBe(true); // a Monday
    expect(cronMatches('0,30 9-17 * * 1-5', at('2026-01-04T17:30:00Z'))).toBe(false); // a Sunday
    expect(cronMatches('5/20 * 1 1 *', at('2026-01-01T00:45:00Z'))).toBe(true);
    expect(cronMatches('5/20 * 1 1 *', at('2026-02-01T00:45:00Z'))).toBe(false);
  });

  it('never fires what it does not understand', () => {
    expect(cronMatches('0 0 * JAN-JUN FRI', at('2026-01-02T00:00:00Z'))).toBe(false);
    expect(cronMatches('0 0 L * *', at('2026-01-31T00:00:00Z'))).toBe(false);
    expect(cronMatches('* * * *', at('2026-01-31T00:00:00Z'))).toBe(false);
  });
});
