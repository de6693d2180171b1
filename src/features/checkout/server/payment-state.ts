import { env } from 'cloudflare:workers';
import { findOrder, orderView } from '../../../../functions/api/services/checkout/orders';
import type { SessionUser } from '../../../shared/session';

/**
 * The order behind a MercadoPago return (`external_reference`) or our own link (`order`), read from the
 * server: the query string only says which order, never its state.
 */
export async function paymentState(session: SessionUser | null, query: URLSearchParams) {
  const id = query.get('external_reference') ?? query.get('order');
  if (!id) return { kind: 'missing' as const };
  if (!session) return { kind: 'login' as const };
  const order = await findOrder(env, id);
  if (!order || order.user_id !== session.user.id) return { kind: 'missing' as const };
  const view = await orderView(env, order);
  const items = view.items.map((i) => `${i.ticket_type_id}:${i.quantity}`).join(',');
  return { kind: 'order' as const, order: view, retryHref: `/checkout?event=${view.event.id}&items=${items}` };
}
