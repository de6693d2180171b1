import type { KeptSeatGroup } from '../../../src/shared/schemas/seating';
import { bestSeats } from '../../../src/shared/seats';
import type { HoldItem } from './items';
import { isFenced } from './map-fences';
import { noteSeatFreed, noteSeatTaken } from './seat-index';
import { journal, type SeatDate, type Seating } from './seats';

/**
 * Held seats (issue 33): seats a producer keeps off the online sale for the box office, sponsors or RRPP, per
 * event date, each group with a release time at which its seats go on sale to anyone. A kept seat is a row of the
 * `seats` table like a held or sold one (state 'kept', hold id `keep:<group>:<ticket type>`), so no buyer can take
 * it and it can never be kept and sold at once; it counts as held in its type, so what is left online is right.
 * The box office may take the seats kept for it ("boletería"). At the release time the rows go away in the
 * object's own step (its alarm, or the next call that reads the stock), without anyone calling anything.
 * `seat_keeps` keeps each group's configuration (its seats and release time), copied to D1 with the object's state.
 */

export const KEPT_SEATS_SCHEMA = `
create table if not exists seat_keeps (
  date_id integer not null,
  grp text not null,
  release_at integer,
  seat_ids text not null,
  primary key (date_id, grp)
);
`;

export type KeptGroupInput = { group: KeptSeatGroup; releaseAt: number | null; seatIds: string[] };
export type KeptGroup = KeptGroupInput & { released: boolean; kept: string[] };
export type KeepResult =
  | { ok: true; groups: KeptGroup[] }
  | { ok: false; reason: 'not_seated' }
  | { ok: false; reason: 'seat_unknown'; seat: string }
  | { ok: false; reason: 'seat_twice'; seat: string }
  | { ok: false; reason: 'seats_taken'; seats: string[] };

const holdIdOf = (group: string, typeId: number) => `keep:${group}:${typeId}`;
const typeOfHold = (holdId: string) => Number(holdId.split(':')[2]);

function keep(sql: SqlStorage, dateId: number, seatId: string, holdId: string) {
  sql.exec("insert into seats (date_id, seat_id, hold_id, state) values (?, ?, ?, 'kept')", dateId, seatId, holdId);
  sql.exec('update types set held = held + 1 where id = ?', typeOfHold(holdId));
  noteSeatTaken(sql, dateId, seatId);
  journal(sql, dateId, seatId);
}

function unkeep(sql: SqlStorage, dateId: number, seatId: string, holdId: string) {
  sql.exec('delete from seats where date_id = ? and seat_id = ?', dateId, seatId);
  sql.exec('update types set held = max(0, held - 1) where id = ?', typeOfHold(holdId));
  noteSeatFreed(sql, dateId, seatId);
  journal(sql, dateId, seatId);
}

type KeptRow = { seat_id: string; hold_id: string };
const keptRows = (sql: SqlStorage, dateId: number) =>
  sql.exec<KeptRow>("select seat_id, hold_id from seats where date_id = ? and state = 'kept'", dateId).toArray();

/**
 * Sets a date's held seats, all groups at once (a group left out keeps nothing). Every seat must be a sellable seat
 * of the date's map, in one group at most, and not held or sold by a buyer: otherwise nothing changes and the
 * answer lists the seats. A group whose release time has passed keeps nothing (its seats are on sale).
 */
export function setKeptSeats(
  sql: SqlStorage,
  seating: Seating,
  date: SeatDate,
  groups: KeptGroupInput[],
  now: number,
): KeepResult {
  const typeOf = new Map<string, number>();
  for (const t of seating.types.values()) if (t.dateId === date.dateId) typeOf.set(t.category, t.typeId);
  const wanted = new Map<string, string>();
  const named = new Set<string>();
  for (const g of groups) {
    for (const id of g.seatIds) {
      const seat = date.byId.get(id);
      const typeId = seat && typeOf.get(seat.category);
      // A seat a new version of the map takes off sale (map-fences.ts) is not kept either.
      if (!seat || seat.blocked || typeId === undefined || isFenced(sql, date.dateId, id))
        return { ok: false, reason: 'seat_unknown', seat: id };
      if (named.has(id)) return { ok: false, reason: 'seat_twice', seat: seat.name };
      named.add(id);
      if (g.releaseAt === null || g.releaseAt > now) wanted.set(id, holdIdOf(g.group, typeId));
    }
  }
  const current = new Map(keptRows(sql, date.dateId).map((r) => [r.seat_id, r.hold_id]));
  const taken = sql
    .exec<KeptRow>(
      "select seat_id, hold_id from seats where date_id = ? and state != 'kept' and seat_id in (select value from json_each(?))",
      date.dateId,
      JSON.stringify([...wanted.keys()]),
    )
    .toArray();
  if (taken.length > 0)
    return { ok: false, reason: 'seats_taken', seats: taken.map((r) => date.byId.get(r.seat_id)?.name ?? r.seat_id) };
  for (const [id, holdId] of current) if (wanted.get(id) !== holdId) unkeep(sql, date.dateId, id, holdId);
  for (const [id, holdId] of wanted) if (current.get(id) !== holdId) keep(sql, date.dateId, id, holdId);
  sql.exec('delete from seat_keeps where date_id = ?', date.dateId);
  for (const g of groups)
    sql.exec(
      'insert into seat_keeps (date_id, grp, release_at, seat_ids) values (?, ?, ?, ?)',
      date.dateId,
      g.group,
      g.releaseAt,
      JSON.stringify(g.seatIds),
    );
  return { ok: true, groups: keptGroups(sql, date.dateId, now) };
}

