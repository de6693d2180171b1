import { VENUE_MAPS_TEXT } from '../../../shared/messages/venue-maps';
import type { SeatMap } from '../../../shared/schemas/seating';
import { slug } from '../../../shared/seat-generator';
import type { Problem } from './problem-alert';

/** A map's file name: its name in lowercase ASCII words ("teatro-del-centro.json"). */
export const mapFileName = (name: string) => `${slug(name, 120, 'mapa')}.json`;

/** Saves the map document as a JSON file (the export: the same document the import takes). */
export function downloadMap(map: SeatMap) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(map, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = mapFileName(map.name);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A chosen JSON file's document, or what is wrong with it before the API is asked. */
export async function readJsonFile(file: File | null): Promise<{ json: unknown } | { problem: Problem }> {
  if (!file) return { problem: { message: VENUE_MAPS_TEXT.importNoFile, items: [], status: 0 } };
  try {
    return { json: JSON.parse(await file.text()) };
  } catch {
    return { problem: { message: VENUE_MAPS_TEXT.importNotJson, items: [], status: 0 } };
  }
}
