import { Hono } from 'hono';
import { z } from 'zod';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { WEBHOOK_MSG } from '../../../../src/shared/messages/integrations';
import { WebhookEndpointPatchSchema, WebhookEndpointSchema } from '../../../../src/shared/schemas/integrations';
import { type AccessEnv, producerParam, producerQuery, requirePermission, type TargetResolver } from '../../lib/access';
import { fail } from '../../lib/errors';
import { validate } from '../../lib/validate';
import {
  deliverWebhooks,
  deliveryLog,
  findDelivery,
  replayDelivery,
  sendTest,
} from '../../services/integrations/webhook-delivery';
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointRow,
  findEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from '../../services/integrations/webhook-endpoints';

/**
 * A producer's webhooks (docs/api.md "Webhooks"): its endpoints, their delivery log (30 days) and replays.
 * Managing them is a producer-wide setting (`configurations.manage`, producer scope): what they carry is
 * every sale of every event.
 */

const ProducerParam = z.object({ id: z.coerce.number().int().min(1, EVENT_MSG.producerNotFound) });
const ProducerQuery = z.object({
  producer_id: z.coerce.number({ error: EVENT_MSG.producerInvalid }).int().min(1, EVENT_MSG.producerInvalid),
});

/** An endpoint id in the path: `c.var.endpoint` and its producer (404 when there is none). */
const endpointParam: TargetResolver<{ endpoint: EndpointRow }> = async (c) => {
  const raw = c.req.param('id') ?? '';
  const endpoint = /^we_[A-Za-z0-9_-]{1,64}$/.test(raw) ? await findEndpoint(c.env.DB, raw) : null;
  if (!endpoint) fail(404, WEBHOOK_MSG.notFound);
  return { producerId: endpoint.producer_id, found: { endpoint } };
};

/** A delivery id in the path: `c.var.delivery` and its endpoint's producer. */
const deliveryParam: TargetResolver<{ delivery: NonNullable<Awaited<ReturnType<typeof findDelivery>>> }> = async (
  c,
) => {
  const raw = c.req.param('id') ?? '';
  const delivery = /^\d{1,15}$/.test(raw) ? await findDelivery(c.env.DB, Number(raw)) : null;
  if (!delivery) fail(404, WEBHOOK_MSG.deliveryNotFound);
  return { producerId: delivery.producer_id, found: { delivery } };
};

const ofProducer = requirePermission('configurations.manage', 'producer', producerParam('id'));
const ofEndpoint = requirePermission('configurations.manage', 'producer', endpointParam);

export const webhookEndpoints = new Hono<AccessEnv>()
  .get('/producers/:id/endpoints', ofProducer, validate('param', ProducerParam, 404), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ status: true, data: await listEndpoints(c.env.DB, id) });
  })
  .post(
    '/producers/:id/endpoints',
    ofProducer,
    validate('param', ProducerParam, 404),
    validate('json', WebhookEndpointSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await createEndpoint(c.env, id, c.var.actor.userId, c.req.valid('json'));
      return c.json({ status: true, message: WEBHOOK_MSG.created, data }, 201);
    },
  )
  .patch('/endpoints/:id', ofEndpoint, validate('json', WebhookEndpointPatchSchema), async (c) => {
    const data = await updateEndpoint(c.env, c.var.endpoint, c.req.valid('json'));
    return c.json({ status: true, message: WEBHOOK_MSG.updated, data });
  })
  // The producer is named by the query (as the team's removals do): a deleted endpoint answers 404 to its
  // producer's admins and 403 to everyone else, whoever asked first.
  .delete(
    '/endpoints/:id',
    requirePermission('configurations.manage', 'producer', producerQuery()),
    validate('query', ProducerQuery),
    async (c) => {
      if (!(await deleteEndpoint(c.env.DB, c.req.param('id'), c.req.valid('query').producer_id)))
        fail(404, WEBHOOK_MSG.notFound);
      return c.json({ status: true, message: WEBHOOK_MSG.deleted });
    },
  )
  .post('/endpoints/:id/rotate', ofEndpoint, async (c) => {
    const data = await rotateSecret(c.env, c.var.endpoint);
    return c.json({ status: true, message: WEBHOOK_MSG.rotated, data });
  })
  .post('/endpoints/:id/test', ofEndpoint, async (c) => {
    if (c.var.endpoint.disabled_at) fail(409, WEBHOOK_MSG.disabledReplay);
    await sendTest(c.env, c.var.endpoint);
    return c.json({
      status: true,
      message: WEBHOOK_MSG.tested,
      data: await deliveryLog(c.env.DB, c.var.endpoint.id, 1),
    });
  })
  .get('/endpoints/:id/deliveries', ofEndpoint, async (c) => {
    return c.json({ status: true, data: await deliveryLog(c.env.DB, c.var.endpoint.id) });
  })
  .post('/deliveries/:id/replay', requirePermission('configurations.manage', 'producer', deliveryParam), async (c) => {
    const delivery = c.var.delivery;
    if (delivery.disabled_at) fail(409, WEBHOOK_MSG.disabledReplay);
    const outcome = await replayDelivery(c.env, delivery);
    // Whatever else is due goes out too, in the background.
    c.executionCtx.waitUntil(deliverWebhooks(c.env).catch((err) => console.error('webhook delivery failed', err)));
    return c.json({
      status: true,
      message: WEBHOOK_MSG.replayed,
      data: { status: outcome.status, duration_ms: outcome.durationMs },
    });
  });
