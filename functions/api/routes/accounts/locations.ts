import { Hono } from 'hono';
import { type AccessEnv, publicRoute } from '../../lib/access';
import { locationData } from '../../services/accounts/locations';

/** Location data for registration and profile: the countries with their provinces. */
export const locations = new Hono<AccessEnv>().get('/', publicRoute(), async (c) => {
  c.header('cache-control', 'public, max-age=3600');
  return c.json({ status: true, data: await locationData(c.env.DB) });
});
