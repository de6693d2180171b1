import type { SeatMap } from '../../../src/shared/schemas/seating';
import {
  bestSeats,
  blockWithoutAlone,
  leftAlone,
  type PlacedSeat,
  placedSeats,
  type RowPlan,
  rowPlan,
  rowsOf,
  type SeatLookup,
} from '../../../src/shared/seats';
import { mapPartsQuery, mapsFromParts } from '../../domain/seating/map-doc';
import type { SideCopy } from '../state-mirror';
import type { HoldItem } from './items';
import { fencedOn, isFenced, pruneFences } from './map-fences';
import { anyOccupied, buildSeatIndex, dropSeatIndex, noteSeatFreed, noteSeatTaken, occupiedView } from './seat-index';

/**
 * Reserved seating inside the EventInventory object (issue 33). The object's `seats` table is the authority on
 * which seat of which date is held or sold, and by which hold: a seat is in it at most once (its primary key),
 * and a hold's seats are taken, sold and given back in the same synchronous step as its counts, so no seat is
 * ever held or sold twice. Each seated category is a ticket type whose capacity is its sellable seats; the
 * counts of `types` keep working as before, the seats say which ones.
 *
 * What changes is journalled (`mirror_seat_changes`: one row per date and step, its seat ids as a JSON array) and
 * copied to D1's event_seats in bulk by the object's state copy (state-mirror.ts `alongside`), in the same batch as
 * the object's other rows (a hold's in its order's own batch). The seats are not copied to object_state as well:
 * event_seats is their copy, exactly as far as the rows, so an object restored from object_state takes its seats
 * back from event_seats (`restoreSeats`). A lost object with nothing in object_state rebuilds its sold seats from
 * event_seats (rebuildSeats) before it sells one.
 */

// The journal was a row per seat (seat_changes, copied to object_state); what an older object still had moves to
// mirror_seat_changes. Its seats were copied to object_state too (triggers of state-mirror.ts), and fully again after a
// restore (mirror_seats_resync): no longer, their copy is event_seats.
export const SEATS_SCHEMA = `
create table if not exists seats (
  date_id integer not null,
  seat_id text not null,
  hold_id text not null,
  state text not null,
  primary key (date_id, seat_id)
);
create index if not exists seats_hold on seats (hold_id);
create table if not exists seats_rebuilt (at integer not null);
create table if not exists mirror_seat_changes (
  n integer primary key autoincrement,
  date_id integer not null,
  seat_ids text not null
);
drop table if exists mirror_seats_resync;
create table if not exists seat_changes (n integer primary key autoincrement, date_id integer not null, seat_id text not null);
insert into mirror_seat_changes (date_id, seat_ids) select date_id, json_array(seat_id) from seat_changes;
drop table seat_changes;
drop trigger if exists mirror_seats_insert;
drop trigger if exists mirror_seats_update;
drop trigger if exists mirror_seats_delete;
`;

/**
 * One seated ticket type: its date, its category and the seats it sells (not blocked), with the rows that hold any
 * of them in the date's search order (`order`): a search for this type's seats visits only those rows, not every
 * row of a stadium closer to the stage than its own.
 */
export type SeatType = { typeId: number; dateId: number; category: string; sellable: Set<string>; order: number[] };

/** A date's search plan narrowed to the rows of one type (SeatType.order). */
const planOf = (type: SeatType, plan: RowPlan): RowPlan => ({ ...plan, order: type.order });

/** A date's map, placed: its seats by id and its rows (for adjacency and the best available seats). */
export type SeatDate = {
  dateId: number;
  mapId: number;
  /** The map's version read (a new version's fences are pruned once it is read, map-fences.ts). */
  version: number;
  map: SeatMap;
  byId: Map<string, PlacedSeat>;
  rows: PlacedSeat[][];
  /** The rows in order of their distance to the stage, for a fast best-available search (seat-index.ts). */
  plan: RowPlan;
  /** The wheelchair reserve (wheelchair places and companion seats) and when it goes to anyone (null: never). */
  reserve: Set<string>;
  releaseAt: number | null;
};

