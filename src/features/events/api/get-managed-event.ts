import { client, unwrap } from '../../../lib/api';

/** GET /admin/events/:id: one event of the caller's producers, as the wizard edits it. */
export const getManagedEvent = async (id: number) =>
  (await unwrap(client.admin.events[':id'].$get({ param: { id: String(id) } }))).data;
