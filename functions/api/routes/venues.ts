import { Hono } from 'hono';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth } from '../lib/auth';
import { loadActor } from '../services/events/access';
import { venuesOf } from '../services/events/venues';

/** Venues the caller's producers used before, so the wizard can offer them again. */
export const venues = new Hono<ApiBindings & { Variables: AuthVariables }>()
  .use('/admin/venues', requireAuth)
  .get('/admin/venues', async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    return c.json({ status: true, data: await venuesOf(c.env.DB, [...actor.memberships.keys()]) });
  });
