import { describe, expect, it } from 'vitest';
import {
  dateFilterRange,
  formatAxisDay,
  formatClock,
  formatDateTime,
  formatEventDate,
  formatNumericDate,
  formatTime,
  formatTimeLeft,
  isoToLocalInput,
  localInputToIso,
  toArIso,
} from './dates';

describe('event dates in Buenos Aires', () => {
  it('formats like "sáb 14 dic · 21:00"', () => {
    expect(formatEventDate('2024-12-14T21:00:00-03:00')).toBe('sáb 14 dic · 21:00');
    expect(formatEventDate('2024-12-15T00:30:00Z')).toBe('sáb 14 dic · 21:30');
  });

  it('reads datetime-local values as Buenos Aires time', () => {
    expect(localInputToIso('2026-12-14T21:00')).toBe('2026-12-14T21:00:00-03:00');
    expect(localInputToIso('mañana')).toBeNull();
    expect(isoToLocalInput('2026-12-15T00:00:00Z')).toBe('2026-12-14T21:00');
  });

  it('stores UTC instants with the -03:00 offset', () => {
    expect(toArIso('2026-01-01T02:00:00Z')).toBe('2025-12-31T23:00:00-03:00');
  });
});

describe('date filters', () => {
  // Wednesday 10 December 2025, 15:00 in Buenos Aires.
  const now = new Date('2025-12-10T18:00:00Z');

  it.each([
    ['hoy', '2025-12-10T15:00:00-03:00', '2025-12-11T00:00:00-03:00'],
    ['fin-de-semana', '2025-12-12T18:00:00-03:00', '2025-12-15T00:00:00-03:00'],
    ['este-mes', '2025-12-10T15:00:00-03:00', '2026-01-01T00:00:00-03:00'],
  ] as const)('%s covers [%s, %s)', (filter, from, to) => {
    expect(dateFilterRange(filter, now)).toEqual({ from, to });
  });

  it('starts the weekend now when it is already Saturday', () => {
    const saturday = new Date('2025-12-13T15:00:00Z');
    expect(dateFilterRange('fin-de-semana', saturday)).toEqual({
      from: '2025-12-13T12:00:00-03:00',
      to: '2025-12-15T00:00:00-03:00',
    });
  });
});

describe('es-AR numeric formats (exports, receipts, chart axes)', () => {
  it.each([
    ['2026-11-23T23:10:00Z', '23/11/2026 20:10'],
    ['2026-01-01T02:30:00Z', '31/12/2025 23:30'],
    ['2026-03-05T12:00:00-03:00', '05/03/2026 12:00'],
  ])('%s reads %s: dd/mm/aaaa and 24-hour Buenos Aires time, never "p. m."', (iso, text) => {
    expect(formatDateTime(iso)).toBe(text);
    expect(formatDateTime(iso)).not.toMatch(/[ap]\.?\s?m\.?/i);
  });

  it('a numeric date, a clock and a 24-hour time', () => {
    expect(formatNumericDate('2026-11-23T23:10:00Z')).toBe('23/11/2026');
    expect(formatClock(new Date('2026-11-23T23:10:05Z'))).toBe('20:10:05');
    expect(formatTime('2026-11-24T00:00:00-03:00')).toBe('00:00');
    expect(formatTime('2026-11-24T21:00:00-03:00')).toBe('21:00');
  });

  it('chart days carry the Spanish day name and dd/mm (with the year when asked)', () => {
    expect(formatAxisDay('2026-11-23T12:00:00-03:00')).toBe('lun 23/11');
    expect(formatAxisDay('2026-11-29T00:00:00-03:00')).toBe('dom 29/11');
    expect(formatAxisDay('2027-01-01T00:00:00-03:00', true)).toBe('vie 01/01/2027');
  });

  it.each([
    [299, '04:59'],
    [59, '00:59'],
    [0, '00:00'],
    [3599, '59:59'],
    [3600, '1 h 0 min'],
    [7195, '1 h 59 min'],
    [86_400, '24 h 0 min'],
  ])('a hold with %i s left reads %s', (seconds, text) => {
    expect(formatTimeLeft(seconds)).toBe(text);
  });
});
