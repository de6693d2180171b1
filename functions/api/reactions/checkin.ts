import { checkinOf } from '../../durable-objects/stubs';
import type { Reactions } from './changes';

/**
 * The check-in objects' reactions: each object keeps its event's tickets, setup and door staff to decide a
 * scan in one call, so whatever changes them is pushed to it. A push that fails is logged and does not fail
 * the writer: the object re-reads everything it holds within seconds anyway (durable-objects/checkin/door-cache.ts).
 */

const quietly = (work: Promise<unknown>, what: string) =>
  work.then(
    () => undefined,
    (err: unknown) => console.error(`check-in push failed (${what}); the object's TTL covers it`, err),
  );

const ticketsChanged = (env: Env, eventId: number, ticketIds?: string[]) =>
  quietly(checkinOf(env, eventId).ticketsChanged(eventId, ticketIds), `tickets of event ${eventId}`);

const setupChanged = (env: Env, eventId: number) =>
  quietly(checkinOf(env, eventId).setupChanged(eventId), `setup of event ${eventId}`);

export const checkinReactions: Reactions = {
  ticketsChanged: (env, change) => ticketsChanged(env, change.eventId, change.ticketIds),

  orderTicketsChanged: async (env, { orderId }) => {
    const order = await env.DB.prepare('select event_id from orders where id = ?')
      .bind(orderId)
      .first<{ event_id: number }>();
    if (order) await ticketsChanged(env, order.event_id);
  },

  /** Only the events whose object holds the user as staff hear about it. */
  staffChanged: async (env, { userId }) => {
    const { results } = await env.DB.prepare('select event_id from checkin_door_staff where user_id = ?')
      .bind(userId)
      .all<{ event_id: number }>();
    await Promise.all(
      results.map((r) => quietly(checkinOf(env, r.event_id).staffChanged(r.event_id, userId), `staff ${userId}`)),
    );
  },

  doorSetupChanged: (env, { eventId }) => setupChanged(env, eventId),

  /** Every event of the producer whose object holds staff (the others read the setting when first asked). */
  producerDoorChanged: async (env, { producerId }) => {
    const { results } = await env.DB.prepare(
      `select distinct s.event_id from checkin_door_staff s join events e on e.id = s.event_id where e.producer_id = ?`,
    )
      .bind(producerId)
      .all<{ event_id: number }>();
    await Promise.all(results.map((r) => setupChanged(env, r.event_id)));
  },
};
