import { checkinOf } from './scan';

/**
 * Pushes to the events' check-in objects what changed, so that they never decide on what they hold once
 * it is stale (each object keeps the event's tickets, setup and door staff to decide a scan in one call).
 * Call these after the change is written to D1. A push that fails is logged and does not fail the caller:
 * the object re-reads everything it holds within seconds anyway (durable-objects/checkin-door-cache.ts).
 */

const quietly = (work: Promise<unknown>, what: string) =>
  work.then(
    () => undefined,
    (err: unknown) => console.error(`check-in push failed (${what}); the object's TTL covers it`, err),
  );

/** Tickets of an event were sold, refunded, transferred or cancelled (all of the event's without ids). */
export function pushTicketChanges(env: Env, eventId: number, ticketIds?: string[]): Promise<void> {
  return quietly(checkinOf(env, eventId).ticketsChanged(eventId, ticketIds), `tickets of event ${eventId}`);
}

/** The tickets of an order changed (refund, chargeback, cancellation): its event's object is told. */
export async function pushOrderTicketChanges(env: Env, orderId: string): Promise<void> {
  const order = await env.DB.prepare('select event_id from orders where id = ?')
    .bind(orderId)
    .first<{ event_id: number }>();
  if (order) await pushTicketChanges(env, order.event_id);
}

/** A user's memberships, account or sessions changed (a role, a removal, a logout, all sessions ended). */
export async function pushDoorStaffChange(env: Env, userId: number): Promise<void> {
  const { results } = await env.DB.prepare('select event_id from checkin_door_staff where user_id = ?')
    .bind(userId)
    .all<{ event_id: number }>();
  await Promise.all(
    results.map((r) => quietly(checkinOf(env, r.event_id).staffChanged(r.event_id, userId), `staff ${userId}`)),
  );
}

/** An event's lists or gates, or its producer's door settings, changed. */
export function pushDoorSetupChange(env: Env, eventId: number): Promise<void> {
  return quietly(checkinOf(env, eventId).setupChanged(eventId), `setup of event ${eventId}`);
}

/** A producer's door settings changed ("DNI en la puerta"): every event of it whose object holds staff. */
export async function pushProducerDoorChange(env: Env, producerId: number): Promise<void> {
  const { results } = await env.DB.prepare(
    `select distinct s.event_id from checkin_door_staff s join events e on e.id = s.event_id where e.producer_id = ?`,
  )
    .bind(producerId)
    .all<{ event_id: number }>();
  await Promise.all(results.map((r) => pushDoorSetupChange(env, r.event_id)));
}