/** The reserve while it is kept: best available never takes it, and a companion seat goes only with its place. */
export const keptReserve = (date: SeatDate, now: number): Set<string> =>
  date.releaseAt !== null && now >= date.releaseAt ? new Set() : date.reserve;

/**
 * The free seats of a seated type in its kept wheelchair reserve (none once released): not the public's, so a
 * section whose other seats are gone is sold out for the waiting list.
 */
export function freeReserved(sql: SqlStorage, seating: Seating, typeId: number, now: number): number {
  const type = seating.types.get(typeId);
  const date = type && seating.dates.get(type.dateId);
  if (!type || !date) return 0;
  const kept = [...keptReserve(date, now)].filter((id) => type.sellable.has(id));
  if (kept.length === 0) return 0;
  const taken = sql
    .exec<{ n: number }>(
      'select count(*) as n from seats where date_id = ? and seat_id in (select value from json_each(?))',
      date.dateId,
      JSON.stringify(kept),
    )
    .one().n;
  return kept.length - taken;
}

/** An event's seating as the object keeps it in memory (reloaded from D1 after eviction or a change). */
export type Seating = { types: Map<number, SeatType>; dates: Map<number, SeatDate> };

export const NO_SEATING: Seating = { types: new Map(), dates: new Map() };

/** Reads which dates of the event are seated, their maps (current versions) and each category's type. */
export async function loadSeating(db: D1Database, eventId: number): Promise<Seating> {
  const [dateRows, partRows, typeRows] = await db.batch([
    db
      .prepare(
        `select s.event_date_id, s.map_id, m.version, s.wheelchair_release_at from event_date_seating s
         join seat_maps m on m.id = s.map_id where s.event_id = ?`,
      )
      .bind(eventId),
    db
      .prepare(
        mapPartsQuery(`(p.map_id, p.version) in (select m.id, m.version from event_date_seating s
           join seat_maps m on m.id = s.map_id where s.event_id = ?)`),
      )
      .bind(eventId),
    db
      .prepare(
        `select c.event_date_id, c.category, c.ticket_type_id from seat_category_types c
         join event_date_seating s on s.event_date_id = c.event_date_id where s.event_id = ?`,
      )
      .bind(eventId),
  ]);
  const dates = new Map<number, SeatDate>();
  type DateRow = { event_date_id: number; map_id: number; version: number; wheelchair_release_at: string | null };
  const maps = await mapsFromParts(partRows.results as Parameters<typeof mapsFromParts>[0]);
  for (const r of dateRows.results as DateRow[]) {
    const map = maps.get(`${r.map_id}:${r.version}`);
    if (!map) throw new Error(`Seat map ${r.map_id}:${r.version} has no document`);
    const seats = placedSeats(map);
    const rows = rowsOf(seats);
    dates.set(r.event_date_id, {
      dateId: r.event_date_id,
      mapId: r.map_id,
      version: r.version,
      map,
      byId: new Map(seats.map((s) => [s.id, s])),
      rows,
      plan: rowPlan(rows, map.stage),
      reserve: new Set(seats.filter((s) => (s.wheelchair || s.companion) && !s.blocked).map((s) => s.id)),
      releaseAt: r.wheelchair_release_at === null ? null : Date.parse(r.wheelchair_release_at),
    });
  }
  const types = new Map<number, SeatType>();
  for (const r of typeRows.results as { event_date_id: number; category: string; ticket_type_id: number }[]) {
    const date = dates.get(r.event_date_id);
    if (!date) continue;
    const sellable = new Set<string>();
    const rows = new Set<number>();
    for (const s of date.byId.values())
      if (s.category === r.category && !s.blocked) {
        sellable.add(s.id);
        rows.add(s.rowIndex);
      }
    const order = date.plan.order.filter((row) => rows.has(row));
    types.set(r.ticket_type_id, {
      typeId: r.ticket_type_id,
      dateId: r.event_date_id,
      category: r.category,
      sellable,
      order,
    });
  }
  return { types, dates };
}

