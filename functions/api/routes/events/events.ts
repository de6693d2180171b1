import { Hono } from 'hono';
import { z } from 'zod';
import { formatEventDate } from '../../../../src/shared/dates';
import { FIELD_MSG } from '../../../../src/shared/messages/common';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { PROMO_MSG } from '../../../../src/shared/messages/promo';
import { CANCELLATION_MSG } from '../../../../src/shared/messages/refunds';
import { RESALE_MSG } from '../../../../src/shared/messages/resale';
import { PromoCodeInputSchema } from '../../../../src/shared/schemas/checkout';
import { EVENT_STATUSES, EventFiltersSchema, EventInputSchema } from '../../../../src/shared/schemas/events';
import { EventIdSchema } from '../../../../src/shared/schemas/ids';
import { canView, canWide, visibleProducerIds } from '../../../domain/events/access';
import {
  type AccessEnv,
  authenticated,
  eventParam,
  producerJson,
  publicRoute,
  requirePermission,
} from '../../lib/access';
import { fail } from '../../lib/errors';
import { clientAddress, throttle } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { syncUserRole } from '../../services/accounts/roles';
import { recordCancellation, refundCancellation, retryCancellation } from '../../services/events/cancellation';
import {
  getPublicEvent,
  getUnlockedTypes,
  listFeaturedEvents,
  listPublicEvents,
  pageVersion,
} from '../../services/events/catalog';
import { auditStatus, editEvent, publishEvent, unpublishEvent } from '../../services/events/lifecycle';
import { listManagedEvents } from '../../services/events/list';
import { assertOwnImages } from '../../services/events/media';
import { notifyCancellation } from '../../services/events/notify';
import { createProducer, listMyProducers } from '../../services/events/producers';
import { eventHasSales } from '../../services/events/sales';
import { createEvent, deleteEvent, getManagedEvent, toInput } from '../../services/events/store';
import { driveResaleRefund, retryResaleRefund } from '../../services/resale/seller-refund';
import { audit } from '../../services/sales/audit';

const IdParam = z.object({
  id: z.coerce.number({ error: EVENT_MSG.notFound }).int().min(1, EVENT_MSG.notFound),
});

const CreateEventSchema = EventInputSchema.extend({
  /** Name of the producer to create when the caller has none yet (their first event). */
  producer_name: z.string().trim().min(2, EVENT_MSG.producerNameRequired).max(80, FIELD_MSG.maxChars(80)).optional(),
});

const ResaleParam = IdParam.extend({
  ticket: z.string().trim().min(1, RESALE_MSG.refundNotFound).max(64, RESALE_MSG.refundNotFound),
});

const UnlockQuery = z.object({ codigo: PromoCodeInputSchema });

const CancelSchema = z.object({ reason: z.string().trim().max(500, FIELD_MSG.maxChars(500)).default('') });

/** Changing one event: `events.manage` on it (an admin limited to some events, only on those). */
const manage = requirePermission('events.manage', 'event', eventParam('id'));

/** Retrying a cancelled event's failed refunds: `tickets.refund` on it. */
const refundsOf = requirePermission('tickets.refund', 'event', eventParam('id'));

