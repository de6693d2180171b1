import { Hono } from 'hono';
import type { ApiBindings } from '../app';

type Row = { pais_id: number; pais: string; id: number; name: string };

/** Location data for registration and profile: the countries with their provinces. */
export const locations = new Hono<ApiBindings>().get('/locations', async (c) => {
  const { results } = await c.env.DB.prepare(
    `select p.id as pais_id, p.name as pais, pr.id, pr.name
       from pais p join provincias pr on pr.pais_id = p.id order by p.id, pr.name`,
  ).all<Row>();
  const pais = new Map<number, { id: number; name: string; provincias: { id: number; name: string }[] }>();
  for (const row of results) {
    const country = pais.get(row.pais_id) ?? { id: row.pais_id, name: row.pais, provincias: [] };
    country.provincias.push({ id: row.id, name: row.name });
    pais.set(row.pais_id, country);
  }
  const all = [...pais.values()];
  c.header('cache-control', 'public, max-age=3600');
  return c.json({ status: true, data: { pais: all, provincias: all.flatMap((p) => p.provincias) } });
});
