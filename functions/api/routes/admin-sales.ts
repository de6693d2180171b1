import { Hono } from 'hono';
import { ORDER_NOT_FOUND, TICKET_MSG } from '../../../src/shared/messages/checkout';
import { SALES_MSG } from '../../../src/shared/messages/sales';
import type { Permission } from '../../../src/shared/roles';
import { salesPeriodRange } from '../../../src/shared/sales';
import { OrderIdParamSchema, TicketIdParamSchema } from '../../../src/shared/schemas/checkout';
import {
  AdminRefundSchema,
  AttendeesExportQuerySchema,
  BoxOfficeReportQuerySchema,
  BoxOfficeSaleSchema,
  ExportQuerySchema,
  FinanceExportQuerySchema,
  HolderChangeSchema,
  OrderSearchQuerySchema,
  ReasonSchema,
  SalesScopeQuerySchema,
  TicketsMailSchema,
} from '../../../src/shared/schemas/sales';
import {
  type AccessEnv,
  eventJson,
  eventQuery,
  orderParam as orderTarget,
  requirePermission,
  rowEventParam,
  salesTarget,
} from '../lib/access';
import { fail } from '../lib/errors';
import { throttled } from '../lib/throttle';
import { validate } from '../lib/validate';
import { type Actor, assertCan, producerOfEvent } from '../services/events/access';
import { changeHolder, findOrder, refundTickets, resendTickets, ticketForStaff } from '../services/sales/actions';
import { auditExport } from '../services/sales/audit';
import {
  boxOfficeReport,
  boxOfficeSale,
  boxOfficeTicketsPdf,
  mailBoxOfficeTickets,
} from '../services/sales/box-office';
import { dashboard } from '../services/sales/dashboard';
import { orderDetail } from '../services/sales/detail';
import { attendeesSheet, financeSheet, ordersSheet, type Sheet, toCsv, toXlsx } from '../services/sales/exports';
import { finance } from '../services/sales/finance';
import { assertScopeCan, type SalesScope, salesScope } from '../services/sales/scope';
import { searchOrders } from '../services/sales/search';

const orderParam = validate('param', OrderIdParamSchema, 404);

/** The producer and event an export covered (one producer, or none when it spans several). */
const scopeOwner = (scope: SalesScope) => ({
  producerId: scope.producerIds?.length === 1 ? scope.producerIds[0] : null,
  eventId: scope.eventId,
});

/** The order an admin acts on, after checking the caller may do `permission` on its event. */
async function staffOrder(env: Env, actor: Actor, id: string, permission: Permission, message: string) {
  const order = await findOrder(env, id);
  if (!order) fail(404, ORDER_NOT_FOUND);
  assertCan(actor, order.producer_id, permission, message, order.event_id);
  return order;
}

