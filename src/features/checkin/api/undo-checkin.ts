import { client, unwrap } from '../../../lib/api';

/** POST /checkin/events/:eventId/undo: undoes the caller's own admission within the window. */
export const undoCheckin = (eventId: number, json: { scan_id: string; nonce: string; device: string }) =>
  unwrap(client.checkin.events[':eventId'].undo.$post({ param: { eventId: String(eventId) }, json }));
