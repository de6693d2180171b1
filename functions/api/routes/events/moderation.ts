import { Hono } from 'hono';
import { z } from 'zod';
import { FIELD_MSG } from '../../../../src/shared/messages/common';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { type AccessEnv, superAdmin } from '../../lib/access';
import { validate } from '../../lib/validate';
import { reviewEvent } from '../../services/events/lifecycle';
import { listManagedEvents } from '../../services/events/list';
import { eventHeader } from '../../services/events/store';

const IdParam = z.object({ id: z.coerce.number().int().min(1, EVENT_MSG.notFound) });
const RejectSchema = z.object({
  reason: z
    .string({ error: EVENT_MSG.rejectReasonRequired })
    .trim()
    .min(5, EVENT_MSG.rejectReasonMin)
    .max(500, FIELD_MSG.maxChars(500)),
});

/** The superadmin's review queue: events en revisión, approved (published) or rejected (back to draft). */
export const moderation = new Hono<AccessEnv>()
  .get('/', superAdmin(), async (c) => {
    return c.json({ status: true, data: await listManagedEvents(c.env.DB, null, { status: 'en_revision' }) });
  })
  .post('/:id/approve', superAdmin(), validate('param', IdParam), async (c) => {
    await reviewEvent(c.env, await eventHeader(c.env.DB, c.req.valid('param').id), { approved: true });
    return c.json({ status: true, message: EVENT_MSG.approved });
  })
  .post('/:id/reject', superAdmin(), validate('param', IdParam), validate('json', RejectSchema), async (c) => {
    const header = await eventHeader(c.env.DB, c.req.valid('param').id);
    await reviewEvent(c.env, header, { approved: false, reason: c.req.valid('json').reason });
    return c.json({ status: true, message: EVENT_MSG.rejected });
  });