async function fileResponse(sheet: Sheet, format: 'csv' | 'xlsx', basename: string) {
  const day = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  if (format === 'csv') {
    return new Response(toCsv(sheet), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${basename}-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  }
  return new Response(await toXlsx(sheet), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${basename}-${day}.xlsx"`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * The sales back office (mounted at /admin): dashboard, order search and detail, staff actions (audited)
 * and exports. Every permission here may be held for some events only: a request naming no event is
 * narrowed to the caller's events by `salesScope`.
 */
export const adminSales = new Hono<AccessEnv>()
  .get(
    '/sales/dashboard',
    requirePermission('dashboard.view', 'event', salesTarget()),
    validate('query', SalesScopeQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const scope = await salesScope(c.env.DB, actor, query, 'dashboard.view');
      c.header('cache-control', 'no-store');
      return c.json({ status: true, data: await dashboard(c.env.DB, scope, query) });
    },
  )
  .get(
    '/finance',
    requirePermission('finance.view', 'event', salesTarget()),
    validate('query', SalesScopeQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const scope = await salesScope(c.env.DB, actor, query, 'finance.view');
      c.header('cache-control', 'no-store');
      return c.json({ status: true, data: await finance(c.env.DB, scope, query) });
    },
  )
  .get(
    '/exports/finance',
    requirePermission('export.data', 'event', salesTarget()),
    validate('query', FinanceExportQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const scope = await salesScope(c.env.DB, actor, query, 'finance.view');
      assertScopeCan(actor, scope, 'export.data');
      const sheet = financeSheet(await finance(c.env.DB, scope, query));
      await auditExport(c.env.DB, actor, scopeOwner(scope), {
        what: 'finance',
        format: query.format,
        rows: sheet.rows.length,
      });
      return fileResponse(sheet, query.format, 'finanzas');
    },
  )
  .post(
    '/box-office/sales',
    requirePermission('tickets.sell', 'event', eventJson(), SALES_MSG.noBoxOffice),
    validate('json', BoxOfficeSaleSchema),
    async (c) => {
      const actor = c.var.actor;
      const input = c.req.valid('json');
      const producerId = await producerOfEvent(c.env.DB, input.event_id);
      assertCan(actor, producerId, 'tickets.sell', SALES_MSG.noBoxOffice, input.event_id);
      const data = await boxOfficeSale(c.env, actor, input, (p) => c.executionCtx.waitUntil(p));
      return c.json({ status: true, data }, 201);
    },
  )
  .get(
    '/box-office/report',
    requirePermission('tickets.reports', 'event', salesTarget()),
    validate('query', BoxOfficeReportQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const scope = await salesScope(c.env.DB, actor, query, 'tickets.reports');
      const data = await boxOfficeReport(c.env.DB, scope, salesPeriodRange(query.period, query.from, query.to));
      return c.json({ status: true, data });
    },
  )
  .get(
    '/orders',
    requirePermission('tickets.view', 'event', salesTarget()),
    validate('query', OrderSearchQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const scope = await salesScope(c.env.DB, actor, query, 'tickets.view');
      const { data, pagination } = await searchOrders(c.env.DB, scope, query);
      c.header('cache-control', 'no-store');
      return c.json({ status: true, data, pagination });
    },
  )
  .get(
    '/orders/:id',
    requirePermission('tickets.view', 'event', orderTarget(), SALES_MSG.noAccess),
    orderParam,
    async (c) => {
      const actor = c.var.actor;
      const order = await findOrder(c.env, c.req.valid('param').id);
      if (!order) fail(404, ORDER_NOT_FOUND);
      assertCan(actor, order.producer_id, 'tickets.view', SALES_MSG.noAccess, order.event_id);
      c.header('cache-control', 'no-store');
      return c.json({ status: true, data: await orderDetail(c.env, order) });
    },
  )
  .post(
    '/orders/:id/resend',
    requirePermission('tickets.sell', 'event', orderTarget(), SALES_MSG.noAction),
    orderParam,
    validate('json', ReasonSchema),
    // Counted once the request is valid: per order, and per staff member (docs/operations.md).
    throttled<AccessEnv>((c) => [
      ['resendOrder', c.req.param('id')],
      ['resendStaff', String(c.var.actor.userId)],
    ]),
    async (c) => {
      const actor = c.var.actor;
      const order = await staffOrder(c.env, actor, c.req.valid('param').id, 'tickets.sell', SALES_MSG.noAction);
      await resendTickets(c.env, actor, order, c.req.valid('json').reason);
      return c.json({ status: true, message: SALES_MSG.resent(order.buyer_email ?? '') });
    },
  )
  .post(
    '/orders/:id/refund',
    requirePermission('tickets.refund', 'event', orderTarget(), SALES_MSG.noRefundEvent),
    orderParam,
    validate('json', AdminRefundSchema),
    async (c) => {
      const actor = c.var.actor;
      const order = await staffOrder(c.env, actor, c.req.valid('param').id, 'tickets.refund', SALES_MSG.noRefundEvent);
      const result = await refundTickets(c.env, actor, order, c.req.valid('json'), (p) => c.executionCtx.waitUntil(p));
      const updated = await findOrder(c.env, order.id);
      return c.json({ status: true, result, data: updated ? await orderDetail(c.env, updated) : null });
    },
  )
  .get(
    '/orders/:id/tickets.pdf',
    requirePermission('tickets.sell', 'event', orderTarget(), SALES_MSG.noAction),
    orderParam,
    async (c) => {
      const order = await staffOrder(c.env, c.var.actor, c.req.valid('param').id, 'tickets.sell', SALES_MSG.noAction);
      const bytes = await boxOfficeTicketsPdf(c.env, order);
      return new Response(bytes.slice().buffer as ArrayBuffer, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="entradas-${order.id.slice(0, 8)}.pdf"`,
          'cache-control': 'no-store',
        },
      });
    },
  )
  .post(
    '/orders/:id/tickets-mail',
    requirePermission('tickets.sell', 'event', orderTarget(), SALES_MSG.noAction),
    orderParam,
    validate('json', TicketsMailSchema),
    // Counted like a resend: per order, and per staff member (docs/operations.md).
    throttled<AccessEnv>((c) => [
      ['resendOrder', c.req.param('id')],
      ['resendStaff', String(c.var.actor.userId)],
    ]),
    async (c) => {
      const actor = c.var.actor;
      const order = await staffOrder(c.env, actor, c.req.valid('param').id, 'tickets.sell', SALES_MSG.noAction);
      const { email } = c.req.valid('json');
      await mailBoxOfficeTickets(c.env, actor, order, email);
      return c.json({ status: true, message: SALES_MSG.sent(email) });
    },
  )
  .post(
    '/tickets/:id/holder',
    requirePermission('tickets.sell', 'event', rowEventParam('tickets', TICKET_MSG.notFound), SALES_MSG.noAction),
    validate('param', TicketIdParamSchema, 404),
    validate('json', HolderChangeSchema),
    async (c) => {
      const actor = c.var.actor;
      const id = c.req.valid('param').id;
      const ticket = await ticketForStaff(c.env, id);
      assertCan(actor, ticket.producer_id, 'tickets.sell', SALES_MSG.noAction, ticket.event_id);
      const data = await changeHolder(c.env, actor, id, c.req.valid('json'));
      return c.json({ status: true, data });
    },
  )
  .get(
    '/exports/orders',
    requirePermission('export.data', 'event', salesTarget()),
    validate('query', ExportQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const scope = await salesScope(c.env.DB, actor, query, 'export.data');
      const sheet = await ordersSheet(c.env.DB, scope);
      await auditExport(c.env.DB, actor, scopeOwner(scope), {
        what: 'orders',
        format: query.format,
        rows: sheet.rows.length,
      });
      return fileResponse(sheet, query.format, 'ordenes');
    },
  )
  .get(
    '/exports/attendees',
    requirePermission('export.data', 'event', eventQuery(), SALES_MSG.noAccess),
    validate('query', AttendeesExportQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const producerId = await producerOfEvent(c.env.DB, query.event_id);
      assertCan(actor, producerId, 'export.data', SALES_MSG.noAccess, query.event_id);
      const sheet = await attendeesSheet(c.env.DB, query.event_id);
      await auditExport(
        c.env.DB,
        actor,
        { producerId, eventId: query.event_id },
        {
          what: 'attendees',
          format: query.format,
          rows: sheet.rows.length,
        },
      );
      if (query.format === 'pdf') {
        const { attendeesPdf } = await import('../services/sales/attendees-pdf');
        const bytes = await attendeesPdf(c.env.DB, query.event_id, sheet);
        return new Response(bytes.slice().buffer as ArrayBuffer, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="asistentes.pdf"',
            'cache-control': 'no-store',
          },
        });
      }
      return fileResponse(sheet, query.format, 'asistentes');
    },
  );
