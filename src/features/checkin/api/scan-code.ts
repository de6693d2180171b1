import { client, unwrap } from '../../../lib/api';
import type { DoorScan } from '../../../shared/checkin';

/** A scan sent at once: always a code, and no offline verdict. */
export type ScanBody = Omit<DoorScan, 'code' | 'ticket_id' | 'local_result'> & { code: string };

/** POST /checkin/events/:eventId/scan: the event's authority decides the scan. */
export const scanCode = (eventId: number, json: ScanBody) =>
  unwrap(client.checkin.events[':eventId'].scan.$post({ param: { eventId: String(eventId) }, json }));
