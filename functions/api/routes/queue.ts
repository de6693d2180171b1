import { Hono } from 'hono';
import { QUEUE_MSG } from '../../../src/shared/messages/queue';
import {
  QueueControlSchema,
  QueueEventParamSchema,
  QueueRateSchema,
  QueueRemoveSchema,
  QueueSettingSchema,
} from '../../../src/shared/schemas/queue';
import { type AccessEnv, buyerSession, eventParam, publicRoute, requirePermission, signedSession } from '../lib/access';
import { clientAddress } from '../lib/throttle';
import { validate } from '../lib/validate';
import {
  adminQueue,
  controlQueue,
  joinQueue,
  myPlace,
  publicQueue,
  rateQueue,
  removeQueue,
  setQueue,
} from '../services/queue/queues';

const idParam = validate('param', QueueEventParamSchema, 404);

/**
 * "Venta con fila": the virtual queue of a hot on-sale (services/queue, durable-objects/queue/object.ts),
 * mounted at /queues. The proof is public; joining and the own place need a signed-in person (to join,
 * with a verified account and a DNI).
 */
export const queues = new Hono<AccessEnv>()
  /** Public: state, opening, the committed hash, and after the opening the seed (the proof page). */
  .get('/:id', publicRoute(), idParam, async (c) => {
    const data = await publicQueue(c.env, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  /**
   * Everyone joins at once before an opening: the revocation comes from the isolate's snapshot
   * (buyerSession) and the rest is one call to the queue object (the address limit and the account there).
   */
  .post('/:id/join', buyerSession(), idParam, async (c) => {
    const data = await joinQueue(c.env, c.var.session.user.id, c.req.valid('param').id, clientAddress(c));
    return c.json({ status: true, data }, data.existing ? 200 : 201);
  })
  /**
   * The caller's place, polled by the wait page every few seconds by everyone waiting: one call to the
   * queue object and no D1, so the token's signature and expiry are checked but not its revocation. What
   * it answers is the caller's own place and pass, and a pass is only usable by a hold, which checks the
   * session in full and that the pass is this account's.
   */
  .get('/:id/me', signedSession(), idParam, async (c) => {
    const data = await myPlace(c.env, c.var.signed.session.user.id, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  });

/** The producer's side, mounted at /admin/queues: events.manage on the event. */
const manage = () => requirePermission('events.manage', 'event', eventParam('id'), QUEUE_MSG.noAccess);

export const adminQueues = new Hono<AccessEnv>()
  .get('/:id', manage(), idParam, async (c) => {
    const data = await adminQueue(c.env, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  .put('/:id', manage(), idParam, validate('json', QueueSettingSchema), async (c) => {
    const data = await setQueue(c.env, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: true, data });
  })
  .delete('/:id', manage(), idParam, validate('query', QueueRemoveSchema), async (c) => {
    const { confirm_dropped } = c.req.valid('query');
    const data = await removeQueue(c.env, c.req.valid('param').id, confirm_dropped ?? null, (p) =>
      c.executionCtx.waitUntil(p),
    );
    return c.json({ status: true, data });
  })
  .post('/:id/control', manage(), idParam, validate('json', QueueControlSchema), async (c) => {
    const action = c.req.valid('json').action;
    const data = await controlQueue(c.env, c.req.valid('param').id, action, c.var.actor.userId);
    return c.json({ status: true, data });
  })
  .patch('/:id/rate', manage(), idParam, validate('json', QueueRateSchema), async (c) => {
    const data = await rateQueue(c.env, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: true, data });
  });