/** Why a seat pick is refused (the service says it in Spanish, naming the seat). */
export type SeatRefusal =
  | { ok: false; reason: 'seats_missing' | 'no_block'; typeId: number; quantity?: number }
  | { ok: false; reason: 'single_seat' | 'companion_alone'; seat: string }
  | { ok: false; reason: 'seat_twice' | 'seat_unknown' | 'seat_taken' | 'seat_kept'; seat: string };

/**
 * Who is asking, for the seats they may count as free: `replacing` is the buyer's own open hold (given back in the
 * same step); `boxOffice` lets the box office take the seats the producer kept for it (kept-seats.ts).
 */
export type SeatAsker = { replacing: string | null; boxOffice?: boolean };

/** The hold id of the seats kept for the box office (`keep:boleteria:<type>`, see kept-seats.ts). */
const BOX_OFFICE_KEPT = 'keep:boleteria:*';

/** The seats of a date the asker may count as free although a row holds them. */
function askersOwn(sql: SqlStorage, dateId: number, asker: SeatAsker): Set<string> {
  const own = new Set<string>();
  if (asker.replacing === null && !asker.boxOffice) return own;
  for (const r of sql.exec<{ seat_id: string }>(
    `select seat_id from seats where (hold_id = ? and date_id = ?)
     or (? and hold_id glob '${BOX_OFFICE_KEPT}' and date_id = ?)`,
    asker.replacing ?? '',
    dateId,
    asker.boxOffice ? 1 : 0,
    dateId,
  ))
    own.add(r.seat_id);
  return own;
}

/**
 * The seats of a date that are occupied (held, sold or kept) for this asker, and the search plan with each row's
 * free seats: from the object's index (seat-index.ts) once built, else read from the table.
 */
export function occupancy(
  sql: SqlStorage,
  date: SeatDate,
  asker: SeatAsker,
): { taken: SeatLookup; plan: RowPlan; memo?: (search: string) => RowPlan['best'] } {
  const own = askersOwn(sql, date.dateId, asker);
  const view = occupiedView(sql, date, own);
  if (view) return view;
  const taken = new Set<string>();
  for (const r of sql.exec<{ seat_id: string }>('select seat_id from seats where date_id = ?', date.dateId))
    if (!own.has(r.seat_id)) taken.add(r.seat_id);
  return { taken, plan: date.plan };
}

/** A lookup that also counts `more` as occupied. */
const withAlso = (taken: SeatLookup, ...more: SeatLookup[]): SeatLookup => ({
  has: (id) => taken.has(id) || more.some((m) => m.has(id)),
});

const nameOf = (seating: Seating, dateId: number, seatId: string) =>
  seating.dates.get(dateId)?.byId.get(seatId)?.name ?? seatId;

/**
 * Checks a hold's seats: every seated type names exactly its quantity of seats, each sellable in that type, none
 * twice, none held, sold or kept by anyone but the asker (its own open hold; the box office's kept seats). The
 * single-seat rule looks at the whole order at once: the picks of all its items on a date together.
 */
