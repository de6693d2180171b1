import { Hono } from 'hono';
import { ActivityQuerySchema } from '../../../../src/shared/schemas/team';
import { type AccessEnv, producerParam, requirePermission } from '../../lib/access';
import { validate } from '../../lib/validate';
import { activityOf } from '../../services/sales/audit';

/**
 * "Actividad" (issue 35): a producer's activity log, read by its producer-wide administrators (`users.manage`).
 * There is no route that changes it: the log refuses updates and deletes (migrations/0074).
 */
export const activity = new Hono<AccessEnv>().get(
  '/:producer',
  requirePermission('users.manage', 'producer', producerParam('producer')),
  validate('query', ActivityQuerySchema),
  async (c) => {
    c.header('cache-control', 'private, no-store');
    const data = await activityOf(c.env.DB, c.var.target.producerId!, c.req.valid('query'));
    return c.json({ status: true, data });
  },
);
