import { CHECKIN_MSG } from '../../../../src/shared/messages/checkin';
import { type CheckinGate, checkinSetup, type ListRow, toList } from '../../../domain/checkin/setup';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';

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

/** A new list of the event (its default list and gate first, when they do not exist yet). */
export async function createList(env: Env, eventId: number, input: ListInput) {
  const db = env.DB;
  await checkinSetup(db, eventId);
  await assertTypesOfEvent(db, eventId, input.type_ids);
  const row = await db
    .prepare(
      'insert into checkin_lists (event_id, name, type_ids, allow_reentry) values (?, ?, ?, ?) returning id, name, type_ids, allow_reentry, is_default',
    )
    .bind(eventId, input.name, JSON.stringify([...new Set(input.type_ids)]), input.allow_reentry ? 1 : 0)
    .first<ListRow>();
  await emit(env, { kind: 'doorSetupChanged', eventId });
  return toList(row!);
}

export async function updateList(env: Env, eventId: number, listId: number, input: ListInput) {
  const db = env.DB;
  await assertTypesOfEvent(db, eventId, input.type_ids);
  const row = await db
    .prepare(
      `update checkin_lists set name = ?, type_ids = ?, allow_reentry = ? where id = ?
       returning id, name, type_ids, allow_reentry, is_default`,
    )
    .bind(input.name, JSON.stringify([...new Set(input.type_ids)]), input.allow_reentry ? 1 : 0, listId)
    .first<ListRow>();
  await emit(env, { kind: 'doorSetupChanged', eventId });
  return toList(row!);
}

/** A new gate of the event (its default list and gate first, when they do not exist yet). */
export async function createGate(env: Env, eventId: number, name: string) {
  await checkinSetup(env.DB, eventId);
  const gate = (await env.DB.prepare('insert into checkin_gates (event_id, name) values (?, ?) returning id, name')
    .bind(eventId, name)
    .first<CheckinGate>())!;
  await emit(env, { kind: 'doorSetupChanged', eventId });
  return gate;
}

export async function renameGate(env: Env, eventId: number, gateId: number, name: string) {
  const gate = (await env.DB.prepare('update checkin_gates set name = ? where id = ? returning id, name')
    .bind(name, gateId)
    .first<CheckinGate>())!;
  await emit(env, { kind: 'doorSetupChanged', eventId });
  return gate;
}
