import { type SeatMap, SeatMapSchema } from '../../../src/shared/schemas/seating';
import { gunzip, gzip } from '../../lib/gzip';

/**
 * Where a venue map's versions keep their documents (migration 0076): gzipped JSON cut in parts of at most
 * PART_BYTES, in order. A backup (`wrangler d1 export`) writes each part as a hex literal in its own INSERT, and
 * D1 refuses statements over 100 KB: one blob for a stadium's map could not be restored.
 */
const PART_BYTES = 32 * 1024;

/**
 * The statements that store a version's document: its row in seat_map_versions and its parts. `onlyIf` (SQL with
 * its values) makes every insert conditional, for a version written only if the map is still where the writer
 * saw it.
 */
export async function mapDocStatements(
  db: D1Database,
  key: { mapId: number; version: number; createdBy: number | null },
  map: SeatMap,
  onlyIf: { sql: string; values: unknown[] } = { sql: '1', values: [] },
): Promise<D1PreparedStatement[]> {
  const bytes = new Uint8Array(await gzip(JSON.stringify(map)));
  const parts: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += PART_BYTES) parts.push(bytes.slice(at, at + PART_BYTES));
  return [
    db
      .prepare(
        `insert into seat_map_versions (map_id, version, doc, created_by) select ?, ?, X'', ? where ${onlyIf.sql}`,
      )
      .bind(key.mapId, key.version, key.createdBy, ...onlyIf.values),
    ...parts.map((part, n) =>
      db
        .prepare(`insert into seat_map_parts (map_id, version, n, part) select ?, ?, ?, ? where ${onlyIf.sql}`)
        .bind(key.mapId, key.version, n, part, ...onlyIf.values),
    ),
  ];
}

/** The parts of the maps' documents, in order (one statement: `select map_id, version, part … order by n`). */
export function mapPartsQuery(where: string) {
  return `select p.map_id, p.version, p.part from seat_map_parts p where ${where} order by p.map_id, p.version, p.n`;
}

type PartRow = { map_id: number; version: number; part: ArrayBuffer | number[] };

/** Joins each document's parts (rows of mapPartsQuery) and reads them: map id and version → map. */
export async function mapsFromParts(rows: PartRow[]): Promise<Map<string, SeatMap>> {
  const byDoc = new Map<string, Uint8Array[]>();
  for (const r of rows) {
    const key = `${r.map_id}:${r.version}`;
    byDoc.set(key, [...(byDoc.get(key) ?? []), new Uint8Array(r.part)]);
  }
  const maps = new Map<string, SeatMap>();
  for (const [key, parts] of byDoc) {
    const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      whole.set(p, at);
      at += p.length;
    }
    maps.set(key, SeatMapSchema.parse(JSON.parse(await gunzip(whole.buffer))));
  }
  return maps;
}

/** One version's document, or null when it has none. */
export async function readMapDoc(db: D1Database, mapId: number, version: number): Promise<SeatMap | null> {
  const { results } = await db
    .prepare(mapPartsQuery('p.map_id = ? and p.version = ?'))
    .bind(mapId, version)
    .all<PartRow>();
  return (await mapsFromParts(results)).get(`${mapId}:${version}`) ?? null;
}
