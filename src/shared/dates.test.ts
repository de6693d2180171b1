import { describe, expect, it } from 'vitest';
import { dateFilterRange, formatEventDate, isoToLocalInput, localInputToIso, toArIso } from './dates';

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
