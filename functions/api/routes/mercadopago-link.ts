import { Hono } from 'hono';
import { z } from 'zod';
import { MP_MSG, MpCallbackSchema } from '../../../src/shared/schemas/settings';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth } from '../lib/auth';
import { validate } from '../lib/validate';
import { assertCan, loadActor, NO_PRODUCER_ACCESS } from '../services/events/access';
import { auditStatement } from '../services/sales/audit';
import {
  completeMpLink,
  consumeMpState,
  mpAuthorizationUrl,
  mpLinkStatus,
  unlinkMp,
} from '../services/settings/mp-link';
import { producerSettings } from '../services/settings/producer';

const IdParam = z.object({ id: z.coerce.number().int().min(1, 'Productora no encontrada') });

/**
 * Linking a producer's own MercadoPago account through MercadoPago's OAuth ("vinculación" of marketplace
 * sellers): the authorization link, the code exchange MercadoPago's redirect leads to, the status, unlinking.
 */
export const mercadoPagoLink = new Hono<ApiBindings & { Variables: AuthVariables }>()
  .use('/admin/mercadopago/*', requireAuth)
  .get('/admin/mercadopago/producers/:id', validate('param', IdParam, 404), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const { id } = c.req.valid('param');
    assertCan(actor, id, 'configurations.manage', NO_PRODUCER_ACCESS);
    await producerSettings(c.env.DB, id);
    return c.json({ status: true, data: await mpLinkStatus(c.env, id) });
  })
  .post('/admin/mercadopago/producers/:id/authorization', validate('param', IdParam, 404), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const { id } = c.req.valid('param');
    assertCan(actor, id, 'configurations.manage', NO_PRODUCER_ACCESS);
    await producerSettings(c.env.DB, id);
    return c.json({ status: true, data: { url: await mpAuthorizationUrl(c.env, id, actor.userId) } });
  })
  .post('/admin/mercadopago/callback', validate('json', MpCallbackSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const { code, state } = c.req.valid('json');
    const { producerId, verifier } = await consumeMpState(c.env.DB, state, actor.userId);
    // The admin may have lost the role since asking for the link.
    assertCan(actor, producerId, 'configurations.manage', NO_PRODUCER_ACCESS);
    const mpUserId = await completeMpLink(c.env, producerId, actor.userId, code, verifier);
    await auditStatement(c.env.DB, actor, { producerId, action: 'mp_link', detail: { mp_user_id: mpUserId } }).run();
    return c.json({
      status: true,
      message: MP_MSG.linked,
      data: { producer_id: producerId, ...(await mpLinkStatus(c.env, producerId)) },
    });
  })
  .delete('/admin/mercadopago/producers/:id', validate('param', IdParam, 404), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const { id } = c.req.valid('param');
    assertCan(actor, id, 'configurations.manage', NO_PRODUCER_ACCESS);
    if (await unlinkMp(c.env.DB, id))
      await auditStatement(c.env.DB, actor, { producerId: id, action: 'mp_unlink' }).run();
    return c.json({ status: true, message: MP_MSG.unlinked, data: await mpLinkStatus(c.env, id) });
  });
