import { client, unwrap } from '../../../lib/api';

/** GET /checkin/events/:eventId/overview: counters, entries over time, recent scans and conflicts. */
export const getOverview = (eventId: number) =>
  unwrap(client.checkin.events[':eventId'].overview.$get({ param: { eventId: String(eventId) } }));
