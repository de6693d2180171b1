import { Hono } from 'hono';
import { PayRequestSchema, RefundRequestSchema } from '../../../src/shared/schemas/checkout';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth } from '../lib/auth';
import { fail } from '../lib/errors';
import { validate } from '../lib/validate';
import { findOrder, orderView, ownOrder } from '../services/checkout/orders';
import { submitCheckout } from '../services/checkout/submit';
import { canRefund, refundOrder } from '../services/payments/refund';

/** Orders: the buyer's checkout and payment state; refunds by the producer. */
export const orders = new Hono<ApiBindings & { Variables: AuthVariables }>()
  .get('/orders/:id', requireAuth, async (c) => {
    const order = await ownOrder(c.env, c.req.param('id'), c.var.session.user.id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await orderView(c.env, order) });
  })
  .post('/orders/:id/checkout', requireAuth, validate('json', PayRequestSchema), async (c) => {
    const order = await ownOrder(c.env, c.req.param('id'), c.var.session.user.id);
    const result = await submitCheckout(c.env, order, c.req.valid('json'), (p) => c.executionCtx.waitUntil(p));
    return c.json({ status: true, data: result });
  })
  .post('/orders/:id/refund', requireAuth, validate('json', RefundRequestSchema), async (c) => {
    const session = c.var.session;
    const order = await findOrder(c.env, c.req.param('id'));
    if (!order) fail(404, 'La orden no existe.');
    if (!(await canRefund(c.env, session.user.id, session.rol, order.producer_id))) {
      fail(403, 'No tiene permiso para reembolsar órdenes de esta productora.');
    }
    const result = await refundOrder(c.env, order, (p) => c.executionCtx.waitUntil(p));
    const updated = await findOrder(c.env, order.id);
    return c.json({ status: true, result, data: updated ? await orderView(c.env, updated) : null });
  });
