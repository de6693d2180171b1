import { client, unwrap } from '../../../lib/api';

/** POST /admin/events/:id/cancellation/retry: the cancellation's failed refunds are tried again. */
export async function retryCancellationRefunds(eventId: number) {
  return unwrap(client.admin.events[':id'].cancellation.retry.$post({ param: { id: String(eventId) } }));
}

/** POST /admin/events/:id/resales/:ticket/retry: a resold ticket's refused seller refund is tried again. */
export async function retryResaleRefund(eventId: number, ticketId: string) {
  return unwrap(
    client.admin.events[':id'].resales[':ticket'].retry.$post({ param: { id: String(eventId), ticket: ticketId } }),
  );
}