export function checkSeats(sql: SqlStorage, seating: Seating, items: HoldItem[], asker: SeatAsker): SeatRefusal | null {
  const seen = new Set<string>();
  const picks = new Map<number, { item: HoldItem; type: SeatType; seats: PlacedSeat[] }[]>();
  for (const item of items) {
    const type = seating.types.get(item.typeId);
    if (!type) {
      if (item.seatIds?.length) return { ok: false, reason: 'seat_unknown', seat: item.seatIds[0] };
      continue;
    }
    if (!item.seatIds || item.seatIds.length !== item.quantity)
      return { ok: false, reason: 'seats_missing', typeId: item.typeId };
    for (const id of item.seatIds) {
      const key = `${type.dateId}:${id}`;
      if (seen.has(key)) return { ok: false, reason: 'seat_twice', seat: nameOf(seating, type.dateId, id) };
      seen.add(key);
      // A seat a new version of the map takes off sale is not sellable from the moment it was fenced.
      if (!type.sellable.has(id) || isFenced(sql, type.dateId, id))
        return { ok: false, reason: 'seat_unknown', seat: id };
    }
    // The index answers the common case (none of them occupied) without a read; else the table says by whom.
    const taken =
      anyOccupied(sql, type.dateId, item.seatIds) === false
        ? undefined
        : sql
            .exec<{ seat_id: string; hold_id: string }>(
              'select seat_id, hold_id from seats where date_id = ? and seat_id in (select value from json_each(?))',
              type.dateId,
              JSON.stringify(item.seatIds),
            )
            .toArray()
            .find(
              (r) => r.hold_id !== asker.replacing && !(asker.boxOffice && r.hold_id.startsWith('keep:boleteria:')),
            );
    if (taken) {
      const seat = nameOf(seating, type.dateId, taken.seat_id);
      return { ok: false, reason: taken.hold_id.startsWith('keep:') ? 'seat_kept' : 'seat_taken', seat };
    }
    const date = seating.dates.get(type.dateId);
    if (!date) continue;
    const pick = item.seatIds.map((id) => date.byId.get(id)).filter((x): x is PlacedSeat => x !== undefined);
    // While the reserve is kept, a companion seat is sold only with a wheelchair place.
    const kept = keptReserve(date, Date.now());
    const companion = pick.find((s) => kept.has(s.id) && s.companion && !s.wheelchair);
    if (companion && !pick.some((s) => kept.has(s.id) && s.wheelchair))
      return { ok: false, reason: 'companion_alone', seat: companion.name };
    picks.set(type.dateId, [...(picks.get(type.dateId) ?? []), { item, type, seats: pick }]);
  }
  for (const [dateId, onDate] of picks) {
    const date = seating.dates.get(dateId);
    if (date) {
      const alone = singleSeatRefusal(sql, date, onDate, asker);
      if (alone) return alone;
    }
  }
  return null;
}

/**
 * The single-seat rule over an order's picks on one date: a seat the picks together leave alone is refused when
 * an item beside it could have been placed without leaving one (the other items' picks counted as taken).
 */
function singleSeatRefusal(
  sql: SqlStorage,
  date: SeatDate,
  picks: { item: HoldItem; type: SeatType; seats: PlacedSeat[] }[],
  asker: SeatAsker,
): SeatRefusal | null {
  const { taken, plan } = occupancy(sql, date, asker);
  const all = picks.flatMap((p) => p.seats);
  const alone = leftAlone(date.rows, taken, all);
  for (const seat of alone) {
    const beside = (s: PlacedSeat) => s.rowIndex === seat.rowIndex && Math.abs(s.at - seat.at) <= 1;
    for (const p of picks) {
      if (!p.seats.some(beside)) continue;
      const others = new Set(all.filter((s) => !p.seats.includes(s)).map((s) => s.id));
      if (blockWithoutAlone(date.rows, withAlso(taken, others), p.type.sellable, p.item.quantity, planOf(p.type, plan)))
        return { ok: false, reason: 'single_seat', seat: seat.name };
    }
  }
  return null;
}

/**
 * "Mejor ubicación disponible": fills the seats of each seated item that asks for `best` with the best block
 * of adjacent free seats (src/shared/seats.ts), counting the buyer's own open hold as free (it is replaced in
 * the same step). 'no_block' when no row has that many adjacent free seats of the type.
 */
