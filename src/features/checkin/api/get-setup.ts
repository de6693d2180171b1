import { client, unwrap } from '../../../lib/api';

/** GET /checkin/events/:eventId/setup: the event's lists, gates and ticket types. */
export const getSetup = (eventId: number) =>
  unwrap(client.checkin.events[':eventId'].setup.$get({ param: { eventId: String(eventId) } }));
