import { client, unwrap } from '../../../lib/api';

export type OrdersQuery = Record<string, string>;

/** GET /admin/orders: the filtered, paginated order list. */
export async function fetchOrders(query: OrdersQuery) {
  const { data, pagination } = await unwrap(client.admin.orders.$get({ query }));
  return { data, pagination };
}
