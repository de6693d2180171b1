import { seatName } from './messages/seating';
import type { Seat, SeatMap } from './schemas/seating';

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

/**
 * The single-seat rule: a free seat is left alone when both its neighbours in the row are occupied (held, sold,
 * blocked or being picked); nobody could sit there without leaving a gap. A seat at the end of a row is never
 * alone: one side is the aisle or the wall. `occupied` says which seats are taken, by id.
 */
export function aloneSeats(row: PlacedSeat[], occupied: (id: string) => boolean): PlacedSeat[] {
  const alone: PlacedSeat[] = [];
  for (let i = 1; i < row.length - 1; i++)
    if (!occupied(row[i].id) && occupied(row[i - 1].id) && occupied(row[i + 1].id)) alone.push(row[i]);
  return alone;
}

/** Which seats are occupied (held, sold, kept), by id: a Set, or a view over one (the inventory's index). */
export type SeatLookup = { has(id: string): boolean };

/**
 * How to search a map fast (the inventory object builds it once per date; optional elsewhere): the rows in order
 * of their nearest seat to the stage with that distance, and (`free`) at most how many adjacent seats of each row
 * are free now. With it the search stops at the first row that cannot hold a better block, and skips rows without
 * that many adjacent free seats, so a stadium of 40,000 seats is searched in a few rows instead of all of them.
 */
export type RowPlan = {
  order: number[];
  nearest: number[];
  free?: (row: number) => number;
  /** Answers a row's best block, from memory while the row is unchanged (`find` works it out; the inventory's index). */
  best?: (row: number, quantity: number, find: () => RowBest) => RowBest;
};

/** The best block of one row (`start`..`end`), its mean distance to the stage and whether it leaves a seat alone. */
export type RowBest = { start: number; end: number; score: number; alone: boolean } | null;

/** Whether block `b` is better than `than`: one that leaves no seat alone first, then the closer (ties: the first). */
const better = (b: { score: number; alone: boolean }, than: { score: number; alone: boolean } | null) =>
  !than || (than.alone && !b.alone) || (than.alone === b.alone && b.score < than.score - 1e-9);

/** The seats a pick would newly leave alone (rule above), over the rows it touches. */
export function leftAlone(rows: PlacedSeat[][], taken: SeatLookup, pick: PlacedSeat[]): PlacedSeat[] {
  const picked = new Set(pick.map((s) => s.id));
  const before = (id: string) => taken.has(id) || !!byIdIn(rows, id)?.blocked;
  const after = (id: string) => before(id) || picked.has(id);
  const out: PlacedSeat[] = [];
  for (const r of new Set(pick.map((s) => s.rowIndex))) {
    const was = new Set(aloneSeats(rows[r], before).map((s) => s.id));
    for (const s of aloneSeats(rows[r], after)) if (!was.has(s.id)) out.push(s);
  }
  return out;
}

const blockedIds = new WeakMap<PlacedSeat[][], Map<string, PlacedSeat>>();
function byIdIn(rows: PlacedSeat[][], id: string): PlacedSeat | undefined {
  let index = blockedIds.get(rows);
  if (!index) {
    index = new Map(rows.flat().map((s) => [s.id, s]));
    blockedIds.set(rows, index);
  }
  return index.get(id);
}

/** Rows in order of their nearest seat to `stage` (the plan's search order; free counts left to the caller). */
export function rowPlan(rows: PlacedSeat[][], stage: { x: number; y: number }): RowPlan {
  const nearest = rows.map((row) =>
    (row ?? []).reduce((min, s) => Math.min(min, Math.hypot(s.ax - stage.x, s.ay - stage.y)), Infinity),
  );
  const order = [...rows.keys()].filter((r) => rows[r]).sort((a, b) => nearest[a] - nearest[b] || a - b);
  return { order, nearest };
}

/**
 * Every block of `quantity` adjacent sellable free seats of one row, left to right, with whether it leaves a
 * seat alone; `visit` answers true to stop.
 */
function eachBlock(
  row: PlacedSeat[],
  occupied: (s: PlacedSeat | undefined) => boolean,
  sellable: SeatLookup,
  quantity: number,
  visit: (start: number, end: number, alone: boolean) => boolean,
): boolean {
  let run = 0;
  for (let i = 0; i < row.length; i++) {
    run = sellable.has(row[i].id) && !occupied(row[i]) ? run + 1 : 0;
    if (run < quantity) continue;
    const start = i - quantity + 1;
    // Only the seats right beside the block can be left alone by it.
    const left = row[start - 1];
    const right = row[i + 1];
    const alone =
      (left !== undefined && !occupied(left) && start - 2 >= 0 && occupied(row[start - 2])) ||
      (right !== undefined && !occupied(right) && i + 2 < row.length && occupied(row[i + 2]));
    if (visit(start, i, alone)) return true;
  }
  return false;
}

/**
 * "Mejor ubicación disponible": `quantity` adjacent seats in one row, all `sellable` and free, as close to the
 * stage as can be (least mean distance). A block that leaves a seat alone is chosen only when every block
 * would. Answers null when no row has that many adjacent free seats. `plan` (rowPlan) makes it fast.
 */
