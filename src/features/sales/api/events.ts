import { client, unwrap } from '../../../lib/api';

/** The events the caller manages, for the event filters (GET /admin/events). */
export async function fetchManagedEvents() {
  return (await unwrap(client.admin.events.$get({ query: {} }))).data;
}
