import { CHECKIN_MSG } from '../../../../src/shared/messages/checkin';
import { fail } from '../../lib/errors';

export type CheckinList = { id: number; name: string; type_ids: number[]; allow_reentry: boolean; is_default: boolean };
export type CheckinGate = { id: number; name: string };

type ListRow = { id: number; name: string; type_ids: string; allow_reentry: number; is_default: number };

const toList = (r: ListRow): CheckinList => ({
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

/** The event's ticket types (for list editing and the expected counts). */
export async function eventTypes(db: D1Database, eventId: number) {
  const { results } = await db
    .prepare(
      `select t.id, t.name from ticket_types t join event_dates d on d.id = t.event_date_id
       where d.event_id = ? order by t.id`,
    )
    .bind(eventId)
    .all<{ id: number; name: string }>();
  return results;
}

async function assertTypesOfEvent(db: D1Database, eventId: number, typeIds: number[]) {
  if (typeIds.length === 0) return;
  const known = new Set((await eventTypes(db, eventId)).map((t) => t.id));
  if (typeIds.some((id) => !known.has(id))) fail(400, CHECKIN_MSG.foreignTypes);
}

type ListInput = { name: string; type_ids: number[]; allow_reentry: boolean };

export async function createList(db: D1Database, eventId: number, input: ListInput) {
  await assertTypesOfEvent(db, eventId, input.type_ids);
  const row = await db
    .prepare(
      'insert into checkin_lists (event_id, name, type_ids, allow_reentry) values (?, ?, ?, ?) returning id, name, type_ids, allow_reentry, is_default',
    )
    .bind(eventId, input.name, JSON.stringify([...new Set(input.type_ids)]), input.allow_reentry ? 1 : 0)
    .first<ListRow>();
  return toList(row!);
}

export async function eventOfList(db: D1Database, listId: number) {
  const row = await db
    .prepare('select event_id from checkin_lists where id = ?')
    .bind(listId)
    .first<{ event_id: number }>();
  if (!row) fail(404, CHECKIN_MSG.unknownList);
  return row.event_id;
}

export async function eventOfGate(db: D1Database, gateId: number) {
  const row = await db
    .prepare('select event_id from checkin_gates where id = ?')
    .bind(gateId)
    .first<{ event_id: number }>();
  if (!row) fail(404, CHECKIN_MSG.unknownGate);
  return row.event_id;
}

export async function updateList(db: D1Database, eventId: number, listId: number, input: ListInput) {
  await assertTypesOfEvent(db, eventId, input.type_ids);
  const row = await db
    .prepare(
      `update checkin_lists set name = ?, type_ids = ?, allow_reentry = ? where id = ?
       returning id, name, type_ids, allow_reentry, is_default`,
    )
    .bind(input.name, JSON.stringify([...new Set(input.type_ids)]), input.allow_reentry ? 1 : 0, listId)
    .first<ListRow>();
  return toList(row!);
}

export async function createGate(db: D1Database, eventId: number, name: string) {
  return (await db
    .prepare('insert into checkin_gates (event_id, name) values (?, ?) returning id, name')
    .bind(eventId, name)
    .first<CheckinGate>())!;
}

export async function renameGate(db: D1Database, gateId: number, name: string) {
  return (await db
    .prepare('update checkin_gates set name = ? where id = ? returning id, name')
    .bind(name, gateId)
    .first<CheckinGate>())!;
}
