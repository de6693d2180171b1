import { client, unwrap } from '../../../lib/api';
import type { toPayload } from '../lib/event-form';

type EventPayload = ReturnType<typeof toPayload>;

/** POST /admin/events: a new event (a draft), for a producer of the caller's or a new one named here. */
export const createEvent = (
  json: EventPayload & { producer_id: number | undefined; producer_name: string | undefined },
) => unwrap(client.admin.events.$post({ json }));

/** PUT /admin/events/:id: the event's new contents. */
export const updateEvent = (id: number, json: EventPayload) =>
  unwrap(client.admin.events[':id'].$put({ param: { id: String(id) }, json }));
