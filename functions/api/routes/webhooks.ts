import { Hono } from 'hono';
import { verifyWebhookSignature } from '../../payments/mercadopago';
import type { ApiBindings } from '../app';
import { fail } from '../lib/errors';
import { mpCredentialsOf } from '../services/checkout/config';
import { syncPayment } from '../services/payments/apply';

/**
 * MercadoPago notifications (Checkout Pro webhooks). The edge forwards them with the API key and the
 * x-signature / x-request-id headers. The notification is only a hint: the payment is always fetched
 * from MercadoPago before anything changes. Errors answer 500 so MercadoPago retries later.
 */
export const webhooks = new Hono<ApiBindings>().post('/webhooks/mercadopago', async (c) => {
  const body = ((await c.req.json().catch(() => null)) ?? {}) as {
    type?: string;
    action?: string;
    data?: { id?: string | number };
  };
  const dataId = c.req.query('data.id') ?? (body.data?.id !== undefined ? String(body.data.id) : null);
  const type = c.req.query('type') ?? body.type ?? c.req.query('topic');
  const producer = Number(c.req.query('producer'));
  const producerId = Number.isInteger(producer) && producer > 0 ? producer : null;
  const { webhookSecret } = await mpCredentialsOf(c.env, producerId);

  const check = await verifyWebhookSignature({
    secret: webhookSecret,
    signature: c.req.header('x-signature') ?? null,
    requestId: c.req.header('x-request-id') ?? null,
    dataId,
  });
  if (check === 'invalid') fail(401, 'Firma de notificación inválida.');
  if (check === 'stale') fail(401, 'Notificación vencida.');
  if (type !== 'payment' || !dataId) return c.json({ status: true, result: 'ignored' });

  const result = await syncPayment(c.env, dataId, producerId, (p) => c.executionCtx.waitUntil(p));
  return c.json({ status: true, result });
});
