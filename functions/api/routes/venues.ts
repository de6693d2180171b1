import { Hono } from 'hono';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth } from '../lib/auth';
import { loadActor } from '../services/events/access';

/** Venues the caller's producers used before, so the wizard can offer them again. */
export const venues = new Hono<ApiBindings & { Variables: AuthVariables }>()
  .use('/admin/venues', requireAuth)
  .get('/admin/venues', async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const ids = [...actor.memberships.keys()];
    if (ids.length === 0) return c.json({ status: true, data: [] });
    const { results } = await c.env.DB.prepare(
      `select v.id, v.name, v.address, v.city, v.provinces_id, v.lat, v.lng, pr.name as province
         from venues v join provincias pr on pr.id = v.provinces_id
        where v.producer_id in (${ids.map(() => '?').join(',')}) order by v.name`,
    )
      .bind(...ids)
      .all();
    return c.json({ status: true, data: results });
  });