export function pickBest(
  sql: SqlStorage,
  seating: Seating,
  items: HoldItem[],
  asker: SeatAsker,
): HoldItem[] | SeatRefusal {
  const out: HoldItem[] = [];
  const chosen = new Map<number, Set<string>>();
  for (const item of items) {
    const type = seating.types.get(item.typeId);
    const date = type && seating.dates.get(type.dateId);
    if (!item.best || !type || !date) {
      out.push(item);
      continue;
    }
    const { taken, plan, memo } = occupancy(sql, date, asker);
    // The kept reserve is not for best available: it counts as taken here, as do this order's other picks.
    const mine = chosen.get(type.dateId);
    const kept = keptReserve(date, Date.now());
    const fenced = fencedOn(sql, type.dateId);
    const others = withAlso(taken, mine ?? new Set(), kept, fenced);
    // Each row's best block is remembered per type and reserve (kept or not) while the row is unchanged; not when
    // this order's other picks count as taken too (a search of its own), nor while a new map version fences seats
    // (a fence changes no row's version, map-fences.ts).
    const best = mine?.size || fenced.size > 0 ? undefined : memo?.(`${type.typeId}:${kept.size}`);
    const search = { ...planOf(type, plan), best };
    const block = bestSeats(date.rows, others, type.sellable, item.quantity, date.map.stage, search);
    if (!block) return { ok: false, reason: 'no_block', typeId: item.typeId, quantity: item.quantity };
    const ids = block.map((b) => b.id);
    chosen.set(type.dateId, new Set([...(chosen.get(type.dateId) ?? []), ...ids]));
    out.push({ ...item, seatIds: ids, best: undefined });
  }
  return out;
}

/** Notes changed seats of a date for D1's mirror (event_seats): one journal row for all of them. */
export function journal(sql: SqlStorage, dateId: number, seatIds: string | string[]) {
  const ids = typeof seatIds === 'string' ? [seatIds] : seatIds;
  if (ids.length === 0) return;
  sql.exec('insert into mirror_seat_changes (date_id, seat_ids) values (?, ?)', dateId, JSON.stringify(ids));
}

/** Takes a checked hold's seats (`state` 'held', or 'sold' for a grant or a paid retry): one statement per item. */
export function takeSeats(sql: SqlStorage, holdId: string, items: HoldItem[], state: 'held' | 'sold') {
  for (const item of items) {
    if (item.dateId === undefined || !item.seatIds?.length) continue;
    sql.exec(
      'insert into seats (date_id, seat_id, hold_id, state) select ?, value, ?, ? from json_each(?)',
      item.dateId,
      holdId,
      state,
      JSON.stringify(item.seatIds),
    );
    for (const id of item.seatIds) noteSeatTaken(sql, item.dateId, id);
    journal(sql, item.dateId, item.seatIds);
  }
}

/** Journals seat rows grouped by date (one journal row per date). */
function journalRows(sql: SqlStorage, rows: { date_id: number; seat_id: string }[]) {
  const byDate = new Map<number, string[]>();
  for (const r of rows) byDate.set(r.date_id, [...(byDate.get(r.date_id) ?? []), r.seat_id]);
  for (const [dateId, ids] of byDate) journal(sql, dateId, ids);
}

/**
 * Whether all of a hold's seats are free again and still on sale (a rejected payment's retry takes them back only
 * then; a new version of the map may have fenced them meanwhile).
 */
export function seatsFree(sql: SqlStorage, items: HoldItem[]): boolean {
  return items.every(({ dateId, seatIds = [] }) => {
    if (dateId === undefined) return true;
    if (seatIds.some((id) => isFenced(sql, dateId, id))) return false;
    return (
      sql
        .exec(
          'select 1 from seats where date_id = ? and seat_id in (select value from json_each(?)) limit 1',
          dateId,
          JSON.stringify(seatIds),
        )
        .toArray().length === 0
    );
  });
}

