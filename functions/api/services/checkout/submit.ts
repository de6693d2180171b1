import { BUY_MSG, CLOSED_ORDER_MSG, HOLD_MSG } from '../../../../src/shared/messages/checkout';
import { RESALE_MSG } from '../../../../src/shared/messages/resale';
import type { PayRequest } from '../../../../src/shared/schemas/checkout';
import { orderTransition } from '../../../domain/checkout/order-state';
import { inventoryOf } from '../../../durable-objects/stubs';
import { mercadoPago } from '../../../payments/mercadopago';
import { fail } from '../../lib/errors';
import type { Defer } from '../payments/apply';
import { mpCredentialsOf } from './config';
import { approveFreeOrder } from './free';
import { eventSummary, nowIso, type OrderRow, orderItems } from './orders';

/**
 * The checkout form: saves buyer and holders, then either issues free tickets at once or creates the
 * MercadoPago preference and answers where to send the buyer.
 */
export async function submitCheckout(env: Env, order: OrderRow, input: PayRequest, defer: Defer) {
  if (order.status !== 'held' && order.status !== 'pending_payment') fail(409, closedOrderMessage(order));
  // The inventory object is the authority: a hold replaced by the buyer's newer one, expired, or released
  // by the event's cancellation is not payable, whatever D1 says yet.
  const hold = await inventoryOf(env, order.event_id).holdStatus(order.hold_id);
  if (hold?.resaleWithdrawn) fail(409, RESALE_MSG.offerWithdrawn);
  if (hold?.status !== 'open') fail(409, closedOrderMessage(order));

  const items = await orderItems(env, order.id);
  const statements: D1PreparedStatement[] = [];
  for (const item of items) {
    const holders = input.holders.filter((h) => h.ticket_type_id === item.ticket_type_id);
    if (item.named === 1 && holders.length !== item.quantity) {
      fail(400, BUY_MSG.holdersMissing(item.name));
    }
    statements.push(
      env.DB.prepare('update order_items set holders = ? where order_id = ? and ticket_type_id = ?').bind(
        JSON.stringify(item.named === 1 ? holders.map((h) => ({ name: h.name, dni: h.dni })) : []),
        order.id,
        item.ticket_type_id,
      ),
    );
  }
  statements.push(
    env.DB.prepare(
      'update orders set buyer_name = ?, buyer_email = ?, buyer_dni = ?, buyer_phone = ?, updated_at = ? where id = ?',
    ).bind(input.buyer.name, input.buyer.email, input.buyer.dni, input.buyer.phone, nowIso(), order.id),
  );
  await env.DB.batch(statements);
  const updated: OrderRow = {
    ...order,
    buyer_name: input.buyer.name,
    buyer_email: input.buyer.email,
    buyer_dni: input.buyer.dni,
    buyer_phone: input.buyer.phone,
  };

  if (order.total_cents === 0) {
    await approveFreeOrder(env, updated, defer);
    return { status: 'paid' as const, redirect: `/payment/success?order=${order.id}` };
  }

  const event = await eventSummary(env, order.event_id);
  const { accessToken, own, marketplace, collectorId } = await mpCredentialsOf(env, order.producer_id);
  const origin = env.PUBLIC_ORIGIN.replace(/\/$/, '');
  const mpItems = items.map((i) => ({
    id: String(i.ticket_type_id),
    title: `${event.title} · ${i.name}`,
    quantity: i.quantity,
    unit_price: i.unit_price_cents / 100,
    currency_id: 'ARS' as const,
  }));
  if (order.fee_cents > 0) {
    mpItems.push({
      id: 'cargo',
      title: HOLD_MSG.serviceCharge,
      quantity: 1,
      unit_price: order.fee_cents / 100,
      currency_id: 'ARS',
    });
  }
  const preference = await mercadoPago(env, accessToken).createPreference({
    items: mpItems,
    payer: {
      name: input.buyer.name,
      email: input.buyer.email,
      identification: { type: 'DNI', number: input.buyer.dni },
    },
    external_reference: order.id,
    back_urls: {
      success: `${origin}/payment/success`,
      failure: `${origin}/payment/failure`,
      pending: `${origin}/payment/pending`,
    },
    auto_return: 'approved',
    notification_url: `${origin}/api/v1/webhooks/mercadopago${own ? `?producer=${order.producer_id}` : ''}`,
    expires: true,
    expiration_date_from: new Date().toISOString(),
    expiration_date_to: new Date(hold.expiresAt).toISOString(),
    statement_descriptor: 'BOLETERIA',
    metadata: { order_id: order.id },
    // Collected by the producer's linked account: the platform keeps the service charge.
    ...(marketplace && order.fee_cents > 0 ? { marketplace_fee: order.fee_cents / 100 } : {}),
  });
  await orderTransition(env.DB, { id: order.id }, ['held', 'pending_payment'], 'pending_payment', {
    set: { mp_preference_id: preference.id, mp_collector_id: collectorId },
  }).run();
  return { status: 'pending_payment' as const, redirect: preference.init_point };
}

function closedOrderMessage(order: OrderRow): string {
  if (order.status === 'paid') return CLOSED_ORDER_MSG.paid;
  if (order.status_reason === 'evento_cancelado') return CLOSED_ORDER_MSG.cancelled;
  if (order.status_reason === 'reemplazada') return CLOSED_ORDER_MSG.replaced;
  return CLOSED_ORDER_MSG.expired;
}
