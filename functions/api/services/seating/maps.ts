import { SEATING_MSG, seatName } from '../../../../src/shared/messages/seating';
import { type SeatMap, SeatMapSchema } from '../../../../src/shared/schemas/seating';
import { placedSeats } from '../../../../src/shared/seats';
import { mapDocStatements, readMapDoc } from '../../../domain/seating/map-doc';
import { checkMap, type MapProblem } from '../../../domain/seating/seat-map';
import { inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';

/**
 * A producer's venue maps (issue 33) in D1: each version's document gzipped in parts (domain/seating/map-doc.ts), the current
 * version on seat_maps. A new version of a map that dates use is checked against the seats their inventory
 * objects hold, sold or keep, in the objects themselves and in the same step as they stop selling the seats it
 * takes off (map-fences.ts), and refused, with the list, if any of those would go.
 */

export type SeatMapSummary = {
  id: number;
  name: string;
  version: number;
  seats: number;
  in_use: number;
  updated_at: string;
  /** The dates that use the map, each with its event. */
  dates: { event_id: number; title: string; event_date_id: number; starts_at: string }[];
};

const refuse = (p: MapProblem): never => fail(422, p.message, p.errors);

/** The map's checks beyond its JSON shape (checkMap), as a 422 naming the seat. */
export function assertValidMap(map: SeatMap) {
  // A generated or edited map passes the document's own schema too (a long section id can make its seat ids too long).
  const shape = SeatMapSchema.safeParse(map);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    fail(422, issue.message, { [issue.path.join('.') || 'map']: [issue.message] });
  }
  const p = checkMap(map);
  if (p) refuse(p);
}

export async function listSeatMaps(db: D1Database, producerId: number): Promise<SeatMapSummary[]> {
  const [maps, dates] = await db.batch([
    db
      .prepare(
        `select m.id, m.name, m.version, m.seats, m.updated_at from seat_maps m
         where m.producer_id = ? order by m.name, m.id`,
      )
      .bind(producerId),
    db
      .prepare(
        `select s.map_id, e.id as event_id, e.title, d.id as event_date_id, d.starts_at
         from event_date_seating s join seat_maps m on m.id = s.map_id join events e on e.id = s.event_id
         join event_dates d on d.id = s.event_date_id where m.producer_id = ? order by d.starts_at, d.id`,
      )
      .bind(producerId),
  ]);
  type DateRow = SeatMapSummary['dates'][number] & { map_id: number };
  const used = dates.results as DateRow[];
  return (maps.results as Omit<SeatMapSummary, 'dates' | 'in_use'>[]).map((m) => {
    const mine = used.filter((d) => d.map_id === m.id).map(({ map_id: _map, ...d }) => d);
    return { ...m, in_use: mine.length, dates: mine };
  });
}

export async function createSeatMap(db: D1Database, producerId: number, map: SeatMap, userId: number) {
  assertValidMap(map);
  const seats = placedSeats(map).length;
  const row = await db
    .prepare('insert into seat_maps (producer_id, name, seats) values (?, ?, ?) returning id')
    .bind(producerId, map.name, seats)
    .first<{ id: number }>();
  await db.batch(await mapDocStatements(db, { mapId: row!.id, version: 1, createdBy: userId }, map));
  return { id: row!.id, version: 1, seats };
}

/** The map's current version (or the version named), 404 when it is not the producer's. */
export async function readSeatMap(db: D1Database, producerId: number | null, mapId: number, version?: number) {
  const row = await db
    .prepare(
      `select m.id, m.producer_id, v.version from seat_maps m
       join seat_map_versions v on v.map_id = m.id and v.version = coalesce(?, m.version)
       where m.id = ? and (? is null or m.producer_id = ?)`,
    )
    .bind(version ?? null, mapId, producerId, producerId)
    .first<{ id: number; producer_id: number; version: number }>();
  const map = row ? await readMapDoc(db, row.id, row.version) : null;
  if (!row || !map) return fail(404, SEATING_MSG.mapNotFound);
  return { id: row.id, producerId: row.producer_id, version: row.version, map };
}

/** The seats `next` takes off sale: gone from the map, or blocked where `current` sells them. */
function seatsTakenOff(current: SeatMap, next: SeatMap) {
  const after = new Map(placedSeats(next).map((s) => [s.id, s]));
  const gone: string[] = [];
  const blocked: string[] = [];
  for (const s of placedSeats(current)) {
    const now = after.get(s.id);
    if (!now) gone.push(s.id);
    else if (now.blocked && !s.blocked) blocked.push(s.id);
  }
  return { gone, blocked };
}

/**
 * Fences the seats `next` takes off sale in the inventory object of every event whose dates use the map
 * (map-fences.ts): each object checks them against the seats it holds, sold or keeps and refuses new holds of them
 * from then on, in one step. Refused by any object: the fences already made go, and the answer names the seats in
 * use with their event. Answers what undoes the fences (the version's D1 write may still fail).
 */
