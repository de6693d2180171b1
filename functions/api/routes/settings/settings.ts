import { Hono } from 'hono';
import { z } from 'zod';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { SETTINGS_MSG } from '../../../../src/shared/messages/settings';
import {
  PlatformSettingsInputSchema,
  ProducerActivationSchema,
  ProducerSettingsInputSchema,
  ProducerTrustSchema,
} from '../../../../src/shared/schemas/settings';
import { type AccessEnv, producerParam, requirePermission, superAdmin } from '../../lib/access';
import { validate } from '../../lib/validate';
import { auditStatement } from '../../services/sales/audit';
import { platformFees, platformSettings, savePlatformSettings } from '../../services/settings/platform';
import {
  listProducersForPlatform,
  producerSettings,
  saveProducerSettings,
  setProducerActivation,
  setProducerTrust,
} from '../../services/settings/producer';
import { retentionSchedule } from '../../services/settings/retention';

const IdParam = z.object({ id: z.coerce.number().int().min(1, EVENT_MSG.producerNotFound) });

/** A producer's own settings: a producer-level action (producer-wide `configurations.manage`). */
const configure = requirePermission('configurations.manage', 'producer', producerParam('id'));

/**
 * Configuration (/admin/configurations, API mounted at /admin/settings): a producer's fiscal, payout and sales settings (its admins,
 * `configurations.manage`), and the platform settings and producers' activation (superadmins only).
 */
export const settings = new Hono<AccessEnv>()
  .get('/producers/:id', configure, validate('param', IdParam, 404), async (c) => {
    const { id } = c.req.valid('param');
    const [own, platform] = await Promise.all([producerSettings(c.env.DB, id), platformFees(c.env.DB)]);
    return c.json({ status: true, data: { ...own, platform_fee: platform.fee, fee_limits: platform.limits } });
  })
  .put(
    '/producers/:id',
    configure,
    validate('param', IdParam, 404),
    validate('json', ProducerSettingsInputSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const background = (work: Promise<unknown>) => c.executionCtx.waitUntil(work);
      const { saved, platform } = await saveProducerSettings(c.env, c.var.actor, id, c.req.valid('json'), background);
      return c.json({
        status: true,
        message: SETTINGS_MSG.saved,
        data: { ...saved, platform_fee: platform.fee, fee_limits: platform.limits },
      });
    },
  )
  /** When each event's attendee data is erased (issue 35: "Borrar datos de asistentes N días después del evento"). */
  .get('/producers/:id/retention', configure, validate('param', IdParam, 404), async (c) => {
    const { id } = c.req.valid('param');
    const own = await producerSettings(c.env.DB, id);
    return c.json({
      status: true,
      data: { days: own.attendee_retention_days, events: await retentionSchedule(c.env.DB, id) },
    });
  })
  .get('/platform', superAdmin(), async (c) => {
    return c.json({ status: true, data: await platformSettings(c.env) });
  })
  .put('/platform', superAdmin(), validate('json', PlatformSettingsInputSchema), async (c) => {
    const actor = c.var.actor;
    const { statements, changed } = await savePlatformSettings(c.env, c.req.valid('json'));
    // The audit names what changed, never a secret's value.
    await c.env.DB.batch([
      ...statements,
      auditStatement(c.env.DB, actor, { producerId: null, action: 'platform_settings_change', detail: { changed } }),
    ]);
    return c.json({
      status: true,
      message: SETTINGS_MSG.platformSaved,
      data: await platformSettings(c.env),
    });
  })
  .get('/platform/producers', superAdmin(), async (c) => {
    return c.json({ status: true, data: await listProducersForPlatform(c.env.DB) });
  })
  .put(
    '/platform/producers/:id/activation',
    superAdmin(),
    validate('param', IdParam, 404),
    validate('json', ProducerActivationSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { activo } = c.req.valid('json');
      await setProducerActivation(c.env, c.var.actor, id, activo);
      return c.json({
        status: true,
        message: activo ? EVENT_MSG.producerActivated : EVENT_MSG.producerDeactivated,
        data: { id, activo },
      });
    },
  )
  .put(
    '/platform/producers/:id/trust',
    superAdmin(),
    validate('param', IdParam, 404),
    validate('json', ProducerTrustSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { trusted } = c.req.valid('json');
      await setProducerTrust(c.env, c.var.actor, id, trusted);
      return c.json({
        status: true,
        message: trusted ? SETTINGS_MSG.directPublish : SETTINGS_MSG.reviewAgain,
        data: { id, trusted },
      });
    },
  );
