import { env } from 'cloudflare:workers';
import { HTTPException } from 'hono/http-exception';
import { createHold } from '../../../../functions/api/services/checkout/holds';
import { findOrder, type OrderRow, orderView } from '../../../../functions/api/services/checkout/orders';
import { parseItemsQuery } from '../../../shared/schemas/checkout';

export type CheckoutState =
  | { kind: 'order'; order: Awaited<ReturnType<typeof orderView>> }
  | { kind: 'created'; orderId: string }
  | { kind: 'error'; message: string };

const messageOf = (err: unknown) =>
  err instanceof HTTPException ? err.message : 'No pudimos reservar sus entradas. Intente nuevamente.';

/**
 * What /checkout shows, on the server: the order in the query when it is the user's, else a new hold
 * for `event` and `items` (the event page's selection). The hold itself is the inventory's decision.
 */
export async function openCheckout(userId: number, query: URLSearchParams): Promise<CheckoutState> {
  const orderId = query.get('order');
  if (orderId) {
    const order: OrderRow | null = await findOrder(env, orderId);
    if (order && order.user_id === userId) return { kind: 'order', order: await orderView(env, order) };
    return { kind: 'error', message: 'La reserva no existe.' };
  }
  const eventId = Number(query.get('event'));
  const items = parseItemsQuery(query.get('items'));
  if (!Number.isInteger(eventId) || eventId <= 0 || !items) {
    return { kind: 'error', message: 'No eligió entradas. Elija un evento y la cantidad de entradas.' };
  }
  try {
    const created = await createHold(env, userId, { event_id: eventId, items });
    return { kind: 'created', orderId: created.orderId };
  } catch (err) {
    if (!(err instanceof HTTPException)) console.error('Checkout hold failed', err);
    return { kind: 'error', message: messageOf(err) };
  }
}
