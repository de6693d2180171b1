import { Hono } from 'hono';
import { WAITLIST_MSG } from '../../../src/shared/messages/waitlist';
import {
  WaitlistEventParamSchema,
  WaitlistJoinSchema,
  WaitlistSettingSchema,
} from '../../../src/shared/schemas/waitlist';
import { type AccessEnv, authenticated, eventParam, requirePermission } from '../lib/access';
import { validate } from '../lib/validate';
import {
  adminWaitlist,
  joinWaitlist,
  leaveWaitlist,
  myWaitlistPlace,
  setWaitlist,
} from '../services/waitlist/waitlist';

const idParam = validate('param', WaitlistEventParamSchema, 404);

/** The waiting list of an event's sold-out ticket types (issue 22), mounted at /waitlist. */
export const waitlist = new Hono<AccessEnv>()
  .post('/:id', authenticated('session'), idParam, validate('json', WaitlistJoinSchema), async (c) => {
    const data = await joinWaitlist(c.env, c.var.session.user.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: true, data, message: data.message }, 201);
  })
  /** The caller's entry (position while waiting, the offer's order once offered), or null. */
  .get('/:id/me', authenticated('session'), idParam, async (c) => {
    const data = await myWaitlistPlace(c.env, c.var.session.user.id, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  .delete('/:id/me', authenticated('session'), idParam, async (c) => {
    await leaveWaitlist(c.env, c.var.session.user.id, c.req.valid('param').id);
    return c.json({ status: true, message: WAITLIST_MSG.left });
  });

/** The producer's side, mounted at /admin/waitlist: events.manage on the event. */
const manage = () => requirePermission('events.manage', 'event', eventParam('id'), WAITLIST_MSG.noAccess);

export const adminWaitlistRoutes = new Hono<AccessEnv>()
  .get('/:id', manage(), idParam, async (c) => {
    const data = await adminWaitlist(c.env, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  .put('/:id', manage(), idParam, validate('json', WaitlistSettingSchema), async (c) => {
    const data = await setWaitlist(c.env, c.req.valid('param').id, c.req.valid('json').offer_minutes);
    return c.json({ status: true, data });
  });
