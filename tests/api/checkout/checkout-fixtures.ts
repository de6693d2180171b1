import { env } from 'cloudflare:test';
import { type Actor, asBuyer, createBuyer } from '../kit/actors';
import type { AnswerOf } from '../kit/call';
import { eventually, ORIGIN, settledFetch } from '../kit/http';

/** Buying through the real endpoints: hold, checkout form, the MercadoPago sandbox, its notifications. */

export const BUYER_FORM = {
  buyer: { name: 'Ana Compradora', email: 'ana@prueba.local', dni: '30123456', phone: '1155550000' },
  accept_terms: true,
};

/** Hold + checkout form: answers the order id and where the buyer is sent (MercadoPago or success). */
export async function startPurchase(
  buyer: Actor,
  eventId: number,
  ticketTypeId: number,
  quantity = 2,
  form: Record<string, unknown> = { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
) {
  const held = await asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: eventId, items: [{ ticket_type_id: ticketTypeId, quantity }] },
  });
  if (held.status !== 201) throw new Error(`hold failed: ${held.status} ${await held.text()}`);
  const order = ((await held.json()) as AnswerOf<'POST /holds'>).data;
  const res = await asBuyer(buyer, `/orders/${order.id}/checkout`, { method: 'POST', json: form });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
  const { redirect } = ((await res.json()) as AnswerOf<'POST /orders/:id/checkout'>).data;
  return { orderId: order.id, redirect };
}

/**
 * Presses a button on the sandbox's checkout page; answers the payment id from the back URL once the
 * sandbox's notification and everything it set off (tickets, e-mails) are done.
 */
export async function payInSandbox(initPoint: string, outcome: 'approved' | 'rejected' | 'pending') {
  const res = await settledFetch(`${initPoint}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ outcome }),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`sandbox pay failed: ${res.status} ${await res.text()}`);
  const back = new URL(res.headers.get('location') ?? '');
  return { paymentId: back.searchParams.get('payment_id') ?? '', back };
}

/** A new buyer pays `quantity` tickets in the MercadoPago sandbox (with the network routed): the order and the buyer. */
export async function paidPurchase(eventId: number, ticketTypeId: number, quantity: number) {
  const buyer = await createBuyer();
  const { orderId, redirect } = await startPurchase(buyer, eventId, ticketTypeId, quantity);
  await payInSandbox(redirect, 'approved');
  return { orderId, buyer };
}

export async function orderOf(buyer: Actor, orderId: string) {
  const res = await asBuyer(buyer, `/orders/${orderId}`);
  return ((await res.json()) as AnswerOf<'GET /orders/:id'>).data;
}

/** A notification as MercadoPago signs it (secret, data.id, x-request-id, ts in seconds). */
export async function signedNotification(paymentId: string, opts: { secret?: string; tsOffsetSeconds?: number } = {}) {
  const { hmacHex, signatureManifest } = await import('../../../functions/payments/mercadopago');
  const requestId = crypto.randomUUID();
  const ts = String(Math.floor(Date.now() / 1000) + (opts.tsOffsetSeconds ?? 0));
  const v1 = await hmacHex(opts.secret ?? env.MP_WEBHOOK_SECRET, signatureManifest(paymentId, requestId, ts));
  return settledFetch(`${ORIGIN}/api/v1/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` },
    body: JSON.stringify({ type: 'payment', action: 'payment.updated', data: { id: paymentId } }),
  });
}

export async function ticketsOfOrderInDb(orderId: string) {
  const { results } = await env.DB.prepare('select id, code, status from tickets where order_id = ? order by id')
    .bind(orderId)
    .all<{ id: string; code: string; status: string }>();
  return results;
}

/** The order of the offer a waiting buyer gets from the event's waiting list, once it is made. */
export async function offeredOrder(waiting: Actor, eventId: number) {
  let orderId = '';
  await eventually(async () => {
    const res = await asBuyer(waiting, `/waitlist/${eventId}/me`);
    const me = ((await res.json()) as { data: { status?: string; order_id?: string | null } }).data;
    orderId = String(me.order_id ?? '');
    return me.status === 'offered' && orderId !== '';
  }, 'the returned ticket is offered to the waiting buyer');
  return orderId;
}
