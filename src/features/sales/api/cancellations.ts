import { client, unwrap } from '../../../lib/api';

/** POST /admin/events/:id/cancellation/retry: the cancellation's failed refunds are tried again. */
export async function retryCancellationRefunds(eventId: number) {
  return unwrap(client.admin.events[':id'].cancellation.retry.$post({ param: { id: String(eventId) } }));
}
