import { describe, expect, it } from 'vitest';
import { arDateTime, neutralise, toCsv } from '../../functions/api/services/sales/exports';
import { tickLabel, ticksOf } from '../../src/features/sales/lib/chart-axis';
import { salesPeriodRange } from '../../src/shared/sales';

describe('CSV exports', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+cmd|/c calc', "'+cmd|/c calc"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTab', "'\tTab"],
    ['\rRetorno', "'\rRetorno"],
    ['Ana = Beto', 'Ana = Beto'],
  ])('neutralises %j', (input, expected) => {
    expect(neutralise(input)).toBe(expected);
  });

  it('writes buyer names as text, numbers as numbers (negatives too) and 24-hour es-AR dates', () => {
    const csv = toCsv({
      name: 'x',
      columns: ['Comprador', 'Monto', 'Fecha'],
      rows: [['=HYPERLINK("http://malo")', -1150.5, new Date('2026-11-23T23:05:00Z')]],
    });
    const [, row] = csv.replace('\ufeff', '').split('\r\n');
    expect(row).toBe(`"'=HYPERLINK(""http://malo"")";-1150,5;23/11/2026 20:05`);
    expect(arDateTime(new Date('2026-01-01T02:30:00Z'))).toBe('31/12/2025 23:30');
  });
});

describe('chart ranges', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  it.each([
    ['7d', 7],
    ['30d', 30],
    ['90d', 90],
  ] as const)('%s spans exactly %i Buenos Aires days ending today, with Spanish labels', (period, days) => {
    const range = salesPeriodRange(period, undefined, undefined, now)!;
    expect((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000).toBe(days);
    expect(range.to).toBe('2026-11-24T03:00:00.000Z');
    const ticks = ticksOf(range);
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.length).toBeLessThanOrEqual(8);
    const labels = ticks.map((t) => tickLabel(t, range.bucket));
    for (const label of labels) expect(label).toMatch(/^(lun|mar|mié|jue|vie|sáb|dom) \d{2}\/\d{2}$/);
    expect(ticks[0] * 1000).toBe(Date.parse(range.from));
  });

  it('a custom range and today: its own days; today by the hour in 24-hour time', () => {
    const custom = salesPeriodRange('custom', '2026-01-30', '2026-02-02', now)!;
    expect(ticksOf(custom).map((t) => tickLabel(t, 'day'))).toEqual([
      'vie 30/01',
      'sáb 31/01',
      'dom 01/02',
      'lun 02/02',
    ]);
    const today = salesPeriodRange('hoy', undefined, undefined, now)!;
    const labels = ticksOf(today).map((t) => tickLabel(t, 'hour'));
    expect(labels[0]).toBe('00:00');
    expect(labels).toContain('21:00');
  });
});
