import { inventoryOf, queueOf } from '../../../durable-objects/stubs';
import { objectId } from '../../../lib/object-ids';

/**
 * A person's places in the events' objects (issue 35): waiting-list entries live in each event's inventory
 * object, queue places in its queue object. Which objects hold one of theirs is read from the objects' copy in
 * D1 (object_state, its `object_state_person` index); what each place says is asked of the object itself, the
 * authority. A join waits for its copy before it answers, so every place a person was told of is found here.
 */

export type ObjectPlaces = { kind: 'inventory' | 'queue'; eventId: number; eventTitle: string };

/** The objects keeping a place of the person's, with their event (at most `limit`, latest events first). */
export async function objectsWithPlaces(db: D1Database, userId: number, limit = 500): Promise<ObjectPlaces[]> {
  const { results } = await db
    .prepare(
      // The event is the object's own row (the inventory's meta, the queue's config), in the same copy.
      `select s.kind, json_extract(m.data, '$.event_id') as event_id, e.title
         from object_state s
         join object_state m on m.object = s.object and m.tbl = (case s.kind when 'queue' then 'config' else 'meta' end)
         join events e on e.id = json_extract(m.data, '$.event_id')
        where s.tbl in ('waitlist', 'entries') and json_extract(s.data, '$.user_id') = ?
        group by s.kind, s.object order by e.starts_at desc limit ?`,
    )
    .bind(userId, limit)
    .all<{ kind: 'inventory' | 'queue'; event_id: number; title: string }>();
  return results.map((r) => ({ kind: r.kind, eventId: r.event_id, eventTitle: r.title }));
}

/**
 * Account deletion: every object keeping a place of the person's removes it (or, where an offer must stay
 * consistent, keeps it without name, e-mail or DNI), each through its own step, and answers once its copy in
 * D1 says so too. Idempotent: asked again, an object finds nothing left to forget.
 */
export async function forgetPlaces(env: Env, userId: number): Promise<void> {
  const objects = await objectsWithPlaces(env.DB, userId, 10_000);
  await Promise.all(
    objects.map((o) =>
      o.kind === 'queue' ? queueOf(env, o.eventId).forget(userId) : inventoryOf(env, o.eventId).forgetPerson(userId),
    ),
  );
}

/**
 * Retention: the event's waiting list and queue keep no name, e-mail or DNI (each object in its own step, its
 * copy in D1 with it). Only objects whose copy holds such rows are asked (nothing is woken up for nothing).
 */
export async function eraseEventPlaces(env: Env, eventId: number): Promise<void> {
  const inventory = objectId(env.EVENT_INVENTORY, `event:${eventId}`).toString();
  const queue = objectId(env.EVENT_QUEUE, `queue:${eventId}`).toString();
  const { results } = await env.DB.prepare(
    `select distinct tbl from object_state
      where (object = ?1 and tbl = 'waitlist') or (object = ?2 and tbl = 'entries')`,
  )
    .bind(inventory, queue)
    .all<{ tbl: string }>();
  const kept = new Set(results.map((r) => r.tbl));
  await Promise.all([
    kept.has('waitlist') ? inventoryOf(env, eventId).eraseWaitlist() : null,
    kept.has('entries') ? queueOf(env, eventId).eraseDnis() : null,
  ]);
}
