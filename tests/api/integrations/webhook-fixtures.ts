import { env } from 'cloudflare:test';
import { onTestFinished, vi } from 'vitest';
import { type Actor, asBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';

/**
 * A receiver of webhooks at https://receptor.example (the Worker's outbound fetch to it is answered here):
 * `answer` decides each reply, every request is kept. Other fetches go to the runtime as usual.
 */
export function receiver(
  answer: (request: Request, n: number) => Response | Promise<Response> = () => new Response('ok'),
) {
  const received: { request: Request; body: string; headers: Record<string, string> }[] = [];
  const realFetch = globalThis.fetch;
  // A path of its own: deliveries other tests left due (one D1 for the file) are answered, not counted.
  const url = `${RECEIVER_URL}/${crypto.randomUUID()}`;
  current = url;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).host !== 'receptor.example') return realFetch(input, init);
    if (request.url !== url) return new Response('ok');
    const body = await request.clone().text();
    received.push({ request, body, headers: Object.fromEntries(request.headers) });
    return answer(request, received.length);
  });
  onTestFinished(() => spy.mockRestore());
  return { received, spy, url };
}

export const RECEIVER_URL = 'https://receptor.example/hooks';
/** The last receiver's URL: where `createEndpoint` points by default. */
let current = RECEIVER_URL;

/** Creates an endpoint through the API; answers its id and secret (shown once). */
export async function createEndpoint(
  admin: Actor,
  producerId: number,
  types: string[] = ['order.paid'],
  url = current,
) {
  const res = await asBuyer(admin, `/admin/webhooks/producers/${producerId}/endpoints`, {
    method: 'POST',
    json: { url, description: 'CRM', event_types: types },
  });
  const body = (await res.json()) as Answer<{ id: string; secret: string }>;
  if (res.status !== 201) throw new Error(`endpoint not created: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A box-office sale of `quantity` tickets (paid at once: order.paid). */
export async function boxOfficeSale(
  seller: Actor,
  eventId: number,
  typeId: number,
  quantity = 2,
  email = 'ana.caja@prueba.local',
) {
  const res = await asBuyer(seller, '/admin/box-office/sales', {
    method: 'POST',
    json: {
      event_id: eventId,
      items: [{ ticket_type_id: typeId, quantity }],
      method: 'cash',
      buyer: { name: 'Ana Compradora', email },
    },
  });
  const body = (await res.json()) as Answer<{ order_id: string }>;
  if (res.status !== 201) throw new Error(`sale failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.order_id;
}

/** An order's tickets, oldest first. */
export async function ticketsOfOrder(orderId: string) {
  const { results } = await env.DB.prepare('select id, code from tickets where order_id = ? order by id')
    .bind(orderId)
    .all<{ id: string; code: string }>();
  return results;
}

/**
 * The holder offers a ticket to `to` by e-mail and `to` accepts it through the e-mail's link (the recipient's
 * path, services/checkout/transfer.ts). Answers the statuses of the offer and, when it was made, the acceptance.
 */
export async function transferTicket(owner: Actor, to: Actor, ticketId: string): Promise<number[]> {
  const offered = await asBuyer(owner, `/tickets/${ticketId}/transfer`, { method: 'POST', json: { email: to.email } });
  if (offered.status !== 200) return [offered.status];
  const mail = await env.DB.prepare('select links from dev_mail where to_address = ? order by id desc')
    .bind(to.email.toLowerCase())
    .first<{ links: string }>();
  const link = (JSON.parse(mail?.links ?? '[]') as string[]).find((l) => l.includes('token='));
  const token = new URL(link ?? 'http://x/').searchParams.get('token');
  const accepted = await asBuyer(to, '/tickets/transfers/accept', { method: 'POST', json: { token } });
  return [offered.status, accepted.status];
}

export async function outboxOf(producerId: number) {
  const { results } = await env.DB.prepare('select * from webhook_outbox where producer_id = ? order by created_at, id')
    .bind(producerId)
    .all<{ id: string; type: string; dedupe_key: string; payload: string }>();
  return results;
}

/**
 * An independent verifier, written from the Standard Webhooks specification ("Verifying webhook
 * authenticity"): the headers must be present, the timestamp within 5 minutes of the receiver's clock, and
 * one of the space-separated `v1,<base64>` signatures must equal HMAC-SHA256(base64-decoded secret without
 * `whsec_`, `${id}.${timestamp}.${body}`), compared in constant time. Answers why it refused, or null.
 */
export async function verifyStandardWebhook(
  secret: string,
  headers: Record<string, string>,
  body: string,
  nowSeconds: number,
): Promise<string | null> {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return 'missing headers';
  const ts = Number(timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > 5 * 60) return 'timestamp out of tolerance';
  const keyText = atob(secret.replace(/^whsec_/, ''));
  const keyBytes = new Uint8Array([...keyText].map((ch) => ch.charCodeAt(0)));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
  const expected = btoa(String.fromCharCode(...mac));
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value || value.length !== expected.length) continue;
    let diff = 0;
    for (let i = 0; i < value.length; i++) diff |= value.charCodeAt(i) ^ expected.charCodeAt(i);
    if (diff === 0) return null;
  }
  return 'no matching signature';
}
