import { Hono } from 'hono';
import { SALES_MSG } from '../../../../src/shared/messages/sales';
import {
  AttendeesExportQuerySchema,
  ExportQuerySchema,
  FinanceExportQuerySchema,
} from '../../../../src/shared/schemas/sales';
import { type AccessEnv, alsoNeeds, eventQuery, requirePermission, salesTarget } from '../../lib/access';
import { validate } from '../../lib/validate';
import { auditExport } from '../../services/sales/audit';
import { attendeesSheet, financeSheet, ordersSheet, type Sheet, toCsv, toXlsx } from '../../services/sales/exports';
import { finance } from '../../services/sales/finance';
import { assertScopeCan, type SalesScope, salesScope } from '../../services/sales/scope';

/** The producer and event an export covered (one producer, or none when it spans several). */
const scopeOwner = (scope: SalesScope) => ({
  producerId: scope.producerIds?.length === 1 ? scope.producerIds[0] : null,
  eventId: scope.eventId,
});

const NO_STORE = { 'cache-control': 'no-store' };

function download(body: BodyInit, type: string, filename: string) {
  return new Response(body, {
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"`, ...NO_STORE },
  });
}

async function fileResponse(sheet: Sheet, format: 'csv' | 'xlsx', basename: string) {
  const day = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  if (format === 'csv') return download(toCsv(sheet), 'text/csv; charset=utf-8', `${basename}-${day}.csv`);
  return download(
    await toXlsx(sheet),
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    `${basename}-${day}.xlsx`,
  );
}

/** Downloads (mounted at /admin), each audited: finance, orders, an event's attendees. */
export const salesExports = new Hono<AccessEnv>()
  .get(
    '/exports/finance',
    alsoNeeds('finance.view', requirePermission('export.data', 'event', salesTarget())),
    validate('query', FinanceExportQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const scope = salesScope(actor, c.var.target, 'finance.view');
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
  .get(
    '/exports/orders',
    requirePermission('export.data', 'event', salesTarget()),
    validate('query', ExportQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const query = c.req.valid('query');
      const scope = salesScope(actor, c.var.target, 'export.data');
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
      const { event } = c.var;
      const { format } = c.req.valid('query');
      const sheet = await attendeesSheet(c.env.DB, event.id);
      await auditExport(
        c.env.DB,
        c.var.actor,
        { producerId: event.producer_id, eventId: event.id },
        { what: 'attendees', format, rows: sheet.rows.length },
      );
      if (format === 'pdf') {
        const { attendeesPdf } = await import('../../services/sales/attendees-pdf');
        const bytes = await attendeesPdf(c.env.DB, event.id, sheet);
        return download(bytes.slice().buffer as ArrayBuffer, 'application/pdf', 'asistentes.pdf');
      }
      return fileResponse(sheet, format, 'asistentes');
    },
  );
