/**
 * An event's check-in setup (its lists and gates) as the API and the event's check-in object both read it:
 * the same statements, the same rows, the same default list and gate created on first use.
 */

export type CheckinList = { id: number; name: string; type_ids: number[]; allow_reentry: boolean; is_default: boolean };
export type CheckinGate = { id: number; name: string };

export type ListRow = { id: number; name: string; type_ids: string; allow_reentry: number; is_default: number };

export const toList = (r: ListRow): CheckinList => ({
  id: r.id,
  name: r.name,
  type_ids: JSON.parse(r.type_ids) as number[],
  allow_reentry: r.allow_reentry === 1,
  is_default: r.is_default === 1,
});

/** The statements that read an event's lists and gates (part of a scan's one D1 batch). */
export function setupStatements(db: D1Database, eventId: number) {
  return [
    db
      .prepare('select id, name, type_ids, allow_reentry, is_default from checkin_lists where event_id = ? order by id')
      .bind(eventId),
    db.prepare('select id, name from checkin_gates where event_id = ? order by id').bind(eventId),
  ];
}

export function setupFrom(lists: D1Result, gates: D1Result) {
  return { lists: (lists.results as ListRow[]).map(toList), gates: gates.results as CheckinGate[] };
}

/**
 * An event's lists and gates. Every event has a default list covering all its ticket types and a first
 * gate, created here on first use (a unique default is guaranteed by the `where not exists`).
 */
export async function checkinSetup(db: D1Database, eventId: number) {
  let setup = setupFrom(...((await db.batch(setupStatements(db, eventId))) as [D1Result, D1Result]));
  if (setup.lists.length > 0 && setup.gates.length > 0) return setup;
  await db.batch([
    db
      .prepare(
        `insert into checkin_lists (event_id, name, is_default) select ?, 'General', 1
         where not exists (select 1 from checkin_lists where event_id = ?)`,
      )
      .bind(eventId, eventId),
    db
      .prepare(
        `insert into checkin_gates (event_id, name) select ?, 'Puerta 1'
         where not exists (select 1 from checkin_gates where event_id = ?)`,
      )
      .bind(eventId, eventId),
  ]);
  setup = setupFrom(...((await db.batch(setupStatements(db, eventId))) as [D1Result, D1Result]));
  return setup;
}
