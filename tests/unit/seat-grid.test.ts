import { describe, expect, it } from 'vitest';
import { nextSeat } from '../../src/features/seating/lib/seat-grid';
import { generateMap } from '../../src/shared/seat-generator';
import { placedSeats, rowsOf } from '../../src/shared/seats';

/** The seat grid's arrow keys (issue 33): along the row, to the nearest seat of the next row, edges stay put. */
const map = generateMap({
  name: 'Sala',
  categories: [{ key: 'platea', name: 'Platea' }],
  // Row A has 4 seats, row B 5 (offset half a seat), row C 2: numbered 3 1 2 4 / 5 3 1 2 4 / 1 2.
  sections: [
    {
      name: 'Platea',
      category: 'platea',
      rows: 3,
      row_labels: 'letters',
      seats_per_row: [4, 5, 2],
      curve: 0,
      numbering: 'odd_even',
    },
  ],
  standing: [],
});
const rows = rowsOf(placedSeats(map));

describe('nextSeat', () => {
  it('moves left and right along the row, and stays at its ends', () => {
    expect(nextSeat(rows, 'platea-A-1', 'ArrowRight')?.id).toBe('platea-A-2');
    expect(nextSeat(rows, 'platea-A-1', 'ArrowLeft')?.id).toBe('platea-A-3');
    expect(nextSeat(rows, 'platea-A-3', 'ArrowLeft')?.id).toBe('platea-A-3');
    expect(nextSeat(rows, 'platea-A-4', 'ArrowRight')?.id).toBe('platea-A-4');
    expect(nextSeat(rows, 'platea-B-1', 'Home')?.id).toBe('platea-B-5');
    expect(nextSeat(rows, 'platea-B-1', 'End')?.id).toBe('platea-B-4');
  });

  it('moves up and down to the nearest seat across, and stays on the first and last rows', () => {
    // Row B's centre seat (1, x = 0) has row A's 1 (x = -0.5) and 2 (x = 0.5) equally near: the first wins.
    expect(nextSeat(rows, 'platea-B-1', 'ArrowUp')?.id).toBe('platea-A-1');
    expect(nextSeat(rows, 'platea-A-4', 'ArrowDown')?.id).toBe('platea-B-2');
    expect(nextSeat(rows, 'platea-B-4', 'ArrowDown')?.id).toBe('platea-C-2');
    expect(nextSeat(rows, 'platea-A-2', 'ArrowUp')?.id).toBe('platea-A-2');
    expect(nextSeat(rows, 'platea-C-1', 'ArrowDown')?.id).toBe('platea-C-1');
  });

  it('starts at the first seat for an unknown one', () => {
    expect(nextSeat(rows, 'nada', 'ArrowRight')?.id).toBe('platea-A-3');
  });
});
