import { SEATING_MSG } from '../../../src/shared/messages/seating';
import type { SeatMap, SeatMapEdit } from '../../../src/shared/schemas/seating';
import { type PlacedSeat, placedSeats } from '../../../src/shared/seats';

// The generator is shared with the back office's live preview.
export { generateMap, rowLabel, seatNumbers } from '../../../src/shared/seat-generator';

/**
 * Venue maps (issue 33): the checks a map must pass (ids, overlaps, categories) and the edits
 * a producer makes. Positions are in seat units: a seat is a 1 × 1 square centred on its point, so two seats
 * closer than 1 on both axes overlap.
 */

/** A refusal: the Spanish message, and the offending seats on `errors` (their names, for the list). */
export type MapProblem = { message: string; errors: Record<string, string[]> };

/** Below this distance on both axes two seats overlap (a hair under 1, so seats 1 apart touch but pass). */
const OVERLAP = 1 - 1e-6;

/**
 * What a map must be beyond its JSON shape: unique category keys, section ids and seat ids, no two seats
 * overlapping, every seat and standing section of a known category. Answers the first problem found, naming
 * the seat(s). Overlaps are found through a grid of 1 × 1 cells (linear, for stadium-sized maps).
 */
export function checkMap(map: SeatMap): MapProblem | null {
  const keys = new Set<string>();
  for (const c of map.categories) {
    if (keys.has(c.key)) return problem('categories', SEATING_MSG.duplicateCategory(c.key));
    keys.add(c.key);
  }
  const sectionIds = new Set<string>();
  for (const s of map.sections) {
    if (sectionIds.has(s.id)) return problem('sections', SEATING_MSG.duplicateSection(s.id));
    sectionIds.add(s.id);
    if (s.kind === 'standing' && !keys.has(s.category))
      return problem(s.id, SEATING_MSG.unknownCategory(s.name, s.category));
  }
  const seats = placedSeats(map);
  if (seats.length > 100_000) return problem('sections', SEATING_MSG.tooManySeats);
  const byId = new Map<string, PlacedSeat>();
  const grid = new Map<string, PlacedSeat[]>();
  for (const seat of seats) {
    if (byId.has(seat.id)) return problem(seat.id, SEATING_MSG.duplicateSeat(seat.id, seat.name));
    byId.set(seat.id, seat);
    if (!keys.has(seat.category)) return problem(seat.id, SEATING_MSG.unknownCategory(seat.name, seat.category));
    const cx = Math.floor(seat.ax);
    const cy = Math.floor(seat.ay);
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++)
        for (const other of grid.get(`${cx + i},${cy + j}`) ?? [])
          if (Math.abs(other.ax - seat.ax) < OVERLAP && Math.abs(other.ay - seat.ay) < OVERLAP)
            return problem(seat.id, SEATING_MSG.overlap(other.name, seat.name));
    const cell = `${cx},${cy}`;
    grid.set(cell, [...(grid.get(cell) ?? []), seat]);
  }
  return null;
}

function problem(field: string, message: string): MapProblem {
  return { message, errors: { [field]: [message] } };
}

/** Applies an edit; answers the new map, or the problem (an unknown seat, section or category). */
export function editMap(map: SeatMap, edit: SeatMapEdit): SeatMap | MapProblem {
  const next = structuredClone(map);
  if (edit.op === 'move') {
    const section = next.sections.find((s) => s.id === edit.section_id);
    if (!section) return problem('section_id', SEATING_MSG.unknownSection(edit.section_id));
    section.x = edit.x;
    section.y = edit.y;
    return next;
  }
  if (edit.op === 'category' && !next.categories.some((c) => c.key === edit.category))
    return problem('category', SEATING_MSG.categoryUnknown(edit.category));
  const wanted = new Set(edit.seat_ids);
  for (const section of next.sections)
    if (section.kind === 'seated')
      for (const row of section.rows)
        for (const seat of row.seats) {
          if (!wanted.delete(seat.id)) continue;
          if (edit.op === 'block') seat.blocked = edit.reason;
          else if (edit.op === 'category') seat.category = edit.category;
          else {
            seat.wheelchair = edit.wheelchair ?? seat.wheelchair;
            seat.companion = edit.companion ?? seat.companion;
            seat.restricted_view = edit.restricted_view ?? seat.restricted_view;
          }
        }
  const [missing] = wanted;
  return missing === undefined ? next : problem('seat_ids', SEATING_MSG.unknownSeat(missing));
}

export const isProblem = (value: SeatMap | MapProblem): value is MapProblem => 'message' in value;
