import { client, unwrap } from '../../../lib/api';

/** POST /admin/events/:id/publish: sends the event to review, or publishes it when the caller may. */
export const publishEvent = (id: number) =>
  unwrap(client.admin.events[':id'].publish.$post({ param: { id: String(id) } }));
