import { Hono } from 'hono';
import { z } from 'zod';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { MP_MSG } from '../../../../src/shared/messages/settings';
import { MpCallbackSchema } from '../../../../src/shared/schemas/settings';
import { type AccessEnv, producerParam, requirePermission, type TargetResolver } from '../../lib/access';
import { fail } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { auditStatement } from '../../services/sales/audit';
import {
  completeMpLink,
  consumeMpState,
  mpAuthorizationUrl,
  mpLinkStatus,
  mpStateProducer,
  unlinkMp,
} from '../../services/settings/mp-link';
import { producerSettings } from '../../services/settings/producer';

const IdParam = z.object({ id: z.coerce.number().int().min(1, EVENT_MSG.producerNotFound) });

/** Linking a producer's account is a producer-level action (producer-wide `configurations.manage`). */
const configure = requirePermission('configurations.manage', 'producer', producerParam('id'));

/** The producer an OAuth `state` was issued for (read, not consumed); unknown states answer 400. */
const stateProducer: TargetResolver = async (c) => {
  const body = await c.req.json().catch(() => null);
  const state = body && typeof body === 'object' ? (body as { state?: unknown }).state : undefined;
  const producerId = typeof state === 'string' && state.length <= 200 ? await mpStateProducer(c.env.DB, state) : null;
  if (producerId === null) fail(400, MP_MSG.stateInvalid);
  return { producerId };
};

/**
 * Linking a producer's own MercadoPago account through MercadoPago's OAuth ("vinculación" of marketplace
 * sellers): the authorization link, the code exchange MercadoPago's redirect leads to, the status, unlinking.
 */
export const mercadoPagoLink = new Hono<AccessEnv>()
  .get('/producers/:id', configure, validate('param', IdParam, 404), async (c) => {
    const { id } = c.req.valid('param');
    await producerSettings(c.env.DB, id);
    return c.json({ status: true, data: await mpLinkStatus(c.env, id) });
  })
  .post('/producers/:id/authorization', configure, validate('param', IdParam, 404), async (c) => {
    const actor = c.var.actor;
    const { id } = c.req.valid('param');
    await producerSettings(c.env.DB, id);
    return c.json({ status: true, data: { url: await mpAuthorizationUrl(c.env, id, actor.userId) } });
  })
  .post(
    '/callback',
    // The state's producer, read (not consumed) first: the caller must still configure it.
    requirePermission('configurations.manage', 'producer', stateProducer),
    validate('json', MpCallbackSchema),
    async (c) => {
      const actor = c.var.actor;
      const { code, state } = c.req.valid('json');
      // Consumed only by the person who asked for it (another admin's post leaves it usable).
      const { producerId, verifier } = await consumeMpState(c.env.DB, state, actor.userId);
      const mpUserId = await completeMpLink(c.env, producerId, actor.userId, code, verifier);
      await auditStatement(c.env.DB, actor, { producerId, action: 'mp_link', detail: { mp_user_id: mpUserId } }).run();
      return c.json({
        status: true,
        message: MP_MSG.linked,
        data: { producer_id: producerId, ...(await mpLinkStatus(c.env, producerId)) },
      });
    },
  )
  .delete('/producers/:id', configure, validate('param', IdParam, 404), async (c) => {
    const actor = c.var.actor;
    const { id } = c.req.valid('param');
    if (await unlinkMp(c.env.DB, id))
      await auditStatement(c.env.DB, actor, { producerId: id, action: 'mp_unlink' }).run();
    return c.json({ status: true, message: MP_MSG.unlinked, data: await mpLinkStatus(c.env, id) });
  });
