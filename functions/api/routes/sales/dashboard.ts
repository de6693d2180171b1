import { Hono } from 'hono';
import { SalesScopeQuerySchema } from '../../../../src/shared/schemas/sales';
import { type AccessEnv, requirePermission, salesTarget } from '../../lib/access';
import { validate } from '../../lib/validate';
import { dashboard } from '../../services/sales/dashboard';
import { salesScope } from '../../services/sales/scope';

/** The sales dashboard (mounted at /admin): the caller's producers, one of them, or one event. */
export const salesDashboard = new Hono<AccessEnv>().get(
  '/sales/dashboard',
  requirePermission('dashboard.view', 'event', salesTarget()),
  validate('query', SalesScopeQuerySchema),
  async (c) => {
    const scope = salesScope(c.var.actor, c.var.target, 'dashboard.view');
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await dashboard(c.env.DB, scope, c.req.valid('query')) });
  },
);
