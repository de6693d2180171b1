/**
 * A new version of a seat map in use, adopted by the inventory object of each event that uses it (issue 33). The
 * seats the new version takes off sale (gone from the map, or newly blocked) are checked against the object's
 * `seats` table and fenced in the same synchronous step: if none is held, sold or kept, the object refuses every
 * later hold, box-office sale, invitation, waiting-list offer or held-seat group of them, before the version is
 * written to D1. A seat can then never be sold between the check and the switch.
 *
 * A fence is a row of `seat_fences` (copied to D1's object_state with the object's state, so a lost object gets it
 * back) and lives until it is no longer needed: the save that made it takes it back when its D1 write failed
 * (`dropMapFence`); once the object's seating is read again with that version or a newer one (the map was
 * switched, or another editor won), it is pruned (`pruneFences`); a fence whose save never finished (the worker
 * died between the fence and its D1 write) is pruned after FENCE_TTL_MS, at the next reading of the seating.
 */

export const MAP_FENCES_SCHEMA = `
create table if not exists seat_fences (
  token text not null,
  date_id integer not null,
  map_id integer not null,
  version integer not null,
  seat_ids text not null,
  at integer not null,
  primary key (token, date_id)
);
`;

/** How long a fence waits for its version to reach D1 (a save writes it right after its fences: well under this). */
export const FENCE_TTL_MS = 5 * 60_000;

/** What the map's save asks of one event's object. */
export type MapFence = {
  /** The save's own id (two editors saving the same version each fence under their own). */
  token: string;
  mapId: number;
  version: number;
  /** The event's dates that use the map. */
  dateIds: number[];
  /** Seats the new version drops, and seats it blocks that the current one did not. */
  gone: string[];
  blocked: string[];
};

export type FenceResult =
  | { ok: true }
  | { ok: false; taken: { dateId: number; seatId: string; state: string; why: 'gone' | 'blocked' }[] };

const fences = new WeakMap<SqlStorage, Map<number, Set<string>>>();

/** The fenced seats by date (kept in memory; read from the table once per object instance). */
function fenced(sql: SqlStorage): Map<number, Set<string>> {
  let byDate = fences.get(sql);
  if (!byDate) {
    byDate = new Map();
    for (const r of sql.exec<{ date_id: number; seat_ids: string }>('select date_id, seat_ids from seat_fences')) {
      const set = byDate.get(r.date_id) ?? new Set<string>();
      for (const id of JSON.parse(r.seat_ids) as string[]) set.add(id);
      byDate.set(r.date_id, set);
    }
    fences.set(sql, byDate);
  }
  return byDate;
}

/** The seats of a date no one may take now (a lookup like the occupied seats'). */
export const fencedOn = (sql: SqlStorage, dateId: number): ReadonlySet<string> => fenced(sql).get(dateId) ?? EMPTY;

const EMPTY: ReadonlySet<string> = new Set();

/** Whether a seat of a date is fenced. */
export const isFenced = (sql: SqlStorage, dateId: number, seatId: string) => fencedOn(sql, dateId).has(seatId);

/**
 * Checks the seats a new version takes off sale and fences them, in one synchronous step: refused with the seats
 * that are held, sold or kept, else fenced. Nothing to check: nothing fenced.
 */
export function fenceMapVersion(sql: SqlStorage, fence: MapFence, now: number): FenceResult {
  const off = [...fence.gone, ...fence.blocked];
  if (off.length === 0 || fence.dateIds.length === 0) return { ok: true };
  const gone = new Set(fence.gone);
  const taken = sql
    .exec<{ date_id: number; seat_id: string; state: string }>(
      `select date_id, seat_id, state from seats where date_id in (select value from json_each(?))
       and seat_id in (select value from json_each(?)) order by date_id, seat_id`,
      JSON.stringify(fence.dateIds),
      JSON.stringify(off),
    )
    .toArray();
  if (taken.length > 0)
    return {
      ok: false,
      taken: taken.map((r) => ({
        dateId: r.date_id,
        seatId: r.seat_id,
        state: r.state,
        why: gone.has(r.seat_id) ? 'gone' : 'blocked',
      })),
    };
  for (const dateId of fence.dateIds)
    sql.exec(
      `insert into seat_fences (token, date_id, map_id, version, seat_ids, at) values (?, ?, ?, ?, ?, ?)
       on conflict (token, date_id) do update set seat_ids = excluded.seat_ids`,
      fence.token,
      dateId,
      fence.mapId,
      fence.version,
      JSON.stringify(off),
      now,
    );
  fences.delete(sql);
  return { ok: true };
}

/** The save that made a fence failed (refused elsewhere, or another editor saved first): its seats are free again. */
export function dropMapFence(sql: SqlStorage, token: string) {
  sql.exec('delete from seat_fences where token = ?', token);
  fences.delete(sql);
}

/**
 * After the seating was read from D1 (each seated date's map and version): drops the fences it no longer needs
 * (their version or a newer one is now the date's map, or the date uses another map or none) and those whose save
 * never finished. Runs in the step that sets the seating, so no hold sees the new map without its fences.
 */
export function pruneFences(sql: SqlStorage, dates: Map<number, { mapId: number; version: number }>, now: number) {
  const rows = sql
    .exec<{ token: string; date_id: number; map_id: number; version: number; at: number }>(
      'select token, date_id, map_id, version, at from seat_fences',
    )
    .toArray();
  let dropped = false;
  for (const r of rows) {
    const date = dates.get(r.date_id);
    const done = !date || date.mapId !== r.map_id || date.version >= r.version;
    if (done || now - r.at > FENCE_TTL_MS) {
      sql.exec('delete from seat_fences where token = ? and date_id = ?', r.token, r.date_id);
      dropped = true;
    }
  }
  if (dropped) fences.delete(sql);
}