/** A hold's items with each seated type's date, so the synchronous steps after it need no map. */
export function withSeatDates(seating: Seating, items: HoldItem[]): HoldItem[] {
  return items.map((i) => {
    const type = seating.types.get(i.typeId);
    return type && i.seatIds ? { ...i, dateId: type.dateId } : i;
  });
}

/**
 * The event's seating in the object's memory: loaded from D1 once (shared by every hold waiting for it), after
 * rebuilding the seats of an object that lost its storage; reset when the event's configuration changes.
 */
export class SeatingCache {
  private value: Seating | null = null;
  private loading: Promise<Seating> | null = null;

  constructor(
    private readonly sql: SqlStorage,
    private readonly db: D1Database,
  ) {}

  /** The seating if it is in memory (a synchronous step cannot wait for it). */
  peek(): Seating | null {
    return this.value;
  }

  reset() {
    this.value = null;
    dropSeatIndex(this.sql);
  }

  get(eventId: number): Promise<Seating> {
    if (this.value) return Promise.resolve(this.value);
    this.loading ??= (async () => {
      const seating = await loadSeating(this.db, eventId);
      if (seating.types.size > 0) await rebuildSeats(this.sql, this.db, eventId);
      // The index is built in the same step as the value is set: every change after it updates both.
      buildSeatIndex(this.sql, seating.dates.values());
      // The fences of map versions now read (or abandoned) go in the same step (map-fences.ts).
      pruneFences(this.sql, seating.dates, Date.now());
      this.value = seating;
      return seating;
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }
}

/** Gives back a hold's seats (all, or only those still held, or the ones named). */
export function freeSeats(sql: SqlStorage, holdId: string, which: 'held' | 'all' | string[] = 'all') {
  const rows = sql
    .exec<{ date_id: number; seat_id: string; state: string }>(
      'select date_id, seat_id, state from seats where hold_id = ?',
      holdId,
    )
    .toArray()
    .filter((r) => (which === 'all' ? true : which === 'held' ? r.state === 'held' : which.includes(r.seat_id)));
  for (const r of rows) {
    sql.exec('delete from seats where date_id = ? and seat_id = ?', r.date_id, r.seat_id);
    noteSeatFreed(sql, r.date_id, r.seat_id);
  }
  journalRows(sql, rows);
}

/** A paid hold's seats become sold. */
export function sellSeats(sql: SqlStorage, holdId: string) {
  const sold = sql
    .exec<{ date_id: number; seat_id: string }>(
      "update seats set state = 'sold' where hold_id = ? and state = 'held' returning date_id, seat_id",
      holdId,
    )
    .toArray();
  journalRows(sql, sold);
}

/** Seats per bulk statement to D1's event_seats (each about 80 bytes of JSON). */
const SEATS_PER_STATEMENT = 1000;

/**
 * The seat changes not copied to D1 yet, as statements, and what to call once they were written: the changed seats
 * as they are now, upserted (held, sold or kept) or deleted (free) in bulk statements.
 */
export function seatMirrorStatements(sql: SqlStorage, db: D1Database, eventId: number) {
  const { last } = sql.exec<{ last: number | null }>('select max(n) as last from mirror_seat_changes').one();
  if (last === null) return { statements: [], copied: () => {} };
  type Row = { d: number; s: string; st: string | null; h: string | null };
  const rows = sql
    .exec<Row>(
      `select distinct c.date_id as d, j.value as s, t.state as st, t.hold_id as h
       from mirror_seat_changes c join json_each(c.seat_ids) j
       left join seats t on t.date_id = c.date_id and t.seat_id = j.value where c.n <= ?`,
      last,
    )
    .toArray();
  // A kept seat (kept-seats.ts) is not for sale: the map shows it taken, like a held one.
  const present = rows.filter((r) => r.st !== null).map((r) => ({ ...r, st: r.st === 'kept' ? 'held' : r.st }));
  const gone = rows.filter((r) => r.st === null).map((r) => ({ d: r.d, s: r.s }));
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < present.length; at += SEATS_PER_STATEMENT)
    statements.push(
      db
        .prepare(
          `insert into event_seats (event_id, event_date_id, seat_id, state, hold_id)
           select ?, j.value ->> 'd', j.value ->> 's', j.value ->> 'st', j.value ->> 'h' from json_each(?) j where true
           on conflict (event_id, event_date_id, seat_id) do update set state = excluded.state, hold_id = excluded.hold_id`,
        )
        .bind(eventId, JSON.stringify(present.slice(at, at + SEATS_PER_STATEMENT))),
    );
  for (let at = 0; at < gone.length; at += SEATS_PER_STATEMENT)
    statements.push(
      db
        .prepare(
          `delete from event_seats where event_id = ? and (event_date_id, seat_id) in
             (select j.value ->> 'd', j.value ->> 's' from json_each(?) j)`,
        )
        .bind(eventId, JSON.stringify(gone.slice(at, at + SEATS_PER_STATEMENT))),
    );
  return {
    statements,
    copied: () => sql.exec('delete from mirror_seat_changes where n <= ?', last),
  };
}

/** The seats' copy to D1's event_seats, riding every round of the object's state copy (state-mirror.ts SideCopy). */
export function seatCopy(sql: SqlStorage, db: D1Database, eventId: () => number | null): SideCopy {
  return {
    pending: () => sql.exec<{ n: number }>('select count(*) as n from mirror_seat_changes').one().n,
    take: () => {
      const event = eventId();
      return event === null ? { statements: [], copied: () => {} } : seatMirrorStatements(sql, db, event);
    },
  };
}

/** Seats per statement when a restored object takes them back (restoreSeats). */
const RESTORE_SLICE = 5000;

/**
 * An object restored from object_state (its storage was lost) takes its seats back from D1's event_seats: they were
 * written in the same batches as the rows just restored (seatCopy), so they match its holds. A kept seat is copied
 * as held (the map shows it taken) with its `keep:` hold id, which says it was kept.
 */
export async function restoreSeats(sql: SqlStorage, db: D1Database, eventId: number) {
  const { results } = await db
    .prepare('select event_date_id, seat_id, state, hold_id from event_seats where event_id = ?')
    .bind(eventId)
    .all<{ event_date_id: number; seat_id: string; state: string; hold_id: string }>();
  sql.exec('delete from seats');
  // In slices: a stadium's seats as one JSON string would pass the 2 MB a string may weigh in the object's SQLite.
  for (let at = 0; at < results.length; at += RESTORE_SLICE)
    sql.exec(
      `insert into seats (date_id, seat_id, hold_id, state)
       select j.value ->> 'event_date_id', j.value ->> 'seat_id', j.value ->> 'hold_id',
         case when j.value ->> 'hold_id' glob 'keep:*' then 'kept' else j.value ->> 'state' end
       from json_each(?) j`,
      JSON.stringify(results.slice(at, at + RESTORE_SLICE)),
    );
  // What D1 has is what the object has now: nothing to copy back.
  sql.exec('delete from mirror_seat_changes');
  return results.length;
}

/**
 * An object that lost its storage starts with no seats: it copies D1's mirror back before its first seated
 * sale (once; the mirror lags a change by at most a second, the same bound as the counts' mirror).
 */
export async function rebuildSeats(sql: SqlStorage, db: D1Database, eventId: number) {
  if (sql.exec('select 1 from seats_rebuilt').toArray().length > 0) return;
  const fresh = sql.exec('select 1 from seats limit 1').toArray().length === 0;
  if (fresh) {
    const { results } = await db
      // Held seats' holds were lost with the object (their orders cannot be paid): only sold seats come back.
      .prepare("select event_date_id, seat_id, state, hold_id from event_seats where event_id = ? and state = 'sold'")
      .bind(eventId)
      .all<{ event_date_id: number; seat_id: string; state: string; hold_id: string }>();
    for (const r of results)
      sql.exec(
        'insert or ignore into seats (date_id, seat_id, hold_id, state) values (?, ?, ?, ?)',
        r.event_date_id,
        r.seat_id,
        r.hold_id,
        r.state,
      );
  }
  sql.exec('insert into seats_rebuilt (at) values (?)', Date.now());
}

/** The seats of a hold's items with their names, for the order's rows (order_items.seats). */
export function seatsOfItem(seating: Seating, item: HoldItem): { id: string; name: string }[] | null {
  const type = seating.types.get(item.typeId);
  if (!type || !item.seatIds) return null;
  return item.seatIds.map((id) => ({ id, name: nameOf(seating, type.dateId, id) }));
}

export type TakenSeat = { dateId: number; seatId: string; holdId: string; state: 'held' | 'sold' | 'kept' };

/** Every seat held or sold now (the availability cache and the tests read this). */
export function allTakenSeats(sql: SqlStorage): TakenSeat[] {
  return sql
    .exec<{ date_id: number; seat_id: string; hold_id: string; state: TakenSeat['state'] }>(
      'select date_id, seat_id, hold_id, state from seats order by date_id, seat_id',
    )
    .toArray()
    .map((r) => ({ dateId: r.date_id, seatId: r.seat_id, holdId: r.hold_id, state: r.state }));
}

/**
 * What a waiting-list offer of a seated type chooses from: the type's date, the seats occupied for it (taken, plus
 * the kept wheelchair reserve) and its search plan (only the rows with its seats). Null for a type without seats.
 */
export function offerView(sql: SqlStorage, seating: Seating, typeId: number) {
  const type = seating.types.get(typeId);
  const date = type && seating.dates.get(type.dateId);
  if (!type || !date) return null;
  const { taken, plan } = occupancy(sql, date, { replacing: null });
  const others = withAlso(taken, keptReserve(date, Date.now()), fencedOn(sql, type.dateId));
  return { type, date, others, plan: planOf(type, plan) };
}

/**
 * The seats of a waiting-list offer of a seated type: the best adjacent block for the quantity (the single-seat
 * rule of src/shared/seats.ts, the kept reserve left out), else the free seats one by one from the best row on
 * (what came back may be scattered). Null when fewer are free: the offer waits for more to come back.
 */
export function offerSeats(sql: SqlStorage, seating: Seating, typeId: number, quantity: number): HoldItem | null {
  const view = offerView(sql, seating, typeId);
  if (!view) return null;
  const { type, date, others, plan } = view;
  const block = bestSeats(date.rows, others, type.sellable, quantity, date.map.stage, plan);
  let ids = block?.map((s) => s.id) ?? [];
  if (ids.length < quantity) {
    ids = [];
    for (const r of plan.order) {
      for (const s of date.rows[r] ?? []) {
        if (ids.length < quantity && type.sellable.has(s.id) && !others.has(s.id)) ids.push(s.id);
      }
    }
  }
  return ids.length === quantity ? { typeId, quantity, seatIds: ids, dateId: type.dateId } : null;
}

/**
 * A resold seat passes from its seller's hold to its buyer's (or back, for an undone sale), sold throughout: it
 * is never free in between, so nobody else can take it. The caller checked it is still the seller's or free.
 */
export function passSeat(sql: SqlStorage, dateId: number, seatId: string, toHold: string) {
  sql.exec(
    `insert into seats (date_id, seat_id, hold_id, state) values (?, ?, ?, 'sold')
     on conflict (date_id, seat_id) do update set hold_id = excluded.hold_id, state = 'sold'`,
    dateId,
    seatId,
    toHold,
  );
  noteSeatTaken(sql, dateId, seatId);
  journal(sql, dateId, seatId);
}
