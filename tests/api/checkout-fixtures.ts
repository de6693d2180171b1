import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import { createTestEvent } from '../../functions/dev/checkout-tools';
import { signAccessToken } from '../../functions/lib/jwt';
import { eventually, ORIGIN, provider, settledFetch } from './helpers';

export { createTestEvent };

let counter = 0;

/** A verified buyer and a Bearer header for the provider API. */
export async function createBuyer(rol = 'USER') {
  const n = `${Date.now()}-${counter++}`;
  const email = `comprador-${n}@prueba.local`;
  const user = await env.DB.prepare(
    `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at, email_verified_at)
     values ('Ana Compradora', ?, 'x', '30123456', '1155550000', ?, '2026-01-01', '2026-01-01') returning id`,
  )
    .bind(email, rol)
    .first<{ id: number }>();
  const token = await signAccessToken(
    env.JWT_SECRET,
    { user: { id: user!.id, name: 'Ana Compradora', email, activo: true, provinces_id: null }, rol, permisos: [] },
    3600,
  );
  return { id: user!.id, email, auth: { authorization: `Bearer ${token}` } };
}

let dniCounter = Math.floor(Math.random() * 10_000_000);

/** A buyer with a DNI of their own (createBuyer gives every buyer the same one; the waiting list keeps one per DNI). */
export async function buyerWithDni() {
  const buyer = await createBuyer();
  const dni = String(20_000_000 + (dniCounter++ % 70_000_000)).padStart(8, '0');
  await env.DB.prepare('update users set dni = ? where id = ?').bind(dni, buyer.id).run();
  return buyer;
}

/** The order of the offer a waiting buyer gets from the event's waiting list, once it is made. */
export async function offeredOrder(waiting: { auth: Record<string, string> }, eventId: number) {
  let orderId = '';
  await eventually(async () => {
    const res = await asBuyer(waiting, `/waitlist/${eventId}/me`);
    const me = ((await res.json()) as { data: { status?: string; order_id?: string | null } }).data;
    orderId = String(me.order_id ?? '');
    return me.status === 'offered' && orderId !== '';
  }, 'the returned ticket is offered to the waiting buyer');
  return orderId;
}

export function asBuyer(
  buyer: { auth: Record<string, string> },
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(buyer.auth)) headers.set(k, v);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return provider(path, { ...init, headers, body });
}

/**
 * Outbound fetches of the Worker go nowhere in tests: route MercadoPago's API to the bundled sandbox and
 * the sandbox's notifications (PUBLIC_ORIGIN) back into the Worker, like the real network would.
 */
export function routeNetworkToSelf() {
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === 'https://api.mercadopago.com') {
      return settledFetch(new Request(`${ORIGIN}/dev/mercadopago${url.pathname}${url.search}`, request));
    }
    if (url.origin === ORIGIN) return settledFetch(request);
    return original(request);
  });
}

/** Drops the sandbox's notifications on the floor (as if our endpoint were down), so a test delivers them itself. */
export function routeNetworkWithoutWebhooks() {
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === 'https://api.mercadopago.com') {
      return settledFetch(new Request(`${ORIGIN}/dev/mercadopago${url.pathname}${url.search}`, request));
    }
    if (url.pathname.startsWith('/api/v1/webhooks/')) return new Response('down', { status: 503 });
    if (url.origin === ORIGIN) return settledFetch(request);
    return original(request);
  });
}

export const BUYER_FORM = {
  buyer: { name: 'Ana Compradora', email: 'ana@prueba.local', dni: '30123456', phone: '1155550000' },
  accept_terms: true,
};

type Json = Record<string, unknown> & { data?: Record<string, unknown> };

/** Hold + checkout form: answers the order id and where the buyer is sent (MercadoPago or success). */
export async function startPurchase(
  buyer: Awaited<ReturnType<typeof createBuyer>>,
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
  const order = ((await held.json()) as Json).data as { id: string };
  const res = await asBuyer(buyer, `/orders/${order.id}/checkout`, { method: 'POST', json: form });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
  const { redirect } = ((await res.json()) as Json).data as { redirect: string };
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

export async function orderOf(buyer: Awaited<ReturnType<typeof createBuyer>>, orderId: string) {
  const res = await asBuyer(buyer, `/orders/${orderId}`);
  return ((await res.json()) as Json).data as { status: string; tickets: number; status_reason: string | null };
}

/** A notification as MercadoPago signs it (secret, data.id, x-request-id, ts in seconds). */
export async function signedNotification(paymentId: string, opts: { secret?: string; tsOffsetSeconds?: number } = {}) {
  const { hmacHex, signatureManifest } = await import('../../functions/payments/mercadopago');
  const requestId = crypto.randomUUID();
  const ts = String(Math.floor(Date.now() / 1000) + (opts.tsOffsetSeconds ?? 0));
  const v1 = await hmacHex(opts.secret ?? env.MP_WEBHOOK_SECRET, signatureManifest(paymentId, requestId, ts));
  return settledFetch(`${ORIGIN}/api/v1/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` },
    body: JSON.stringify({ type: 'payment', action: 'payment.updated', data: { id: paymentId } }),
  });
}

export async function mailsTo(email: string) {
  const { results } = await env.DB.prepare('select subject, html from dev_mail where to_address = ? order by id')
    .bind(email.toLowerCase())
    .all<{ subject: string; html: string }>();
  return results;
}

export async function ticketsOfOrderInDb(orderId: string) {
  const { results } = await env.DB.prepare('select id, code, status from tickets where order_id = ? order by id')
    .bind(orderId)
    .all<{ id: string; code: string; status: string }>();
  return results;
}
