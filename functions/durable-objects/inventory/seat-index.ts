import type { PlacedSeat, RowPlan, SeatLookup } from '../../../src/shared/seats';

/** What the index needs of a seated date (seats.ts SeatDate). */
type SeatDate = { dateId: number; rows: PlacedSeat[][]; byId: Map<string, PlacedSeat>; plan: RowPlan };

/**
 * The object's memory of which seats are occupied (held, sold or kept), per date, with each row's count of free
 * seats (issue 33, speed at stadium scale). The `seats` table stays the authority: the index is built from it in
 * one read when the seating is loaded, and every function of seats.ts and kept-seats.ts that writes a row of it
 * tells the index in the same synchronous step. A hold then checks its pick and looks for the best block without
 * reading every seat of the date; the search visits only rows with enough free seats (RowPlan.free).
 */
class DateSeats {
  readonly occupied = new Set<string>();
  readonly rowFree: Int32Array;

  constructor(private readonly date: SeatDate) {
    this.rowFree = new Int32Array(date.rows.length);
    for (const row of date.rows) for (const s of row ?? []) if (!s.blocked) this.rowFree[s.rowIndex] += 1;
  }

  take(id: string) {
    if (this.occupied.has(id)) return;
    this.occupied.add(id);
    const seat = this.date.byId.get(id);
    if (seat && !seat.blocked) this.rowFree[seat.rowIndex] -= 1;
  }

  free(id: string) {
    if (!this.occupied.delete(id)) return;
    const seat = this.date.byId.get(id);
    if (seat && !seat.blocked) this.rowFree[seat.rowIndex] += 1;
  }
}

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

/**
 * The occupied seats of a date with `except` counted as free (the buyer's own hold, given back in the same step),
 * and each row's free seats to match; null when the index is not built (the caller reads the table instead).
 */
export function occupiedView(
  sql: SqlStorage,
  date: SeatDate,
  except: Set<string>,
): { taken: SeatLookup; plan: RowPlan } | null {
  const index = indexes.get(sql)?.get(date.dateId);
  if (!index) return null;
  const bonus = new Map<number, number>();
  for (const id of except) {
    const seat = date.byId.get(id);
    if (seat && index.occupied.has(id)) bonus.set(seat.rowIndex, (bonus.get(seat.rowIndex) ?? 0) + 1);
  }
  return {
    taken: { has: (id) => index.occupied.has(id) && !except.has(id) },
    plan: { ...date.plan, free: (r) => index.rowFree[r] + (bonus.get(r) ?? 0) },
  };
}
