import { Hono } from 'hono';
import { z } from 'zod';
import { WEBHOOK_MSG } from '../../../../src/shared/messages/payments';
import { verifyWebhookSignature } from '../../../payments/mercadopago';
import { type AccessEnv, publicRoute } from '../../lib/access';
import { fail } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { mpCredentialsOf } from '../../services/checkout/config';
import { syncPayment } from '../../services/payments/apply';

/**
 * MercadoPago notifications (Checkout Pro webhooks). The edge forwards them with the API key and the
 * x-signature / x-request-id headers. The notification is only a hint: the payment is always fetched
 * from MercadoPago before anything changes. Errors answer 500 so MercadoPago retries later.
 */
/** The query of a notification: `?data.id=…&type=payment` (webhooks) or `?topic=…` (older IPN), and ours. */
const NotificationQuery = z.object({
  'data.id': z.string().max(64).optional(),
  type: z.string().max(64).optional(),
  topic: z.string().max(64).optional(),
  producer: z.coerce.number().int().positive().optional().catch(undefined),
});

/** The body MercadoPago sends; only `type` and `data.id` matter (the payment is fetched anyway). */
const NotificationBody = z
  .object({
    type: z.string().max(64).optional(),
    data: z.object({ id: z.union([z.string().max(64), z.number()]).optional() }).optional(),
  })
  .catch({});

export const webhooks = new Hono<AccessEnv>().post(
  '/mercadopago',
  // Public: MercadoPago calls it; the x-signature HMAC is checked below.
  publicRoute(),
  validate('query', NotificationQuery),
  async (c) => {
    const query = c.req.valid('query');
    const body = NotificationBody.parse(await c.req.json().catch(() => ({})));
    const dataId = query['data.id'] ?? (body.data?.id !== undefined ? String(body.data.id) : null);
    const type = query.type ?? body.type ?? query.topic;
    const producerId = query.producer ?? null;
    const { webhookSecret } = await mpCredentialsOf(c.env, producerId);

    const check = await verifyWebhookSignature({
      secret: webhookSecret,
      signature: c.req.header('x-signature') ?? null,
      requestId: c.req.header('x-request-id') ?? null,
      dataId,
    });
    if (check === 'invalid') fail(401, WEBHOOK_MSG.badSignature);
    if (check === 'stale') fail(401, WEBHOOK_MSG.stale);
    if (type !== 'payment' || !dataId) return c.json({ status: true, result: 'ignored' });

    const result = await syncPayment(c.env, dataId, producerId, (p) => c.executionCtx.waitUntil(p));
    return c.json({ status: true, result });
  },
);
