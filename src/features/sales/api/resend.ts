import { client, unwrap } from '../../../lib/api';

/** POST /admin/orders/:id/resend: the tickets e-mail again. */
export async function resendTickets(id: string, reason: string) {
  return (await unwrap(client.admin.orders[':id'].resend.$post({ param: { id }, json: { reason } }))).message;
}
