import { client, unwrap } from '../../../lib/api';

/** GET /checkin/events/:id/search: the event's tickets a DNI, e-mail, name, short code or order names. */
export const searchTickets = (eventId: number, q: string) =>
  unwrap(client.checkin.events[':eventId'].search.$get({ param: { eventId: String(eventId) }, query: { q } }));
