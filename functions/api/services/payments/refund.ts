import { INVITATION_MSG } from '../../../../src/shared/schemas/invitations';
import { fail } from '../../lib/errors';
import type { OrderRow } from '../checkout/orders';
import { isBoxOfficePayment } from '../sales/box-office-payment';
import { sendRefundNotice } from '../tickets/mail';
import { type Defer, markOrderRefunded, refundThroughMercadoPago } from './apply';

/**
 * Refund of a paid order by its producer: MercadoPago refund first (if it fails nothing changes), then
 * tickets cancelled and stock back on sale. MercadoPago's own "refunded" notification then finds the
 * order already refunded and does nothing.
 */
export async function refundOrder(env: Env, order: OrderRow, defer: Defer) {
  if (order.status !== 'paid') fail(409, 'Solo se pueden reembolsar órdenes pagadas.');
  // Nothing was paid, and its tag's count lives with the invitation: revoking is the way to cancel it.
  if (order.kind === 'invitation') fail(409, INVITATION_MSG.notRefundable);
  // A box-office sale was paid at the ticket office (cash, card, transfer): nothing to refund at MercadoPago.
  const mercadoPagoPayment = order.payment_id && !isBoxOfficePayment(order.payment_id);
  if (mercadoPagoPayment && order.total_cents > 0) await refundThroughMercadoPago(env, order, order.payment_id!);
  const result = await markOrderRefunded(env, order, null, 'refunded');
  if (result === 'refunded') {
    await env.DB.prepare("update orders set status_reason = 'productora' where id = ?").bind(order.id).run();
    defer(sendRefundNotice(env, order, 'productora'));
  }
  return result;
}
