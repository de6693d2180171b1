import { placedSeats } from '../../../../src/shared/seats';
import { mapDoc } from './availability';

/**
 * Occupancy by section of seated dates (issue 33), for the dashboard: per section of the date's map, its seats
 * (or a standing section's places) sold, held (a checkout or the box office holding them) and free. Read from
 * D1's mirror of the inventory objects' seats (event_seats, at most about a second behind) and the standing
 * sections' ticket types; blocked seats are no one's to sell and count in no column.
 */
export type SectionOccupancy = { id: string; name: string; total: number; sold: number; held: number; free: number };

export async function sectionOccupancy(db: D1Database, dateIds: number[]): Promise<Map<number, SectionOccupancy[]>> {
  const out = new Map<number, SectionOccupancy[]>();
  if (dateIds.length === 0) return out;
  const ids = JSON.stringify(dateIds);
  const [dates, seats, standing] = await db.batch([
    db
      .prepare(
        `select s.event_date_id, s.map_id, m.version from event_date_seating s join seat_maps m on m.id = s.map_id
         where s.event_date_id in (select value from json_each(?))`,
      )
      .bind(ids),
    db
      .prepare(
        `select event_date_id, seat_id, state from event_seats where event_date_id in (select value from json_each(?))`,
      )
      .bind(ids),
    db
      .prepare(
        `select x.event_date_id, x.section_id, t.capacity, t.sold, t.held
         from standing_section_types x join ticket_types t on t.id = x.ticket_type_id
         where x.event_date_id in (select value from json_each(?))`,
      )
      .bind(ids),
  ]);
  const stateOf = new Map<string, string>();
  for (const r of seats.results as { event_date_id: number; seat_id: string; state: string }[])
    stateOf.set(`${r.event_date_id}:${r.seat_id}`, r.state);
  const standingRows = standing.results as {
    event_date_id: number;
    section_id: string;
    capacity: number;
    sold: number;
    held: number;
  }[];
  for (const d of dates.results as { event_date_id: number; map_id: number; version: number }[]) {
    const map = await mapDoc(db, d.map_id, d.version);
    const sections = new Map<string, SectionOccupancy>(
      map.sections.map((s) => [s.id, { id: s.id, name: s.name, total: 0, sold: 0, held: 0, free: 0 }]),
    );
    for (const seat of placedSeats(map)) {
      const section = sections.get(seat.section)!;
      const state = stateOf.get(`${d.event_date_id}:${seat.id}`);
      // A blocked seat already sold or held before it was blocked still counts as what it is.
      if (seat.blocked && !state) continue;
      section.total += 1;
      if (state === 'sold') section.sold += 1;
      else if (state === 'held') section.held += 1;
      else section.free += 1;
    }
    for (const st of standingRows.filter((r) => r.event_date_id === d.event_date_id)) {
      const section = sections.get(st.section_id);
      if (!section) continue;
      Object.assign(section, {
        total: st.capacity,
        sold: st.sold,
        held: st.held,
        free: Math.max(0, st.capacity - st.sold - st.held),
      });
    }
    out.set(d.event_date_id, [...sections.values()]);
  }
  return out;
}