export function bestSeats(
  rows: PlacedSeat[][],
  taken: SeatLookup,
  sellable: SeatLookup,
  quantity: number,
  stage: { x: number; y: number },
  plan?: RowPlan,
): PlacedSeat[] | null {
  const occupied = (s: PlacedSeat | undefined) => s !== undefined && (taken.has(s.id) || !!s.blocked);
  let best: (RowBest & object) | null = null;
  let bestRow: PlacedSeat[] = [];
  const order = plan?.order ?? rows.keys();
  for (const r of order) {
    const row = rows[r];
    if (!row || row.length < quantity) continue;
    // No block of this row or a later one can be closer than the one found (a mean is never under the minimum).
    if (plan && best && !best.alone && plan.nearest[r] >= best.score) break;
    if (plan?.free && plan.free(r) < quantity) continue;
    const find = () => bestInRow(row, occupied, sellable, quantity, stage);
    const found = plan?.best ? plan.best(r, quantity, find) : find();
    if (found && better(found, best)) {
      best = found;
      bestRow = row;
    }
  }
  return best ? bestRow.slice(best.start, best.end + 1) : null;
}

/** The best block of `quantity` adjacent sellable free seats of one row (see bestSeats), null when there is none. */
function bestInRow(
  row: PlacedSeat[],
  occupied: (s: PlacedSeat | undefined) => boolean,
  sellable: SeatLookup,
  quantity: number,
  stage: { x: number; y: number },
): RowBest {
  let best: RowBest = null;
  const sums = distanceSums(row, stage);
  eachBlock(row, occupied, sellable, quantity, (start, end, alone) => {
    const score = (sums[end + 1] - sums[start]) / quantity;
    if (better({ score, alone }, best)) best = { start, end, score, alone };
    return false;
  });
  return best;
}

const rowSums = new WeakMap<PlacedSeat[], { x: number; y: number; sums: Float64Array }>();

/**
 * A row's running sums of its seats' distances to the stage (`sums[k]`: the first k seats), worked out once per row:
 * a block's mean distance is then one subtraction, not a distance per seat of every block looked at.
 */
function distanceSums(row: PlacedSeat[], stage: { x: number; y: number }): Float64Array {
  const known = rowSums.get(row);
  if (known && known.x === stage.x && known.y === stage.y) return known.sums;
  const sums = new Float64Array(row.length + 1);
  for (let k = 0; k < row.length; k++) sums[k + 1] = sums[k] + Math.hypot(row[k].ax - stage.x, row[k].ay - stage.y);
  rowSums.set(row, { x: stage.x, y: stage.y, sums });
  return sums;
}

/** Whether any block of `quantity` adjacent sellable free seats leaves no seat alone (stops at the first). */
export function blockWithoutAlone(
  rows: PlacedSeat[][],
  taken: SeatLookup,
  sellable: SeatLookup,
  quantity: number,
  plan?: RowPlan,
): boolean {
  const occupied = (s: PlacedSeat | undefined) => s !== undefined && (taken.has(s.id) || !!s.blocked);
  for (const r of plan?.order ?? rows.keys()) {
    const row = rows[r];
    if (!row || row.length < quantity || (plan?.free && plan.free(r) < quantity)) continue;
    if (eachBlock(row, occupied, sellable, quantity, (_start, _end, alone) => !alone)) return true;
  }
  return false;
}

/** Wheelchair places with a companion seat beside them in their row (not blocked): the reserve's places. */
export function wheelchairPlaces(seats: PlacedSeat[]): number {
  const rows = rowsOf(seats);
  let places = 0;
  for (const row of rows)
    row?.forEach((s, i) => {
      if (!s.wheelchair || s.blocked) return;
      const beside = [row[i - 1], row[i + 1]].some((n) => n?.companion && !n.blocked);
      if (beside) places += 1;
    });
  return places;
}

/** A seated section without its seats: what the buyer's map draws before a section is opened. */
export type SectionOutline = {
  id: string;
  name: string;
  kind: 'seated';
  x: number;
  y: number;
  /** The categories its seats are sold as (most sections have one). */
  categories: string[];
  rows: number;
  seats: number;
  /** Where its seats lie, in the map's absolute seat units. */
  box: { x: number; y: number; w: number; h: number };
};
export type StandingOutline = Extract<SeatMap['sections'][number], { kind: 'standing' }>;

/** A map without its seats (issue 33): a stadium's first screen costs a few kilobytes, not its 40,000 seats. */
export type SeatMapOutline = Omit<SeatMap, 'sections'> & { sections: (SectionOutline | StandingOutline)[] };

export function mapOutline(map: SeatMap): SeatMapOutline {
  return {
    ...map,
    sections: map.sections.map((section) => {
      if (section.kind !== 'seated') return section;
      const seats = section.rows.flatMap((r) => r.seats);
      // A loop, not Math.min(...): a section may have 60,000 seats, more than a call's arguments.
      let [x, y, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const s of seats) {
        x = Math.min(x, section.x + s.x);
        y = Math.min(y, section.y + s.y);
        right = Math.max(right, section.x + s.x);
        bottom = Math.max(bottom, section.y + s.y);
      }
      return {
        id: section.id,
        name: section.name,
        kind: 'seated' as const,
        x: section.x,
        y: section.y,
        categories: [...new Set(seats.map((s) => s.category))],
        rows: section.rows.length,
        seats: seats.length,
        box: { x, y, w: right - x + 1, h: bottom - y + 1 },
      };
    }),
  };
}

/** A map of one seated section (the buyer opens one at a time): the seat rules apply to it row by row. */
export function sectionMap(
  outline: Pick<SeatMap, 'format' | 'name' | 'stage' | 'categories'>,
  section: SeatMap['sections'][number],
): SeatMap {
  return { ...outline, sections: [section] };
}
