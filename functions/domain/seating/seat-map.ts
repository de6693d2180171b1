import { SEATING_MSG } from '../../../src/shared/messages/seating';
import {
  SEAT_MAP_FORMAT,
  type Seat,
  type SeatGenerator,
  type SeatMap,
  type SeatMapEdit,
  type SeatSection,
} from '../../../src/shared/schemas/seating';
import { type PlacedSeat, placedSeats } from '../../../src/shared/seats';

/**
 * Venue maps (issue 33): the generator, the checks a map must pass (ids, overlaps, categories) and the edits
 * a producer makes. Positions are in seat units: a seat is a 1 × 1 square centred on its point, so two seats
 * closer than 1 on both axes overlap.
 */

/** A refusal: the Spanish message, and the offending seats on `errors` (their names, for the list). */
export type MapProblem = { message: string; errors: Record<string, string[]> };

/** Row labels: A…Z, then AA, AB… (Ñ is not used for rows in Argentine theatres), or 1, 2, 3… */
export function rowLabel(index: number, kind: 'letters' | 'numbers'): string {
  if (kind === 'numbers') return String(index + 1);
  let label = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  return label;
}

/**
 * The seat numbers of a row, left to right as seen from the audience. Argentine theatre numbering (odd_even):
 * odd numbers on the left and even on the right, each side counting out from the centre (… 5 3 1 2 4 6 …);
 * with an odd count the left side has the extra seat.
 */
export function seatNumbers(count: number, numbering: 'odd_even' | 'consecutive'): number[] {
  if (numbering === 'consecutive') return Array.from({ length: count }, (_, i) => i + 1);
  const odd = Math.ceil(count / 2);
  const left = Array.from({ length: odd }, (_, i) => 2 * (odd - i) - 1);
  const right = Array.from({ length: count - odd }, (_, i) => 2 * (i + 1));
  return [...left, ...right];
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'sector';

/**
 * Builds a map from the generator's sections. Sections without a position are stacked front to back (the
 * stage at the top), two rows apart; a curve brings each row's ends towards the stage.
 */
export function generateMap(input: SeatGenerator): SeatMap {
  const sections: SeatSection[] = [];
  let nextY = 0;
  const used = new Set<string>();
  const uniqueId = (wanted: string) => {
    let id = wanted;
    for (let n = 2; used.has(id); n++) id = `${wanted}-${n}`;
    used.add(id);
    return id;
  };
  for (const s of input.sections) {
    const id = uniqueId(s.id ?? slug(s.name));
    const counts = Array.from({ length: s.rows }, (_, r) =>
      typeof s.seats_per_row === 'number' ? s.seats_per_row : (s.seats_per_row[r] ?? s.seats_per_row.at(-1)!),
    );
    const widest = Math.max(...counts);
    // Rows of different widths are offset by half a seat: the curve's slope there is at most `curve` / 2,
    // so rows 1 + curve apart never overlap. The front row's ends come forward by curve × (widest - 1) / 4.
    const pitch = 1 + s.curve;
    const y = s.y ?? nextY + (s.curve * (widest - 1)) / 4;
    nextY = y + s.rows * pitch + 2;
    const rows = counts.map((count, r) => {
      const label = rowLabel(r, s.row_labels);
      const numbers = seatNumbers(count, s.numbering);
      const seats: Seat[] = numbers.map((n, i) => {
        const dx = i - (count - 1) / 2;
        const bend = widest > 1 ? (s.curve * (dx * dx)) / (widest - 1) : 0;
        return {
          id: `${id}-${label}-${n}`,
          number: String(n),
          x: dx,
          y: round(r * pitch - bend),
          category: s.category,
          wheelchair: false,
          companion: false,
          restricted_view: false,
          blocked: null,
        };
      });
      return { label, seats };
    });
    sections.push({ id, name: s.name, kind: 'seated', x: s.x ?? 0, y, rows });
  }
  for (const s of input.standing) {
    sections.push({ ...s, id: uniqueId(s.id), kind: 'standing', x: s.x ?? 0, y: s.y ?? nextY });
    nextY += 4;
  }
  return { format: SEAT_MAP_FORMAT, name: input.name, stage: { x: 0, y: -2 }, categories: input.categories, sections };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

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
