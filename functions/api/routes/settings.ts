import { Hono } from 'hono';
import { z } from 'zod';
import { payoutKindOf } from '../../../src/shared/fiscal';
import { EVENT_MSG } from '../../../src/shared/messages/events';
import { FEE_OUT_OF_LIMITS, SETTINGS_MSG } from '../../../src/shared/messages/settings';
import {
  PlatformSettingsInputSchema,
  ProducerActivationSchema,
  ProducerSettingsInputSchema,
  ProducerTrustSchema,
} from '../../../src/shared/schemas/settings';
import { type AccessEnv, producerParam, requirePermission, superAdmin } from '../lib/access';
import { fail } from '../lib/errors';
import { validate } from '../lib/validate';
import { pushProducerDoorChange } from '../services/checkin/push';
import { auditStatement } from '../services/sales/audit';
import { feeWithin, platformFees, platformSettings, savePlatformSettings } from '../services/settings/platform';
import {
  listProducersForPlatform,
  producerSettings,
  refreshProducerInventories,
  saveProducerSettingsStatements,
  setProducerActive,
  setProducerTrusted,
} from '../services/settings/producer';

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
      const actor = c.var.actor;
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const [before, platform] = await Promise.all([producerSettings(c.env.DB, id), platformFees(c.env.DB)]);
      const feeChanged = JSON.stringify(before.fee) !== JSON.stringify(input.fee);
      // Within the platform's limits; a superadmin may set any charge (an agreement with the producer).
      if (feeChanged && input.fee && !actor.isSuperAdmin && !feeWithin(input.fee, platform.limits))
        fail(400, FEE_OUT_OF_LIMITS, { fee: [FEE_OUT_OF_LIMITS] });
      const changed = (Object.keys(input) as (keyof typeof input)[]).filter(
        (k) => JSON.stringify(input[k]) !== JSON.stringify(before[k]),
      );
      await c.env.DB.batch([
        ...saveProducerSettingsStatements(
          c.env.DB,
          id,
          input,
          input.payout_account ? payoutKindOf(input.payout_account) : null,
          feeChanged,
        ),
        auditStatement(c.env.DB, actor, { producerId: id, action: 'settings_change', detail: { changed } }),
      ]);
      if (changed.includes('fee') || changed.includes('hold_minutes'))
        c.executionCtx.waitUntil(refreshProducerInventories(c.env, id));
      if (changed.includes('door_dni')) await pushProducerDoorChange(c.env, id);
      const saved = await producerSettings(c.env.DB, id);
      return c.json({
        status: true,
        message: SETTINGS_MSG.saved,
        data: { ...saved, platform_fee: platform.fee, fee_limits: platform.limits },
      });
    },
  )
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
      const actor = c.var.actor;
      const { id } = c.req.valid('param');
      const { activo } = c.req.valid('json');
      await producerSettings(c.env.DB, id);
      await c.env.DB.batch([
        setProducerActive(c.env.DB, id, activo),
        auditStatement(c.env.DB, actor, { producerId: id, action: 'producer_activation', detail: { activo } }),
      ]);
      // Awaited: a refusal the inventory objects make from their kept configuration is never re-checked, so
      // a reactivated producer must be on sale again when this answers (a hold right after it was refused).
      await refreshProducerInventories(c.env, id);
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
      const actor = c.var.actor;
      const { id } = c.req.valid('param');
      const { trusted } = c.req.valid('json');
      await producerSettings(c.env.DB, id);
      await c.env.DB.batch([
        setProducerTrusted(c.env.DB, id, trusted, actor.userId),
        auditStatement(c.env.DB, actor, { producerId: id, action: 'producer_trust', detail: { trusted } }),
      ]);
      return c.json({
        status: true,
        message: trusted ? SETTINGS_MSG.directPublish : SETTINGS_MSG.reviewAgain,
        data: { id, trusted },
      });
    },
  );
