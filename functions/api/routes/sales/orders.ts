import { Hono } from 'hono';
import { SALES_MSG } from '../../../../src/shared/messages/sales';
import { OrderIdParamSchema, TicketIdParamSchema } from '../../../../src/shared/schemas/checkout';
import {
  AdminRefundSchema,
  HolderChangeSchema,
  OrderSearchQuerySchema,
  ReasonSchema,
  TicketsMailSchema,
} from '../../../../src/shared/schemas/sales';
import { type AccessEnv, orderParam, requirePermission, salesTarget, ticketParam } from '../../lib/access';
import { throttled } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { changeHolder, findOrder, refundTickets, resendTickets } from '../../services/sales/actions';
import { boxOfficeTicketsPdf, mailBoxOfficeTickets } from '../../services/sales/box-office';
import { orderDetail } from '../../services/sales/detail';
import { salesScope } from '../../services/sales/scope';
import { searchOrders } from '../../services/sales/search';

const idParam = validate('param', OrderIdParamSchema, 404);

/** The staff's actions on one order: `tickets.sell` on its event; the order is `c.var.order`. */
const orderAction = () => requirePermission('tickets.sell', 'event', orderParam(), SALES_MSG.noAction);

/** Resends are counted once the request is valid: per order, and per staff member (docs/operations.md). */
const resendThrottle = throttled<AccessEnv>((c) => [
  ['resendOrder', c.req.param('id')],
  ['resendStaff', String(c.var.actor.userId)],
]);

/**
 * Orders in the sales back office (mounted at /admin): search, detail, and the staff's actions (audited):
 * resend, refund, the tickets' PDF or e-mail, a ticket's holder.
 */
export const salesOrders = new Hono<AccessEnv>()
  .get(
    '/orders',
    requirePermission('tickets.view', 'event', salesTarget()),
    validate('query', OrderSearchQuerySchema),
    async (c) => {
      const scope = salesScope(c.var.actor, c.var.target, 'tickets.view');
      const { data, pagination } = await searchOrders(c.env.DB, scope, c.req.valid('query'));
      c.header('cache-control', 'no-store');
      return c.json({ status: true, data, pagination });
    },
  )
  .get(
    '/orders/:id',
    requirePermission('tickets.view', 'event', orderParam(), SALES_MSG.noAccess),
    idParam,
    async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ status: true, data: await orderDetail(c.env, c.var.order) });
    },
  )
  .post('/orders/:id/resend', orderAction(), idParam, validate('json', ReasonSchema), resendThrottle, async (c) => {
    const { order } = c.var;
    await resendTickets(c.env, c.var.actor, order, c.req.valid('json').reason);
    return c.json({ status: true, message: SALES_MSG.resent(order.buyer_email ?? '') });
  })
  .post(
    '/orders/:id/refund',
    requirePermission('tickets.refund', 'event', orderParam(), SALES_MSG.noRefundEvent),
    idParam,
    validate('json', AdminRefundSchema),
    async (c) => {
      const { order } = c.var;
      const result = await refundTickets(c.env, c.var.actor, order, c.req.valid('json'), (p) =>
        c.executionCtx.waitUntil(p),
      );
      const updated = await findOrder(c.env, order.id);
      return c.json({ status: true, result, data: updated ? await orderDetail(c.env, updated) : null });
    },
  )
  .get('/orders/:id/tickets.pdf', orderAction(), idParam, async (c) => {
    const { order } = c.var;
    const bytes = await boxOfficeTicketsPdf(c.env, order);
    return new Response(bytes.slice().buffer as ArrayBuffer, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="entradas-${order.id.slice(0, 8)}.pdf"`,
        'cache-control': 'no-store',
      },
    });
  })
  .post(
    '/orders/:id/tickets-mail',
    orderAction(),
    idParam,
    validate('json', TicketsMailSchema),
    resendThrottle,
    async (c) => {
      const { email } = c.req.valid('json');
      await mailBoxOfficeTickets(c.env, c.var.actor, c.var.order, email);
      return c.json({ status: true, message: SALES_MSG.sent(email) });
    },
  )
  .post(
    '/tickets/:id/holder',
    requirePermission('tickets.sell', 'event', ticketParam(), SALES_MSG.noAction),
    validate('param', TicketIdParamSchema, 404),
    validate('json', HolderChangeSchema),
    async (c) => {
      const data = await changeHolder(c.env, c.var.actor, c.var.ticket, c.req.valid('json'));
      return c.json({ status: true, data });
    },
  );
