import { Hono } from 'hono';
import { SalesScopeQuerySchema } from '../../../../src/shared/schemas/sales';
import { type AccessEnv, requirePermission, salesTarget } from '../../lib/access';
import { validate } from '../../lib/validate';
import { finance } from '../../services/sales/finance';
import { salesScope } from '../../services/sales/scope';

/** Finanzas (mounted at /admin): revenue, fees, refunds and payouts over the caller's scope. */
export const salesFinance = new Hono<AccessEnv>().get(
  '/finance',
  requirePermission('finance.view', 'event', salesTarget()),
  validate('query', SalesScopeQuerySchema),
  async (c) => {
    const scope = salesScope(c.var.actor, c.var.target, 'finance.view');
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await finance(c.env.DB, scope, c.req.valid('query')) });
  },
);
