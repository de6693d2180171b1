import { client, unwrap } from '../../../lib/api';

/** GET /checkin/events/:eventId/offline: what the scanner keeps to work without network. */
export const getOfflineBundle = (eventId: number) =>
  unwrap(client.checkin.events[':eventId'].offline.$get({ param: { eventId: String(eventId) } }));
