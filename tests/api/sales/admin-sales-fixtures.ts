import { env } from 'cloudflare:test';
import { paidPurchase } from '../checkout/checkout-fixtures';
import { adminOf } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { routeNetwork } from '../kit/network';

/** A paid order (through the MercadoPago sandbox) of `quantity` tickets of a new event, and the producer's admin. */
export async function paidOrder(quantity = 2, capacity = 10) {
  routeNetwork();
  const event = await createTestEvent(env, { capacity, price_cents: 1000_00 });
  const { orderId, buyer } = await paidPurchase(event.event_id, event.ticket_type_id, quantity);
  const admin = await adminOf(event.producer_id);
  return { event, buyer, orderId, admin };
}

export async function auditOf(orderId: string) {
  const { results } = await env.DB.prepare(
    'select action, reason, actor_user_id from audit_log where order_id = ? order by id',
  )
    .bind(orderId)
    .all<{ action: string; reason: string; actor_user_id: number }>();
  return results;
}
