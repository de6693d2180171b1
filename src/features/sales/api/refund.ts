import { client, unwrap } from '../../../lib/api';

/** POST /admin/orders/:id/refund: the whole order, or the chosen tickets. */
export async function refundOrder(id: string, reason: string, ticketIds?: string[]) {
  return unwrap(client.admin.orders[':id'].refund.$post({ param: { id }, json: { reason, ticket_ids: ticketIds } }));
}
