/** A venue a producer used before, with its province's name (the wizard offers them again). */
export type VenueRow = {
  id: number;
  name: string;
  address: string;
  city: string;
  provinces_id: number;
  lat: number | null;
  lng: number | null;
  province: string;
};

/** The venues of these producers, by name. */
export async function venuesOf(db: D1Database, producerIds: number[]): Promise<VenueRow[]> {
  if (producerIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `select v.id, v.name, v.address, v.city, v.provinces_id, v.lat, v.lng, pr.name as province
         from venues v join provincias pr on pr.id = v.provinces_id
        where v.producer_id in (${producerIds.map(() => '?').join(',')}) order by v.name`,
    )
    .bind(...producerIds)
    .all<VenueRow>();
  return results;
}
