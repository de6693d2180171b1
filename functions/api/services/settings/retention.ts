import { RETENTION_TEXT } from '../../../../src/shared/messages/settings';
import { emit } from '../../reactions';
import { eraseEventPlaces } from '../accounts/object-places';

/**
 * Retention of attendee data (issue 35): a producer's "Borrar datos de asistentes N días después del evento"
 * (producer_settings.attendee_retention_days, 365 by default). N days after an event's last date ends, the
 * cron job removes the names, DNIs, e-mails and phone numbers of its buyers, ticket holders, guests, transfer
 * recipients, waiting-list entries (in the inventory object) and mails, and the queue's DNIs. Orders, tickets,
 * amounts and the ledger stay: every figure still adds up.
 * People's own accounts are theirs, not the producer's: they stay (a person deletes theirs in Perfil).
 */

const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** When an event's data goes: its last date's end (or start) plus the producer's days; null without dates. */
const DUE_SQL = `(select strftime('%Y-%m-%dT%H:%M:%fZ', max(coalesce(d.ends_at, d.starts_at)),
    '+' || coalesce(s.attendee_retention_days, 365) || ' days') from event_dates d where d.event_id = e.id)`;

/** The producer's events with when their attendees' data goes (or went), latest first: the back office's view. */
export async function retentionSchedule(db: D1Database, producerId: number) {
  const { results } = await db
    .prepare(
      `select e.id, e.title, (select max(coalesce(d.ends_at, d.starts_at)) from event_dates d where d.event_id = e.id) as ends_at,
              ${DUE_SQL} as erase_at, e.attendees_erased_at as erased_at
         from events e left join producer_settings s on s.producer_id = e.producer_id
        where e.producer_id = ? order by ends_at desc limit 500`,
    )
    .bind(producerId)
    .all<{ id: number; title: string; ends_at: string | null; erase_at: string | null; erased_at: string | null }>();
  return results;
}

/** Cron: the events past their retention, a few per run (each one batch, conditional on not done yet). */
export async function eraseExpiredAttendees(env: Env, now = new Date()): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `select e.id from events e left join producer_settings s on s.producer_id = e.producer_id
      where e.attendees_erased_at is null and ${DUE_SQL} <= ? order by e.id limit 20`,
  )
    .bind(now.toISOString())
    .all<{ id: number }>();
  const erased: number[] = [];
  for (const { id } of results) if (await eraseAttendees(env, id)) erased.push(id);
  await catchUpPlaces(env);
  return erased;
}

/**
 * Events erased before retention reached the objects (or whose erasure stopped between the objects and D1's
 * marker) still keep waiting-list and queue places with personal data: erased here, a few per run.
 */
async function catchUpPlaces(env: Env): Promise<void> {
  const { results } = await env.DB.prepare(
    `select e.id from events e
      where e.attendees_erased_at is not null
        and not exists (select 1 from event_places_erased p where p.event_id = e.id)
      order by e.id limit 20`,
  ).all<{ id: number }>();
  for (const { id } of results) {
    await eraseEventPlaces(env, id);
    await env.DB.prepare(`insert or ignore into event_places_erased (event_id, at) values (?, ${NOW_SQL})`)
      .bind(id)
      .run();
  }
}

/** One event's attendees, in one batch; false when another run did it first. */
async function eraseAttendees(env: Env, eventId: number): Promise<boolean> {
  const db = env.DB;
  // The waiting list and the queue live in the event's objects: erased there first (idempotent), so a failure
  // leaves the event to the next run.
  await eraseEventPlaces(env, eventId);
  const open = 'exists (select 1 from events where id = ?1 and attendees_erased_at is null)';
  const gone = (column: string) => `'anonimo-' || ${column} || '@borrado.invalid'`;
  const results = await db.batch([
    db
      .prepare(
        `update orders set buyer_name = ?2, buyer_email = null, buyer_dni = null, buyer_phone = null
          where event_id = ?1 and ${open}`,
      )
      .bind(eventId, RETENTION_TEXT.anonymousBuyer),
    db
      .prepare(`update tickets set holder_name = null, holder_dni = null where event_id = ?1 and ${open}`)
      .bind(eventId),
    db
      .prepare(
        `update order_items set holders = '[]' where order_id in (select id from orders where event_id = ?1) and ${open}`,
      )
      .bind(eventId),
    db
      .prepare(
        `update guest_invitations set name = ?2, email = ${gone('id')}, dni = '' where event_id = ?1 and ${open}`,
      )
      .bind(eventId, RETENTION_TEXT.anonymousBuyer),
    db
      .prepare(
        `update ticket_transfers set to_email = ${gone('id')}
          where ticket_id in (select id from tickets where event_id = ?1) and ${open}`,
      )
      .bind(eventId),
    db.prepare(`update waitlist_mails set email = '' where event_id = ?1 and ${open}`).bind(eventId),
    // The objects' places were erased above.
    db
      .prepare(`insert or ignore into event_places_erased (event_id, at) select ?1, ${NOW_SQL} where ${open}`)
      .bind(eventId),
    db
      .prepare(
        `update events set attendees_erased_at = ${NOW_SQL} where id = ? and attendees_erased_at is null returning id`,
      )
      .bind(eventId),
  ]);
  // Counted by its returned row: meta.changes also counts what the events triggers write.
  if (results.at(-1)?.results.length !== 1) return false;
  // The door keeps a copy of the holders' names: it reads them again.
  await emit(env, { kind: 'ticketsChanged', eventId });
  return true;
}
