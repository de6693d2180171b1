import { client, unwrap } from '../../../lib/api';

export type ScanBody = {
  code: string;
  nonce: string;
  list_id?: number;
  gate_id?: number;
  device: string;
  kind: 'entry' | 'exit';
  client_at?: string;
};

/** POST /checkin/events/:eventId/scan: the event's authority decides the scan. */
export const scanCode = (eventId: number, json: ScanBody) =>
  unwrap(client.checkin.events[':eventId'].scan.$post({ param: { eventId: String(eventId) }, json }));