const ManagedFiltersSchema = z.object({
  producer_id: z.coerce.number().int().optional().catch(undefined),
  status: z.enum(EVENT_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
});

/** Public catalogue (mounted at /events): published events only, no session needed. */
export const events = new Hono<AccessEnv>()
  .get('/', publicRoute(), validate('query', EventFiltersSchema), async (c) => {
    const result = await listPublicEvents(c.env.DB, c.req.valid('query'));
    return c.json({ status: true, data: result.events, pagination: result.pagination });
  })
  .get('/featured', publicRoute(), async (c) => c.json({ status: true, data: await listFeaturedEvents(c.env.DB) }))
  // "¿Tenés un código?": the hidden types an access code unlocks (a wrong code is counted per address).
  .get('/:id/unlock', publicRoute(), validate('param', IdParam), validate('query', UnlockQuery), async (c) => {
    const attempt = await throttle(c.env, [['unlockAddress', clientAddress(c)]]);
    const code = c.req.valid('query').codigo;
    const result = await getUnlockedTypes(c.env.DB, c.req.valid('param').id, code);
    c.header('cache-control', 'no-store');
    if (!result.ok) {
      if (result.reason === 'no_event') fail(404, EVENT_MSG.notFound);
      const message =
        result.reason === 'expired'
          ? PROMO_MSG.codeExpired
          : result.reason === 'not_yet'
            ? PROMO_MSG.codeNotYet(formatEventDate(result.from))
            : PROMO_MSG.codeInvalid;
      fail(result.reason === 'invalid' ? 404 : 409, message, { codigo: [message] });
    }
    await attempt.release();
    const { ok: _, ...data } = result;
    return c.json({ status: true, data });
  })
  .get('/:id', publicRoute(), validate('param', IdParam), async (c) => {
    const event = await getPublicEvent(c.env.DB, c.req.valid('param').id);
    if (!event) fail(404, EVENT_MSG.notFound);
    return c.json({ status: true, data: event });
  });

/** `evento`: the version of that event's page; none, the listings'. */
const VersionQuery = z.object({ evento: EventIdSchema.optional() });

/**
 * The version a public page is cached under (mounted at /catalog): the listings', or one event page's
 * (services/events/catalog.ts `pageVersion`). Pages are kept in the edge cache until it changes.
 */
export const catalog = new Hono<AccessEnv>().get(
  '/version',
  publicRoute(),
  validate('query', VersionQuery),
  async (c) => c.json({ status: true, version: await pageVersion(c.env.DB, c.req.valid('query').evento ?? null) }),
);

/**
 * The events back office (mounted at /admin/events). Each route declares its permission: members of a
 * producer may read its events (a member limited to some, only those); changing an event needs
 * `events.manage` on it; creating or duplicating one needs `events.create` on the whole producer.
 */
export const adminEvents = new Hono<AccessEnv>()
  .get('/', authenticated(), validate('query', ManagedFiltersSchema), async (c) => {
    const actor = c.var.actor;
    const filters = c.req.valid('query');
    const [events, producers] = await Promise.all([
      listManagedEvents(c.env.DB, visibleProducerIds(actor), filters),
      listMyProducers(c.env.DB, actor.userId, actor.isSuperAdmin),
    ]);
    // A member limited to some events sees only those.
    const visible = events.filter((e) => canView(actor, e.producer_id, e.id));
    return c.json({ status: true, data: visible, producers });
  })
  .post(
    '/',
    requirePermission('events.create', 'producer', producerJson(), EVENT_MSG.createDenied),
    validate('json', CreateEventSchema),
    async (c) => {
      const actor = c.var.actor;
      const { producer_name, producer_id, ...input } = c.req.valid('json');
      await assertOwnImages(c.env.DB, actor.userId, producer_id ?? null, {
        cover_key: input.cover_key,
        flyer_key: input.flyer_key,
      });
      let producerId = producer_id;
      let roleUpdate = false;
      if (producerId === undefined) {
        // Their own producer: one they administer as a whole (a member limited to some events is not).
        producerId = [...actor.memberships.keys()].find((id) => canWide(actor, id, 'events.create'));
        if (producerId === undefined) {
          // First event of someone without a producer: they become the ADMIN of a new one.
          producerId = await createProducer(c.env.DB, actor.userId, {
            name: producer_name ?? EVENT_MSG.defaultProducerName(actor.name),
            contact_email: actor.email,
          });
          roleUpdate = (await syncUserRole(c.env.DB, actor.userId)).changed;
        }
      }
      const id = await createEvent(c.env.DB, producerId, actor.userId, input);
      const data = await getManagedEvent(c.env.DB, id);
      await audit(c.env.DB, actor, {
        producerId,
        eventId: id,
        action: 'event_change',
        detail: { title: data.title },
        after: { title: data.title, status: data.status },
      });
      return c.json({ status: true, data, ...(roleUpdate ? { role_update: true } : {}) }, 201);
    },
  )
  .get('/:id', requirePermission('events.view', 'event', eventParam('id')), validate('param', IdParam), async (c) => {
    const header = c.var.event;
    return c.json({
      status: true,
      data: await getManagedEvent(c.env.DB, header.id),
      has_sales: await eventHasSales(c.env.DB, header.id),
    });
  })
  .put('/:id', manage, validate('param', IdParam), validate('json', EventInputSchema), async (c) => {
    const header = c.var.event;
    const { backToReview } = await editEvent(c.env, header, c.req.valid('json'), c.var.actor);
    return c.json({
      status: true,
      ...(backToReview ? { message: EVENT_MSG.backToReview, back_to_review: true } : {}),
      data: await getManagedEvent(c.env.DB, header.id),
    });
  })
  .post(
    '/:id/duplicate',
    requirePermission('events.create', 'producer', eventParam('id')),
    validate('param', IdParam),
    async (c) => {
      const actor = c.var.actor;
      const header = c.var.event;
      const source = await getManagedEvent(c.env.DB, header.id);
      const input = toInput(source, false);
      const id = await createEvent(c.env.DB, header.producer_id, actor.userId, {
        ...input,
        title: `${input.title} (copia)`.slice(0, 120),
      });
      return c.json({ status: true, data: await getManagedEvent(c.env.DB, id) }, 201);
    },
  )
  .post('/:id/publish', manage, validate('param', IdParam), async (c) => {
    const header = c.var.event;
    const { direct } = await publishEvent(c.env, header, c.var.actor);
    return c.json({
      status: true,
      message: direct ? EVENT_MSG.published : EVENT_MSG.sentToReview,
      data: await getManagedEvent(c.env.DB, header.id),
    });
  })
  .post('/:id/unpublish', manage, validate('param', IdParam), async (c) => {
    const header = c.var.event;
    await unpublishEvent(c.env, header, c.var.actor);
    return c.json({
      status: true,
      message: EVENT_MSG.unpublished,
      data: await getManagedEvent(c.env.DB, header.id),
    });
  })
  .post('/:id/cancel', manage, validate('param', IdParam), validate('json', CancelSchema), async (c) => {
    const header = c.var.event;
    if (header.status === 'cancelado' || header.status === 'finalizado') fail(409, CANCELLATION_MSG.already);
    const reason = c.req.valid('json').reason;
    // The intent first (with the list of paid orders to refund), then the notice, then the refunds in the
    // background; the cron job finishes what this request does not (services/events/cancellation.ts).
    await recordCancellation(c.env, header.id, c.var.actor, reason);
    await auditStatus(c.env.DB, c.var.actor, header, 'cancelado', reason);
    const orders = await c.env.DB.prepare('select count(*) as n from cancellation_refunds where event_id = ?')
      .bind(header.id)
      .first<{ n: number }>();
    const notified = await notifyCancellation(c.env, header, reason);
    c.executionCtx.waitUntil(refundCancellation(c.env, header.id));
    return c.json({
      status: true,
      message: CANCELLATION_MSG.cancelled(orders?.n ?? 0),
      notified,
      refunds: orders?.n ?? 0,
      data: await getManagedEvent(c.env.DB, header.id),
    });
  })
  .post('/:id/cancellation/retry', refundsOf, validate('param', IdParam), async (c) => {
    const header = c.var.event;
    await retryCancellation(c.env, header.id);
    c.executionCtx.waitUntil(refundCancellation(c.env, header.id));
    return c.json({ status: true, message: CANCELLATION_MSG.retried });
  })
  // "Reintentar" on a resold ticket's refused seller refund (Finanzas): a new attempt, so a new refund key.
  .post('/:id/resales/:ticket/retry', refundsOf, validate('param', ResaleParam), async (c) => {
    const { id, ticket } = c.req.valid('param');
    await retryResaleRefund(c.env, id, ticket);
    const status = await driveResaleRefund(c.env, ticket, (p) => c.executionCtx.waitUntil(p));
    return c.json({ status: true, message: RESALE_MSG.refundRetried, data: { status } });
  })
  .delete('/:id', manage, validate('param', IdParam), async (c) => {
    const header = c.var.event;
    if (await eventHasSales(c.env.DB, header.id)) fail(409, EVENT_MSG.deleteSold);
    await deleteEvent(c.env.DB, header.id);
    await audit(c.env.DB, c.var.actor, {
      producerId: header.producer_id,
      eventId: header.id,
      action: 'event_delete',
      detail: { title: header.title },
      before: { title: header.title, status: header.status },
    });
    return c.json({ status: true, message: EVENT_MSG.deleted });
  });
