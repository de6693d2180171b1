import { client, unwrap } from '../../../lib/api';

/** GET /checkin/events/:eventId/counters: admitted / expected for the event, each list and each gate. */
export const getCounters = (eventId: number) =>
  unwrap(client.checkin.events[':eventId'].counters.$get({ param: { eventId: String(eventId) } }));
