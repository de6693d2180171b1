import { client, unwrap } from '../../../lib/api';

/** POST /checkin/events/:eventId/manual: admits a ticket found by the search. */
export const manualCheckin = (
  eventId: number,
  json: { ticket_id: string; nonce: string; list_id?: number; gate_id?: number; device: string },
) => unwrap(client.checkin.events[':eventId'].manual.$post({ param: { eventId: String(eventId) }, json }));
