import { Hono } from 'hono';
import { checkinOf, inventoryOf, queueOf } from '../durable-objects/stubs';

/**
 * Development tool of issue 35 (behind DEV_MODE): `POST /dev/objects/:kind/:eventId/wipe` deletes the storage of
 * an event's inventory, queue or door object in the middle of a sale and starts it again, to show that what it
 * kept comes back from its copy in D1 (state-mirror.ts). Wait for the copy to catch up first to lose nothing.
 */
const OBJECTS = { inventory: inventoryOf, queue: queueOf, checkin: checkinOf } as const;

export const objectTools = new Hono<{ Bindings: Env }>().post('/objects/:kind/:eventId/wipe', async (c) => {
  const of = OBJECTS[c.req.param('kind') as keyof typeof OBJECTS];
  const eventId = Number(c.req.param('eventId'));
  if (!Object.hasOwn(OBJECTS, c.req.param('kind')) || !Number.isSafeInteger(eventId) || eventId <= 0)
    return c.json({ status: false, message: 'Recurso no encontrado' }, 404);
  await of(c.env, eventId).loseStorage();
  // A separate call: an abort drops the writes of its own turn. The abort reaches the caller as an error.
  await of(c.env, eventId)
    .restart()
    .catch(() => undefined);
  return c.json({ status: true, data: { kind: c.req.param('kind'), event_id: eventId } });
});
