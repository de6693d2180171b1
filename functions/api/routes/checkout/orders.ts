import { Hono } from 'hono';
import { SALES_MSG } from '../../../../src/shared/messages/sales';
import { OrderIdParamSchema, PayRequestSchema, RefundRequestSchema } from '../../../../src/shared/schemas/checkout';
import { type AccessEnv, authenticated, orderParam as orderTarget, requirePermission } from '../../lib/access';
import { validate } from '../../lib/validate';
import { findOrder, orderView, ownOrder } from '../../services/checkout/orders';
import { submitCheckout } from '../../services/checkout/submit';
import { refundOrder } from '../../services/payments/refund';

const orderParam = validate('param', OrderIdParamSchema, 404);

/** Orders: the buyer's checkout and payment state; refunds by the producer. */
export const orders = new Hono<AccessEnv>()
  .get('/:id', authenticated('session'), orderParam, async (c) => {
    const order = await ownOrder(c.env, c.req.valid('param').id, c.var.session.user.id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await orderView(c.env, order) });
  })
  .post('/:id/checkout', authenticated('session'), orderParam, validate('json', PayRequestSchema), async (c) => {
    const order = await ownOrder(c.env, c.req.valid('param').id, c.var.session.user.id);
    const result = await submitCheckout(c.env, order, c.req.valid('json'), (p) => c.executionCtx.waitUntil(p));
    return c.json({ status: true, data: result });
  })
  .post(
    '/:id/refund',
    // Who may refund is read from the database on every call: a demoted admin loses it at once.
    requirePermission('tickets.refund', 'event', orderTarget('id'), SALES_MSG.noRefundProducer),
    orderParam,
    validate('json', RefundRequestSchema),
    async (c) => {
      const { order } = c.var;
      const result = await refundOrder(c.env, c.var.actor, order, (p) => c.executionCtx.waitUntil(p));
      const updated = await findOrder(c.env, order.id);
      return c.json({ status: true, result, data: updated ? await orderView(c.env, updated) : null });
    },
  );
