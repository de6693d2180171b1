import type { PlacedSeat, RowBest, RowPlan, SeatLookup } from '../../../src/shared/seats';

/** What the index needs of a seated date (seats.ts SeatDate). */
type SeatDate = { dateId: number; rows: PlacedSeat[][]; byId: Map<string, PlacedSeat>; plan: RowPlan };

/**
 * The object's memory of which seats are occupied (held, sold or kept), per date, with each row's longest run of
 * adjacent free seats (issue 33, speed at stadium scale). The `seats` table stays the authority: the index is built
 * from it in one read when the seating is loaded, and every function of seats.ts and kept-seats.ts that writes a row
 * of it tells the index in the same synchronous step. A hold then checks its pick and looks for the best block
 * without reading every seat of the date; the search visits only rows with a long enough run of free seats
 * (RowPlan.free). A row's run, and its best block per search (`cached`), are worked out again only when one of its
 * seats changed: a best-available request no longer scans every row closer than the block it finds, only the rows
 * the holds before it changed.
 */
class DateSeats {
  readonly occupied = new Set<string>();
  private readonly rowRun: Int32Array;
  /** Bumped at every change of a row: a remembered best block of an older version is worked out again. */
  private readonly rowVersion: Int32Array;
  /** Per search (what it looks for and how many seats), each row's remembered best block and the row version it saw. */
  private readonly bests = new Map<string, MemoSlot>();

  constructor(private readonly date: SeatDate) {
    this.rowRun = new Int32Array(date.rows.length).fill(-1);
    this.rowVersion = new Int32Array(date.rows.length);
  }

  take(id: string) {
    if (this.occupied.has(id)) return;
    this.occupied.add(id);
    this.changed(id);
  }

  free(id: string) {
    if (this.occupied.delete(id)) this.changed(id);
  }

  private changed(id: string) {
    const seat = this.date.byId.get(id);
    if (!seat) return;
    this.rowRun[seat.rowIndex] = -1;
    this.rowVersion[seat.rowIndex] += 1;
  }

  /** The memory of one search (`key`: what it looks for and how many seats), one entry per row. */
  slot(key: string): MemoSlot {
    let slot = this.bests.get(key);
    if (!slot) {
      slot = { versions: new Int32Array(this.date.rows.length).fill(-1), bests: new Array(this.date.rows.length) };
      this.bests.set(key, slot);
    }
    return slot;
  }

  /** A row's best block for one search (its `slot`), remembered while the row is unchanged. */
  cached(slot: MemoSlot, r: number, find: () => RowBest): RowBest {
    if (slot.versions[r] === this.rowVersion[r]) return slot.bests[r];
    const best = find();
    slot.versions[r] = this.rowVersion[r];
    slot.bests[r] = best;
    return best;
  }

  /** The longest run of adjacent seats of a row that are neither occupied nor blocked. */
  run(r: number): number {
    if (this.rowRun[r] >= 0) return this.rowRun[r];
    let longest = 0;
    let run = 0;
    for (const s of this.date.rows[r] ?? []) {
      run = s.blocked || this.occupied.has(s.id) ? 0 : run + 1;
      if (run > longest) longest = run;
    }
    this.rowRun[r] = longest;
    return longest;
  }
}

/** What one search remembers: per row, the row's version when its best block was worked out (-1: never), and it. */
type MemoSlot = { versions: Int32Array; bests: RowBest[] };

const indexes = new WeakMap<SqlStorage, Map<number, DateSeats>>();

/** Builds the index of an object's seats (one read of its `seats` table) for the dates just loaded. */
export function buildSeatIndex(sql: SqlStorage, dates: Iterable<SeatDate>) {
  const byDate = new Map<number, DateSeats>();
  for (const date of dates) byDate.set(date.dateId, new DateSeats(date));
  for (const r of sql.exec<{ date_id: number; seat_id: string }>('select date_id, seat_id from seats'))
    byDate.get(r.date_id)?.take(r.seat_id);
  indexes.set(sql, byDate);
}

/** The seating changed (it is loaded again, with a new index, on the next hold). */
export function dropSeatIndex(sql: SqlStorage) {
  indexes.delete(sql);
}

export function noteSeatTaken(sql: SqlStorage, dateId: number, seatId: string) {
  indexes.get(sql)?.get(dateId)?.take(seatId);
}

export function noteSeatFreed(sql: SqlStorage, dateId: number, seatId: string) {
  indexes.get(sql)?.get(dateId)?.free(seatId);
}

/** Whether any of `ids` is occupied on the date (held, sold or kept); null when the index is not built. */
export function anyOccupied(sql: SqlStorage, dateId: number, ids: readonly string[]): boolean | null {
  const index = indexes.get(sql)?.get(dateId);
  if (!index) return null;
  return ids.some((id) => index.occupied.has(id));
}

/**
 * The occupied seats of a date with `except` counted as free (the buyer's own hold, given back in the same step),
 * and each row's longest run of free seats to match; null when the index is not built (the caller reads the table
 * instead). `memo(search)` remembers each row's best block for a search that sees exactly these occupied seats
 * (`search` names the rest: the type, its quantity is added, and what else counts as taken).
 */
export function occupiedView(
  sql: SqlStorage,
  date: SeatDate,
  except: Set<string>,
): { taken: SeatLookup; plan: RowPlan; memo: (search: string) => NonNullable<RowPlan['best']> } | null {
  const index = indexes.get(sql)?.get(date.dateId);
  if (!index) return null;
  // A row with seats of the asker's own (counted free) may have a longer run than the index says: never skipped,
  // and its best block is never remembered.
  const own = new Set<number>();
  for (const id of except) {
    const seat = date.byId.get(id);
    if (seat && index.occupied.has(id)) own.add(seat.rowIndex);
  }
  return {
    taken: { has: (id) => index.occupied.has(id) && !except.has(id) },
    plan: { ...date.plan, free: (r) => (own.has(r) ? Number.POSITIVE_INFINITY : index.run(r)) },
    memo: (search) => {
      // A search asks for one quantity row after row: its slot is looked up once, not per row.
      let quantityOf = -1;
      let slot: MemoSlot | null = null;
      return (r, quantity, find) => {
        if (own.has(r)) return find();
        if (slot === null || quantity !== quantityOf) {
          slot = index.slot(`${search}:${quantity}`);
          quantityOf = quantity;
        }
        return index.cached(slot, r, find);
      };
    },
  };
}
