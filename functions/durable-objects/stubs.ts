import { objectId } from '../lib/object-ids';

/**
 * The one place that hands out Durable Object stubs: services (and the objects themselves, when one asks
 * another) name an object by what it serves, never by its id scheme. One object per event for the
 * inventory, the check-in authority and the queue; one per rule and subject for the rate limiter.
 */

/** The inventory object of an event (one per event id). */
export function inventoryOf(env: Env, eventId: number) {
  return env.EVENT_INVENTORY.get(objectId(env.EVENT_INVENTORY, `event:${eventId}`));
}

/** The check-in authority of an event (one Durable Object per event id). */
export function checkinOf(env: Env, eventId: number) {
  return env.EVENT_CHECKIN.get(env.EVENT_CHECKIN.idFromName(`event:${eventId}`));
}

/** The queue object of an event's on-sale (one per event). */
export function queueOf(env: Env, eventId: number) {
  return env.EVENT_QUEUE.get(objectId(env.EVENT_QUEUE, `queue:${eventId}`));
}

/** The rate limiter of one throttling rule and subject (its object name, see api/lib/throttle.ts). */
export function limiterOf(env: Env, name: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name));
}
