import type { SeatMap } from '../../../shared/schemas/seating';
import { type PlacedSeat, placedSeats, rowsOf, sectionMap } from '../../../shared/seats';

/**
 * The map editor's selection rules (issue 33), pure: a section's seats in rows, and which seats a shift-click
 * takes (from the last seat clicked to this one along the row, or the whole row when that seat was elsewhere).
 */

export type SeatedSection = Extract<SeatMap['sections'][number], { kind: 'seated' }>;
export type GridSection = { section: SeatedSection; seats: PlacedSeat[]; rows: PlacedSeat[][] };

/** Each seated section of the map with its seats placed and in rows (row by row, left to right). */
export function gridSections(map: SeatMap): GridSection[] {
  return map.sections
    .filter((s): s is SeatedSection => s.kind === 'seated')
    .map((section) => {
      const seats = placedSeats(sectionMap(map, section));
      return { section, seats, rows: rowsOf(seats) };
    });
}

/** The seats a shift-click on `seat` selects: the row from `anchor` to it, or the whole row. */
export function rowRange(rows: PlacedSeat[][], anchor: string | null, seat: PlacedSeat): PlacedSeat[] {
  const row = rows[seat.rowIndex] ?? [];
  const from = anchor === null ? -1 : row.findIndex((s) => s.id === anchor);
  if (from === -1) return row;
  const [a, b] = from < seat.at ? [from, seat.at] : [seat.at, from];
  return row.slice(a, b + 1);
}

/** Adds `ids` to the selection, or takes them out when every one of them was in it already. */
export function toggleAll(selected: ReadonlySet<string>, ids: string[]): Set<string> {
  const next = new Set(selected);
  const all = ids.every((id) => next.has(id));
  for (const id of ids) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}
