import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMap } from '../../functions/domain/seating/seat-map';
import {
  aloneSeats,
  bestSeats,
  blockWithoutAlone,
  leftAlone,
  type PlacedSeat,
  placedSeats,
  rowPlan,
  rowsOf,
} from '../../src/shared/seats';

/** The single-seat rule and "Mejor ubicación disponible" (src/shared/seats.ts) against brute force. */

const theatre = (rows: number, perRow: number) => {
  const map = generateMap({
    name: 'Sala',
    categories: [{ key: 'p', name: 'Platea' }],
    sections: [
      {
        name: 'Platea',
        category: 'p',
        rows,
        seats_per_row: perRow,
        row_labels: 'letters',
        curve: 0.2,
        numbering: 'odd_even',
      },
    ],
    standing: [],
  });
  const seats = placedSeats(map);
  return { map, seats, rows: rowsOf(seats) };
};

const distance = (s: PlacedSeat, stage: { x: number; y: number }) => Math.hypot(s.ax - stage.x, s.ay - stage.y);

describe('the single-seat rule', () => {
  it('calls a free seat alone only between two occupied seats, never at a row end', () => {
    const { rows } = theatre(1, 5);
    const ids = rows[0].map((s) => s.id);
    const occupied = (taken: number[]) => (id: string) => taken.includes(ids.indexOf(id));
    expect(aloneSeats(rows[0], occupied([0, 2])).map((s) => ids.indexOf(s.id))).toEqual([1]);
    expect(aloneSeats(rows[0], occupied([1]))).toEqual([]);
    expect(aloneSeats(rows[0], occupied([0, 2, 4])).map((s) => ids.indexOf(s.id))).toEqual([1, 3]);
  });

  it('counts only the seats a pick newly leaves alone', () => {
    const { rows } = theatre(1, 6);
    const r = rows[0];
    // Taken: seat 0. Picking seat 2 leaves seat 1 alone; picking seat 1 does not.
    expect(leftAlone(rows, new Set([r[0].id]), [r[2]]).map((s) => s.id)).toEqual([r[1].id]);
    expect(leftAlone(rows, new Set([r[0].id]), [r[1]])).toEqual([]);
  });
});

describe('mejor ubicación disponible', () => {
  it('answers adjacent free seats in one row, closest to the stage, leaving no seat alone when some block does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        (rowCount, perRow, takenAt, quantity) => {
          const { map, seats, rows } = theatre(rowCount, perRow);
          const taken = new Set(takenAt.map((n) => seats[n % seats.length].id));
          const sellable = new Set(seats.map((s) => s.id));
          // With the row plan (the inventory object's fast path: rows nearest first, free counts) the same quality.
          const plan = rowPlan(rows, map.stage);
          const free = (r: number) => rows[r].filter((x) => !taken.has(x.id)).length;
          const fast = bestSeats(rows, taken, sellable, quantity, map.stage, { ...plan, free });
          const got = bestSeats(rows, taken, sellable, quantity, map.stage);
          expect(fast === null).toBe(got === null);
          if (fast && got) {
            const mean = (b: PlacedSeat[]) => b.reduce((sum, x) => sum + distance(x, map.stage), 0) / b.length;
            expect(mean(fast)).toBeCloseTo(mean(got), 6);
            expect(leftAlone(rows, taken, fast).length === 0).toBe(leftAlone(rows, taken, got).length === 0);
          }
          expect(blockWithoutAlone(rows, taken, sellable, quantity, { ...plan, free })).toBe(
            blockWithoutAlone(rows, taken, sellable, quantity),
          );
          // Brute force: every block of `quantity` adjacent free seats in a row.
          const blocks = rows.flatMap((row) =>
            row
              .map((_, i) => row.slice(i, i + quantity))
              .filter((b) => b.length === quantity && b.every((s) => !taken.has(s.id))),
          );
          if (blocks.length === 0) {
            expect(got).toBeNull();
            return;
          }
          expect(got).not.toBeNull();
          const chosen = got as PlacedSeat[];
          expect(chosen).toHaveLength(quantity);
          expect(new Set(chosen.map((s) => s.rowIndex)).size).toBe(1);
          expect(chosen.every((s) => !taken.has(s.id))).toBe(true);
          for (let k = 1; k < chosen.length; k++) expect(chosen[k].at).toBe(chosen[k - 1].at + 1);
          const clean = blocks.filter((b) => leftAlone(rows, taken, b).length === 0);
          const mean = (b: PlacedSeat[]) => b.reduce((sum, s) => sum + distance(s, map.stage), 0) / b.length;
          const pool = clean.length > 0 ? clean : blocks;
          if (clean.length > 0) expect(leftAlone(rows, taken, chosen)).toEqual([]);
          expect(mean(chosen)).toBeCloseTo(Math.min(...pool.map(mean)), 6);
        },
      ),
      { numRuns: 400 },
    );
  });
});
