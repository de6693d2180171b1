import { client, unwrap } from '../../../lib/api';

/** GET /admin/orders/:id. */
export async function fetchOrderDetail(id: string) {
  return (await unwrap(client.admin.orders[':id'].$get({ param: { id } }))).data;
}
