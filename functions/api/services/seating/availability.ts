import { HOLD_MSG } from '../../../../src/shared/messages/checkout';
import { SEATING_MSG } from '../../../../src/shared/messages/seating';
import type { SeatMap } from '../../../../src/shared/schemas/seating';
import { mapOutline, placedSeats, type SeatMapOutline } from '../../../../src/shared/seats';
import { readMapDoc } from '../../../domain/seating/map-doc';
import { fail } from '../../lib/errors';

/**
 * The buyer's seat map (issue 33): each seated date's map with what each category and standing section sells,
 * and the availability the page polls, built from D1's mirror of the inventory objects' seats (event_seats,
 * at most about a second behind) and kept for a second in the isolate. However many people look at a map,
 * its event's inventory object is never asked: at most one D1 read per event per second per isolate.
 */

export type SeatSale = { ticket_type_id: number; name: string; price_cents: number };
export type SeatedDate = {
  event_date_id: number;
  map: SeatMap;
  /** What each category's seats cost (by category key) and what each standing section sells (by section id). */
  categories: Record<string, SeatSale>;
  standing: Record<string, SeatSale>;
};
export type SectionLeft = { id: string; available: number; total: number };
export type SeatAvailability = {
  dates: { event_date_id: number; taken: string[]; sections: SectionLeft[] }[];
  /** When this was read (the page shows the map as of then). */
  at: string;
};
/** What the isolate keeps: each date's taken seats also by section, for the page that shows one section. */
type CachedAvailability = SeatAvailability & { bySection: Map<string, string[]>[] };
/** Map documents by id and version: they never change (a change is a new version). */
const maps = new Map<string, Promise<SeatMap>>();
const MAX_MAPS = 50;

export function mapDoc(db: D1Database, mapId: number, version: number): Promise<SeatMap> {
  const key = `${mapId}:${version}`;
  let found = maps.get(key);
  if (!found) {
    if (maps.size >= MAX_MAPS) maps.clear();
    found = readMapDoc(db, mapId, version).then((map) => {
      if (!map) throw new Error(`Seat map ${key} has no document`);
      return map;
    });
    found.catch(() => maps.delete(key));
    maps.set(key, found);
  }
  return found;
}

type DateRow = { event_date_id: number; map_id: number; version: number };
type SaleRow = {
  event_date_id: number;
  key: string;
  kind: 'category' | 'standing';
  ticket_type_id: number;
  name: string;
  price_cents: number;
  capacity: number;
  sold: number;
  held: number;
};

/** The seated dates of a published event (null when it is not on sale or has none). */
async function seatedRows(db: D1Database, eventId: number) {
  const [dates, sales] = await db.batch([
    db
      .prepare(
        `select s.event_date_id, s.map_id, m.version from event_date_seating s join seat_maps m on m.id = s.map_id
         join events e on e.id = s.event_id where s.event_id = ? and e.status = 'publicado' order by s.event_date_id`,
      )
      .bind(eventId),
    db
      .prepare(
        `select c.event_date_id, c.category as key, 'category' as kind, t.id as ticket_type_id, t.name, t.price_cents,
           t.capacity, t.sold, t.held
         from seat_category_types c join ticket_types t on t.id = c.ticket_type_id
         join event_date_seating s on s.event_date_id = c.event_date_id where s.event_id = ?1
         union all
         select x.event_date_id, x.section_id, 'standing', t.id, t.name, t.price_cents, t.capacity, t.sold, t.held
         from standing_section_types x join ticket_types t on t.id = x.ticket_type_id
         join event_date_seating s on s.event_date_id = x.event_date_id where s.event_id = ?1`,
      )
      .bind(eventId),
  ]);
  const rows = dates.results as DateRow[];
  return rows.length === 0 ? null : { rows, sales: sales.results as SaleRow[] };
}

const sale = (r: SaleRow): SeatSale => ({ ticket_type_id: r.ticket_type_id, name: r.name, price_cents: r.price_cents });

export async function seatedDates(env: Env, eventId: number): Promise<SeatedDate[]> {
  const found = await seatedRows(env.DB, eventId);
  if (!found) fail(404, HOLD_MSG.noEventOnSale);
  const { rows, sales } = found;
  return Promise.all(
    rows.map(async (r) => {
      const mine = sales.filter((s) => s.event_date_id === r.event_date_id);
      return {
        event_date_id: r.event_date_id,
        map: await mapDoc(env.DB, r.map_id, r.version),
        categories: Object.fromEntries(mine.filter((s) => s.kind === 'category').map((s) => [s.key, sale(s)])),
        standing: Object.fromEntries(mine.filter((s) => s.kind === 'standing').map((s) => [s.key, sale(s)])),
      };
    }),
  );
}

