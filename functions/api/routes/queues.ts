import { Hono } from 'hono';
import {
  QueueControlSchema,
  QueueEventParamSchema,
  QueueRateSchema,
  QueueSettingSchema,
} from '../../../src/shared/schemas/queue';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth, requireSignedToken, type SignedTokenVariables } from '../lib/auth';
import { clientAddress } from '../lib/throttle';
import { validate } from '../lib/validate';
import { loadActor } from '../services/events/access';
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

const eventParam = validate('param', QueueEventParamSchema, 404);

/**
 * "Venta con fila": the virtual queue of a hot on-sale (services/queue, durable-objects/event-queue.ts).
 * Permissions: the proof is public; joining and the own place need a session (and, to join, a verified
 * account with a DNI); the producer's setting, live view and controls need events.manage on the event.
 */
export const queues = new Hono<ApiBindings & { Variables: AuthVariables & SignedTokenVariables }>()
  /** Public: state, opening, the committed hash, and after the opening the seed (the proof page). */
  .get('/queues/:id', eventParam, async (c) => {
    const data = await publicQueue(c.env, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  /** Signed token here; the service checks its revocation in the same D1 batch as the caller's account. */
  .post('/queues/:id/join', requireSignedToken, eventParam, async (c) => {
    const data = await joinQueue(c.env, c.var.signed, c.req.valid('param').id, clientAddress(c));
    return c.json({ status: true, data }, data.existing ? 200 : 201);
  })
  /**
   * The caller's place, polled by the wait page every few seconds by everyone waiting: one call to the
   * queue object and no D1, so the token's signature and expiry are checked but not its revocation. What
   * it answers is the caller's own place and pass, and a pass is only usable by a hold, which checks the
   * session in full (requireAuth) and that the pass is this account's.
   */
  .get('/queues/:id/me', requireSignedToken, eventParam, async (c) => {
    const data = await myPlace(c.env, c.var.signed.session.user.id, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  .get('/admin/queues/:id', requireAuth, eventParam, async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const data = await adminQueue(c.env, actor, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  .put('/admin/queues/:id', requireAuth, eventParam, validate('json', QueueSettingSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const data = await setQueue(c.env, actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: true, data });
  })
  .delete('/admin/queues/:id', requireAuth, eventParam, async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    await removeQueue(c.env, actor, c.req.valid('param').id);
    return c.json({ status: true });
  })
  .post('/admin/queues/:id/control', requireAuth, eventParam, validate('json', QueueControlSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const data = await controlQueue(c.env, actor, c.req.valid('param').id, c.req.valid('json').action);
    return c.json({ status: true, data });
  })
  .patch('/admin/queues/:id/rate', requireAuth, eventParam, validate('json', QueueRateSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const data = await rateQueue(c.env, actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: true, data });
  });
