import { seatName } from './messages/events';
import type { Seat, SeatMap } from './schemas/events';

/**
 * Reserved seating's shared rules (issue 33), used by the API and the buyer's map alike: a map's seats in
 * order, and the single-seat rule with the best available seats that follow it.
 */

/** A seat of a map with its section and row, at its absolute position (section offset + seat position). */
export type PlacedSeat = Seat & {
  section: string;
  sectionName: string;
  row: string;
  /** The row's index in the map (section by section, front to back) and the seat's index in its row. */
  rowIndex: number;
  at: number;
  ax: number;
  ay: number;
  name: string;
};

/** Every seat of a map's seated sections, row by row, each row's seats in their order (left to right). */
export function placedSeats(map: SeatMap): PlacedSeat[] {
  const out: PlacedSeat[] = [];
  let rowIndex = 0;
  for (const section of map.sections) {
    if (section.kind !== 'seated') continue;
    for (const row of section.rows) {
      for (const [at, seat] of row.seats.entries()) {
        out.push({
          ...seat,
          section: section.id,
          sectionName: section.name,
          row: row.label,
          rowIndex,
          at,
          ax: section.x + seat.x,
          ay: section.y + seat.y,
          name: seatName(section.name, row.label, seat.number),
        });
      }
      rowIndex += 1;
    }
  }
  return out;
}

/** The map's rows as arrays of seats (indexed by rowIndex). */
export function rowsOf(seats: PlacedSeat[]): PlacedSeat[][] {
  const rows: PlacedSeat[][] = [];
  for (const s of seats) {
    rows[s.rowIndex] ??= [];
    rows[s.rowIndex].push(s);
  }
  return rows;
}
