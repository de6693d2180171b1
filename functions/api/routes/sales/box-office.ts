import { Hono } from 'hono';
import { SALES_MSG } from '../../../../src/shared/messages/sales';
import { salesPeriodRange } from '../../../../src/shared/sales';
import { BoxOfficeReportQuerySchema, BoxOfficeSaleSchema } from '../../../../src/shared/schemas/sales';
import { type AccessEnv, eventJson, requirePermission, salesTarget } from '../../lib/access';
import { validate } from '../../lib/validate';
import { boxOfficeReport, boxOfficeSale } from '../../services/sales/box-office';
import { salesScope } from '../../services/sales/scope';

/** The box office (mounted at /admin): a sale at the counter, and the counter's report. */
export const boxOffice = new Hono<AccessEnv>()
  .post(
    '/box-office/sales',
    requirePermission('tickets.sell', 'event', eventJson(), SALES_MSG.noBoxOffice),
    validate('json', BoxOfficeSaleSchema),
    async (c) => {
      const data = await boxOfficeSale(c.env, c.var.actor, c.req.valid('json'), (p) => c.executionCtx.waitUntil(p));
      return c.json({ status: true, data }, 201);
    },
  )
  .get(
    '/box-office/report',
    requirePermission('tickets.reports', 'event', salesTarget()),
    validate('query', BoxOfficeReportQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const scope = salesScope(c.var.actor, c.var.target, 'tickets.reports');
      const data = await boxOfficeReport(c.env.DB, scope, salesPeriodRange(query.period, query.from, query.to));
      return c.json({ status: true, data });
    },
  );
