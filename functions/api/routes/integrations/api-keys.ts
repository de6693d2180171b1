import { Hono } from 'hono';
import { API_KEY_MSG } from '../../../../src/shared/messages/integrations';
import {
  ApiKeyInputSchema,
  ApiKeyParamSchema,
  ApiKeyProducerParamSchema,
} from '../../../../src/shared/schemas/integrations';
import { type AccessEnv, peopleOnly, producerParam, requirePermission } from '../../lib/access';
import { validate } from '../../lib/validate';
import { createKey, listKeys, revokeKey } from '../../services/integrations/api-keys';

/**
 * A producer's API keys (Configuración → Integraciones): its producer-wide administrators
 * (`configurations.manage`), people only (a key never mints or revokes keys).
 */
const manage = () => peopleOnly(requirePermission('configurations.manage', 'producer', producerParam('producer')));

export const apiKeys = new Hono<AccessEnv>()
  .get('/:producer', manage(), validate('param', ApiKeyProducerParamSchema, 404), async (c) => {
    return c.json({ status: true, data: await listKeys(c.env.DB, c.req.valid('param').producer) });
  })
  .post(
    '/:producer',
    manage(),
    validate('param', ApiKeyProducerParamSchema, 404),
    validate('json', ApiKeyInputSchema),
    async (c) => {
      const created = await createKey(c.env.DB, c.var.actor, c.req.valid('param').producer, c.req.valid('json'));
      return c.json({ status: true, message: API_KEY_MSG.created, data: created }, 201);
    },
  )
  .delete('/:producer/:id', manage(), validate('param', ApiKeyParamSchema, 404), async (c) => {
    const { producer, id } = c.req.valid('param');
    await revokeKey(c.env.DB, c.var.actor, producer, id);
    return c.json({ status: true, message: API_KEY_MSG.revokedDone });
  });
