import { Hono } from 'hono';
import { z } from 'zod';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { ProducerInputSchema } from '../../../../src/shared/schemas/events';
import { type AccessEnv, authenticated, producerParam, publicRoute, requirePermission } from '../../lib/access';
import { fail } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { listPublicEvents } from '../../services/events/catalog';
import { assertOwnImages } from '../../services/events/media';
import {
  getProducer,
  getPublicProducerBySlug,
  listMyProducers,
  listPastEvents,
  listPublicProducers,
  updateProducer,
} from '../../services/events/producers';

const ListQuery = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).default(1).catch(1),
});
const SlugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, EVENT_MSG.producerNotFound) });
const IdParam = z.object({ id: z.coerce.number().int().min(1, EVENT_MSG.producerNotFound) });

/** Public producer pages (mounted at /producers). */
export const producers = new Hono<AccessEnv>()
  .get('/', publicRoute(), validate('query', ListQuery), async (c) => {
    const { q, pagina } = c.req.valid('query');
    const result = await listPublicProducers(c.env.DB, q, pagina);
    return c.json({ status: true, data: result.producers, pagination: result.pagination });
  })
  .get('/:slug', publicRoute(), validate('param', SlugParam), async (c) => {
    const producer = await getPublicProducerBySlug(c.env.DB, c.req.valid('param').slug);
    if (!producer) fail(404, EVENT_MSG.producerNotFound);
    const [upcoming, past] = await Promise.all([
      listPublicEvents(c.env.DB, { productora: producer.id, pagina: 1, por_pagina: 48 }),
      listPastEvents(c.env.DB, producer.id),
    ]);
    return c.json({ status: true, data: { ...producer, upcoming: upcoming.events, past } });
  });

/**
 * The caller's producers in the back office (mounted at /admin/producers). Any member reads the profile;
 * changing it is a producer-level action (a producer-wide membership with `configurations.manage`).
 */
export const adminProducers = new Hono<AccessEnv>()
  .get('/', authenticated(), async (c) => {
    const actor = c.var.actor;
    return c.json({ status: true, data: await listMyProducers(c.env.DB, actor.userId, actor.isSuperAdmin) });
  })
  .get(
    '/:id',
    requirePermission('events.view', 'event', producerParam('id')),
    validate('param', IdParam),
    async (c) => {
      const producer = await getProducer(c.env.DB, c.req.valid('param').id);
      return c.json({ status: true, data: producer });
    },
  )
  .put(
    '/:id',
    requirePermission('configurations.manage', 'producer', producerParam('id')),
    validate('param', IdParam),
    validate('json', ProducerInputSchema),
    async (c) => {
      const actor = c.var.actor;
      const producer = await getProducer(c.env.DB, c.req.valid('param').id);
      const input = c.req.valid('json');
      await assertOwnImages(c.env.DB, actor.userId, producer.id, { logo_key: input.logo_key });
      await updateProducer(c.env.DB, producer.id, input);
      return c.json({
        status: true,
        message: EVENT_MSG.producerUpdated,
        data: await getProducer(c.env.DB, producer.id),
      });
    },
  );