async function fenceSeatsInUse(env: Env, mapId: number, version: number, current: SeatMap, next: SeatMap) {
  const { gone, blocked } = seatsTakenOff(current, next);
  const none = { undo: async () => {} };
  if (gone.length === 0 && blocked.length === 0) return none;
  const { results: dates } = await env.DB.prepare(
    `select d.event_date_id, d.event_id, e.title from event_date_seating d join events e on e.id = d.event_id
     where d.map_id = ?`,
  )
    .bind(mapId)
    .all<{ event_date_id: number; event_id: number; title: string }>();
  if (dates.length === 0) return none;
  const titles = new Map(dates.map((d) => [d.event_date_id, d.title]));
  const events = [...new Set(dates.map((d) => d.event_id))];
  const token = crypto.randomUUID();
  const dateIdsOf = (eventId: number) => dates.filter((d) => d.event_id === eventId).map((d) => d.event_date_id);
  const fenced = await Promise.allSettled(
    events.map((id) =>
      inventoryOf(env, id).fenceMapVersion({ token, mapId, version, dateIds: dateIdsOf(id), gone, blocked }),
    ),
  );
  const undo = async () => {
    await Promise.allSettled(events.map((id) => inventoryOf(env, id).dropMapFence(token)));
  };
  const failed = fenced.find((f) => f.status === 'rejected');
  if (failed) {
    await undo();
    throw failed.reason;
  }
  const taken = fenced.flatMap((f) => (f.status === 'fulfilled' && !f.value.ok ? f.value.taken : []));
  if (taken.length === 0) return { undo };
  await undo();
  const before = new Map(placedSeats(current).map((s) => [s.id, s]));
  const named = (why: 'gone' | 'blocked') => [
    ...new Set(
      taken
        .filter((r) => r.why === why)
        .map((r) => {
          const was = before.get(r.seatId);
          const seat = was ? seatName(was.sectionName, was.row, was.number) : r.seatId;
          return SEATING_MSG.seatInUse(seat, titles.get(r.dateId) ?? '');
        }),
    ),
  ];
  const [goneInUse, blockedInUse] = [named('gone'), named('blocked')];
  if (goneInUse.length > 0) fail(409, SEATING_MSG.seatsInUse(goneInUse.length), { seats: goneInUse });
  return fail(409, SEATING_MSG.blockedInUse(blockedInUse.length), { seats: blockedInUse });
}

/**
 * Saves `next` as the map's new version, if the map is still at the version read (a conditional write: two editors
 * never both win) and no held, sold or kept seat would disappear or be blocked (409 with the list otherwise). The
 * check and the switch cannot be split by a sale: the seats taken off sale are fenced in the events' inventory
 * objects before the write (fenceSeatsInUse), and the fences are undone if the write does not happen.
 */
export async function saveSeatMapVersion(env: Env, producerId: number, mapId: number, next: SeatMap, userId: number) {
  assertValidMap(next);
  const db = env.DB;
  const current = await readSeatMap(db, producerId, mapId);
  const version = current.version + 1;
  const doc = await mapDocStatements(db, { mapId, version, createdBy: userId }, next, {
    sql: '(select version from seat_maps where id = ?) = ?',
    values: [mapId, version],
  });
  // Right before the write: from here to the write, the seats it takes off are sold nowhere.
  const fences = await fenceSeatsInUse(env, mapId, version, current.map, next);
  const write = db.batch([
    db
      .prepare(
        "update seat_maps set version = ?, name = ?, seats = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ? and version = ? returning id",
      )
      .bind(version, next.name, placedSeats(next).length, mapId, current.version),
    ...doc,
  ]);
  // Two editors on the same version: the second's version row collides with the first's (nothing written).
  const moved = await write.then(
    ([update]) => update.results.length > 0,
    (err: unknown) => (/constraint/i.test(String(err)) ? false : { failed: err }),
  );
  if (moved === false) {
    await fences.undo();
    // Another editor saved first: this edit was made on an older version.
    fail(409, SEATING_MSG.versionMoved);
  }
  // The events that use the map read it again (their inventory objects' seating). Also when it is unknown whether
  // the write happened: the fences stay, and each object keeps them only while this version is not the one it reads.
  const { results } = await db
    .prepare('select distinct event_id from event_date_seating where map_id = ?')
    .bind(mapId)
    .all<{ event_id: number }>();
  await emit(env, ...results.map((r) => ({ kind: 'saleConfigChanged' as const, eventId: r.event_id })));
  if (typeof moved === 'object') throw moved.failed;
  return { id: mapId, version, seats: placedSeats(next).length };
}
