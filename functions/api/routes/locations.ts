import { Hono } from 'hono';
import type { ApiBindings } from '../app';
import { locationData } from '../services/accounts/locations';

/** Location data for registration and profile: the countries with their provinces. */
export const locations = new Hono<ApiBindings>().get('/locations', async (c) => {
  c.header('cache-control', 'public, max-age=3600');
  return c.json({ status: true, data: await locationData(c.env.DB) });
});
