import { Hono } from 'hono';
import { type AccessEnv, authenticated } from '../../lib/access';
import { venuesOf } from '../../services/events/venues';

/** Venues the caller's producers used before, so the wizard can offer them again (mounted at /admin/venues). */
export const venues = new Hono<AccessEnv>().get('/', authenticated(), async (c) => {
  const actor = c.var.actor;
  return c.json({ status: true, data: await venuesOf(c.env.DB, [...actor.memberships.keys()]) });
});