/** A date's groups as set, with the seats each still keeps. */
export function keptGroups(sql: SqlStorage, dateId: number, now: number): KeptGroup[] {
  const rows = keptRows(sql, dateId);
  return sql
    .exec<{ grp: KeptSeatGroup; release_at: number | null; seat_ids: string }>(
      'select grp, release_at, seat_ids from seat_keeps where date_id = ? order by grp',
      dateId,
    )
    .toArray()
    .map((g) => ({
      group: g.grp,
      releaseAt: g.release_at,
      seatIds: JSON.parse(g.seat_ids) as string[],
      released: g.release_at !== null && g.release_at <= now,
      kept: rows.filter((r) => r.hold_id.startsWith(`keep:${g.grp}:`)).map((r) => r.seat_id),
    }));
}

/**
 * Puts on sale the seats of every group whose release time has come. Answers how many seats were released and
 * the next release time (null: none left).
 */
export function releaseDueKeeps(sql: SqlStorage, now: number): { released: number; next: number | null } {
  let released = 0;
  const due = sql
    .exec<{ date_id: number; grp: string }>(
      'select date_id, grp from seat_keeps where release_at is not null and release_at <= ?',
      now,
    )
    .toArray();
  for (const g of due)
    for (const r of sql
      .exec<KeptRow>(
        'select seat_id, hold_id from seats where date_id = ? and hold_id glob ?',
        g.date_id,
        `keep:${g.grp}:*`,
      )
      .toArray()) {
      unkeep(sql, g.date_id, r.seat_id, r.hold_id);
      released += 1;
    }
  const next = sql
    .exec<{ at: number | null }>('select min(release_at) as at from seat_keeps where release_at > ?', now)
    .one().at;
  return { released, next };
}

/**
 * The box office takes seats kept for it: they stop being kept, in the step that holds them for its sale.
 * Answers what to put back if that hold is then refused (restoreKept).
 */
export function takeBoxOfficeKept(sql: SqlStorage, dateId: number, seatIds: string[]): KeptRow[] {
  const rows = sql
    .exec<KeptRow>(
      "select seat_id, hold_id from seats where date_id = ? and hold_id glob 'keep:boleteria:*' and seat_id in (select value from json_each(?))",
      dateId,
      JSON.stringify(seatIds),
    )
    .toArray();
  for (const r of rows) unkeep(sql, dateId, r.seat_id, r.hold_id);
  return rows;
}

export function restoreKept(sql: SqlStorage, dateId: number, rows: KeptRow[]) {
  for (const r of rows) keep(sql, dateId, r.seat_id, r.hold_id);
}

/** An invitation drawn from a held group: its seats are the group's (named, or the best block of them). */
export type GroupGrant = { group: KeptSeatGroup; typeId: number; quantity: number; seatIds?: string[] };
/** `grant`: which grant of the call was refused (its index), so a file's import names the row. */
export type GroupRefusal =
  | { ok: false; reason: 'not_in_group'; seat: string; group: KeptSeatGroup; grant: number }
  | { ok: false; reason: 'group_short'; typeId: number; quantity: number; group: KeptSeatGroup; grant: number };
/** What was taken out of the groups (to put back if the grant is then refused, or to forget once it is made). */
export type TakenFromGroups = { dateId: number; group: KeptSeatGroup; rows: KeptRow[] }[];

