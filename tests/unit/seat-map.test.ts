import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMap, generateMap, rowLabel, seatNumbers } from '../../functions/domain/seating/seat-map';
import { placedSeats } from '../../src/shared/seats';

describe('the venue map generator', () => {
  it('numbers a row the Argentine theatre way: odd to the left, even to the right, from the centre', () => {
    expect(seatNumbers(6, 'odd_even')).toEqual([5, 3, 1, 2, 4, 6]);
    expect(seatNumbers(5, 'odd_even')).toEqual([5, 3, 1, 2, 4]);
    expect(seatNumbers(1, 'odd_even')).toEqual([1]);
    expect(seatNumbers(4, 'consecutive')).toEqual([1, 2, 3, 4]);
  });

  it('labels rows A…Z, AA… or 1, 2…', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map((i) => rowLabel(i, 'letters'))).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
    ]);
    expect(rowLabel(9, 'numbers')).toBe('10');
  });

  it('makes maps that pass their own checks (unique ids, no overlaps), whatever the sections', () => {
    const section = fc.record({
      name: fc.constantFrom('Platea', 'Pullman', 'Palco', 'Platea'),
      category: fc.constant('general'),
      rows: fc.integer({ min: 1, max: 30 }),
      row_labels: fc.constantFrom('letters' as const, 'numbers' as const),
      seats_per_row: fc.oneof(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 30 }),
      ),
      curve: fc.double({ min: 0, max: 1, noNaN: true }),
      numbering: fc.constantFrom('odd_even' as const, 'consecutive' as const),
    });
    fc.assert(
      fc.property(fc.array(section, { minLength: 1, maxLength: 5 }), (sections) => {
        const map = generateMap({
          name: 'Sala',
          categories: [{ key: 'general', name: 'General' }],
          sections,
          standing: [],
        });
        expect(checkMap(map)).toBeNull();
        const seats = placedSeats(map);
        expect(new Set(seats.map((s) => s.id)).size).toBe(seats.length);
      }),
      { numRuns: 150 },
    );
  });
});