/**
 * One seated section of a date's map with its rows and seats (the buyer opens one section at a time). 404 when
 * the event is not on sale, or the date or the section is not one of its seated ones.
 */
export async function seatSection(env: Env, eventId: number, dateId: number, sectionId: string) {
  const found = await seatedRows(env.DB, eventId);
  const date = found?.rows.find((r) => r.event_date_id === dateId);
  if (!date) fail(404, HOLD_MSG.noEventOnSale);
  const map = await mapDoc(env.DB, date.map_id, date.version);
  const section = map.sections.find(
    (s): s is Extract<SeatMap['sections'][number], { kind: 'seated' }> => s.id === sectionId && s.kind === 'seated',
  );
  if (!section) fail(404, SEATING_MSG.unknownSection(sectionId));
  return { event_date_id: dateId, section };
}

/**
 * What the buyer's page loads first: the seated dates with their maps without seats (a 40,000-seat stadium in a
 * few kilobytes); the page opens a section's seats on demand (`seatSection`).
 */
export async function seatedDateOutlines(
  env: Env,
  eventId: number,
): Promise<(Omit<SeatedDate, 'map'> & { map: SeatMapOutline })[]> {
  const dates = await seatedDates(env, eventId);
  return dates.map((d) => ({ ...d, map: outlineOf(d.map) }));
}

const outlines = new WeakMap<SeatMap, SeatMapOutline>();
function outlineOf(map: SeatMap) {
  let found = outlines.get(map);
  if (!found) {
    found = mapOutline(map);
    outlines.set(map, found);
  }
  return found;
}

const AVAILABILITY_MS = 1000;
const availability = new Map<number, { at: number; value: Promise<CachedAvailability | null> }>();

/**
 * What is left on each seated date, as of at most a second ago (see the module's comment). The cached read
 * answers null for an event that is not on sale: each caller then fails on its own (an error's response is
 * never shared between requests).
 */
export async function seatAvailability(env: Env, eventId: number, section?: string): Promise<SeatAvailability> {
  const hit = availability.get(eventId);
  let value = hit && Date.now() - hit.at < AVAILABILITY_MS ? hit.value : null;
  if (!value) {
    if (availability.size >= 1000) availability.clear();
    value = readAvailability(env.DB, eventId);
    value.catch(() => availability.delete(eventId));
    availability.set(eventId, { at: Date.now(), value });
  }
  const found = await value;
  if (!found) fail(404, HOLD_MSG.noEventOnSale);
  // A section's page needs that section's taken seats alone (an empty `section`: the counts alone).
  const dates =
    section === undefined
      ? found.dates
      : found.dates.map((d, i) => ({ ...d, taken: found.bySection[i].get(section) ?? [] }));
  return { dates, at: found.at };
}

async function readAvailability(db: D1Database, eventId: number): Promise<CachedAvailability | null> {
  const at = new Date().toISOString();
  const [found, taken] = await Promise.all([
    seatedRows(db, eventId),
    db
      .prepare('select event_date_id, seat_id from event_seats where event_id = ?')
      .bind(eventId)
      .all<{ event_date_id: number; seat_id: string }>(),
  ]);
  if (!found) return null;
  const { rows, sales } = found;
  const dates = await Promise.all(
    rows.map(async (r) => {
      const map = await mapDoc(db, r.map_id, r.version);
      const gone = new Set(taken.results.filter((t) => t.event_date_id === r.event_date_id).map((t) => t.seat_id));
      const sections = new Map<string, SectionLeft>();
      const bySection = new Map<string, string[]>();
      for (const s of placedSeats(map)) {
        const left = sections.get(s.section) ?? { id: s.section, available: 0, total: 0 };
        if (!s.blocked) {
          left.total += 1;
          if (!gone.has(s.id)) left.available += 1;
        }
        if (gone.has(s.id)) {
          const ids = bySection.get(s.section) ?? [];
          ids.push(s.id);
          bySection.set(s.section, ids);
        }
        sections.set(s.section, left);
      }
      for (const st of sales.filter((x) => x.event_date_id === r.event_date_id && x.kind === 'standing'))
        sections.set(st.key, {
          id: st.key,
          total: st.capacity,
          available: Math.max(0, st.capacity - st.sold - st.held),
        });
      for (const ids of bySection.values()) ids.sort();
      const date = { event_date_id: r.event_date_id, taken: [...gone].sort(), sections: [...sections.values()] };
      return { date, bySection };
    }),
  );
  return { dates: dates.map((d) => d.date), bySection: dates.map((d) => d.bySection), at };
}
