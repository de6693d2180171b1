import { fail } from '../../lib/errors';
import type { OrderRow } from '../checkout/orders';
import { sendRefundNotice } from '../tickets/mail';
import { type Defer, markOrderRefunded, refundThroughMercadoPago } from './apply';

/** Can this session refund orders of this producer? SUPERADMIN always; ADMIN of that producer. */
export async function canRefund(env: Env, userId: number, rol: string, producerId: number): Promise<boolean> {
  if (rol === 'SUPERADMIN') return true;
  const member = await env.DB.prepare(
    "select 1 as ok from producer_members where producer_id = ? and user_id = ? and role = 'ADMIN'",
  )
    .bind(producerId, userId)
    .first();
  return member !== null;
}

/**
 * Refund of a paid order by its producer: MercadoPago refund first (if it fails nothing changes), then
 * tickets cancelled and stock back on sale. MercadoPago's own "refunded" notification then finds the
 * order already refunded and does nothing.
 */
export async function refundOrder(env: Env, order: OrderRow, defer: Defer) {
  if (order.status !== 'paid') fail(409, 'Solo se pueden reembolsar órdenes pagadas.');
  if (order.payment_id && order.total_cents > 0) await refundThroughMercadoPago(env, order, order.payment_id);
  const result = await markOrderRefunded(env, order, null, 'refunded');
  if (result === 'refunded') {
    await env.DB.prepare("update orders set status_reason = 'productora' where id = ?").bind(order.id).run();
    defer(sendRefundNotice(env, order, 'productora'));
  }
  return result;
}
