type Row = { pais_id: number; pais: string; id: number; name: string };
export type Province = { id: number; name: string };
export type Country = { id: number; name: string; provincias: Province[] };

/** The countries with their provinces, and every province in one list. */
export async function locationData(db: D1Database): Promise<{ pais: Country[]; provincias: Province[] }> {
  const { results } = await db
    .prepare(
      `select p.id as pais_id, p.name as pais, pr.id, pr.name
         from pais p join provincias pr on pr.pais_id = p.id order by p.id, pr.name`,
    )
    .all<Row>();
  const pais = new Map<number, Country>();
  for (const row of results) {
    const country = pais.get(row.pais_id) ?? { id: row.pais_id, name: row.pais, provincias: [] };
    country.provincias.push({ id: row.id, name: row.name });
    pais.set(row.pais_id, country);
  }
  const all = [...pais.values()];
  return { pais: all, provincias: all.flatMap((p) => p.provincias) };
}