/**
 * Invitations from held seats (sponsors, RRPP, the box office): each grant's seats are checked to be kept by its
 * group for its type (or chosen as the best adjacent block of them, never leaving one of the group's seats alone
 * when a block without that exists) and stop being kept, in the step that then sells them to the invitation.
 * Answers the seats of each grant, in order, and what was taken (restoreKept / forgetGiven), or the refusal.
 */
export function takeForInvitations(
  sql: SqlStorage,
  seating: Seating,
  grants: GroupGrant[],
): { ok: true; seatIds: string[][]; taken: TakenFromGroups } | GroupRefusal {
  const taken: TakenFromGroups = [];
  const undo = () => {
    for (const t of taken) restoreKept(sql, t.dateId, t.rows);
  };
  const seatIds: string[][] = [];
  for (const [grant, g] of grants.entries()) {
    const type = seating.types.get(g.typeId);
    const date = type && seating.dates.get(type.dateId);
    const { typeId, quantity, group } = g;
    const short = { ok: false, reason: 'group_short', typeId, quantity, group, grant } as const;
    if (!type || !date) {
      undo();
      return short;
    }
    const holdId = holdIdOf(g.group, g.typeId);
    const groupSeats = new Set(
      sql
        .exec<{ seat_id: string }>('select seat_id from seats where date_id = ? and hold_id = ?', date.dateId, holdId)
        .toArray()
        .map((r) => r.seat_id),
    );
    let ids: string[];
    if (g.seatIds?.length) {
      const stranger = g.seatIds.find((id) => !groupSeats.has(id));
      if (stranger !== undefined) {
        undo();
        const seat = date.byId.get(stranger)?.name ?? stranger;
        return { ok: false, reason: 'not_in_group', seat, group, grant };
      }
      ids = g.seatIds;
    } else {
      // Best within the group: every seat that is not the group's counts as taken.
      const block = bestSeats(
        date.rows,
        { has: (id) => !groupSeats.has(id) },
        type.sellable,
        g.quantity,
        date.map.stage,
      );
      if (!block) {
        undo();
        return short;
      }
      ids = block.map((s) => s.id);
    }
    const rows = ids.filter((id) => groupSeats.has(id)).map((id) => ({ seat_id: id, hold_id: holdId }));
    for (const r of rows) unkeep(sql, date.dateId, r.seat_id, r.hold_id);
    taken.push({ dateId: date.dateId, group: g.group, rows });
    seatIds.push(ids);
  }
  return { ok: true, seatIds, taken };
}

/**
 * The seats given away are no longer the group's: its configuration forgets them, so saving the groups again or
 * releasing the group never frees (or asks for) a seat that is an invitation's ticket now.
 */
export function forgetGiven(sql: SqlStorage, taken: TakenFromGroups) {
  for (const t of taken) {
    const given = new Set(t.rows.map((r) => r.seat_id));
    const row = sql
      .exec<{ seat_ids: string }>('select seat_ids from seat_keeps where date_id = ? and grp = ?', t.dateId, t.group)
      .toArray()[0];
    if (!row) continue;
    const left = (JSON.parse(row.seat_ids) as string[]).filter((id) => !given.has(id));
    sql.exec(
      'update seat_keeps set seat_ids = ? where date_id = ? and grp = ?',
      JSON.stringify(left),
      t.dateId,
      t.group,
    );
  }
}

/** The grants with their group's seats named (kept-seats' step above); grants without a group pass unchanged. */
export function drawFromGroups<G extends { items: HoldItem[]; group?: KeptSeatGroup }>(
  sql: SqlStorage,
  seating: Seating,
  grants: G[],
): { ok: true; grants: G[]; taken: TakenFromGroups } | GroupRefusal {
  const drawing = grants.filter((g) => g.group !== undefined);
  if (drawing.length === 0) return { ok: true, grants, taken: [] };
  const picks = drawing.map((g) => ({
    group: g.group as KeptSeatGroup,
    typeId: g.items[0].typeId,
    quantity: g.items.reduce((n, i) => n + i.quantity, 0),
    seatIds: g.items.flatMap((i) => i.seatIds ?? []),
  }));
  const drawn = takeForInvitations(sql, seating, picks);
  // The refused grant by its place among all the grants, not only those drawing from a group.
  if (!drawn.ok) return { ...drawn, grant: grants.indexOf(drawing[drawn.grant]) };
  return {
    ok: true,
    taken: drawn.taken,
    grants: grants.map((g) => {
      const at = drawing.indexOf(g);
      if (at < 0) return g;
      const { typeId, quantity } = picks[at];
      return { ...g, items: [{ typeId, quantity, seatIds: drawn.seatIds[at] }] };
    }),
  };
}
