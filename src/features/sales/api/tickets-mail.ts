import { client, unwrap } from '../../../lib/api';

/** POST /admin/orders/:id/tickets-mail: a box-office sale's tickets to an e-mail given at the counter. */
export async function mailTickets(id: string, email: string) {
  return unwrap(client.admin.orders[':id']['tickets-mail'].$post({ param: { id }, json: { email } }));
}
