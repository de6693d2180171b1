import { REFUND_REASON } from '../../../../src/shared/messages/refunds';
import type { Actor } from '../../../domain/events/access';
import type { OrderRow } from '../checkout/orders';
import { refundOrderTickets } from '../refunds/refund';
import type { Defer } from './apply';

/**
 * The legacy whole-order refund (POST /orders/:id/refund): every ticket not refunded yet, through the one
 * refund path (services/refunds/refund.ts), so it cannot race an admin's partial refund into wrong figures.
 */
export async function refundOrder(env: Env, actor: Actor, order: OrderRow, defer: Defer) {
  const result = await refundOrderTickets(env, order, { actor, reason: REFUND_REASON.order }, defer);
  return result.status === 'done' ? 'refunded' : result.status;
}
