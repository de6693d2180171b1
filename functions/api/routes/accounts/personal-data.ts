import { Hono } from 'hono';
import { ACCOUNT_DATA_MSG } from '../../../../src/shared/messages/accounts';
import { MSG } from '../../../../src/shared/messages/common';
import {
  ConsentUpdateSchema,
  DeletionRequestSchema,
  PersonalDataQuerySchema,
} from '../../../../src/shared/schemas/accounts';
import { type AccessEnv, authenticated } from '../../lib/access';
import { fail } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { setPromotionsConsent } from '../../services/accounts/consents';
import { deletionOf, requestDeletion } from '../../services/accounts/deletion';
import { personalData } from '../../services/accounts/personal-data';
import { findUserById } from '../../services/accounts/users';

/**
 * A person's own data (issue 35): "Mis datos" (JSON, or a file with `?download=1`), the promotions consent and
 * the account deletion request. Only the person: a `user_id` naming anyone else answers 403 whoever asks
 * (a SUPERADMIN included: these are the person's rights, not an administration tool).
 */
async function ownAccount(db: D1Database, callerId: number, named: number | undefined) {
  if (named !== undefined && named !== callerId) fail(403, ACCOUNT_DATA_MSG.otherPerson);
  const user = await findUserById(db, callerId);
  if (user?.activo !== 1) fail(401, MSG.sessionExpired);
  return user;
}

export const personalDataRoutes = new Hono<AccessEnv>()
  .get('/data', authenticated('session'), validate('query', PersonalDataQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const user = await ownAccount(c.env.DB, c.var.session.user.id, query.user_id);
    const data = await personalData(c.env, user);
    c.header('cache-control', 'private, no-store');
    if (query.download) c.header('content-disposition', 'attachment; filename="mis-datos-boleteria.json"');
    return c.json({ status: true, data });
  })

  .put('/consents', authenticated('session'), validate('json', ConsentUpdateSchema), async (c) => {
    const input = c.req.valid('json');
    const user = await ownAccount(c.env.DB, c.var.session.user.id, input.user_id);
    await setPromotionsConsent(c.env.DB, user.id, input.promotions);
    return c.json({ status: true, message: ACCOUNT_DATA_MSG.consentSaved, data: { promotions: input.promotions } });
  })

  .get('/deletion', authenticated('session'), validate('query', PersonalDataQuerySchema), async (c) => {
    const user = await ownAccount(c.env.DB, c.var.session.user.id, c.req.valid('query').user_id);
    return c.json({ status: true, data: await deletionOf(c.env.DB, user.id) });
  })

  .post('/deletion', authenticated('session'), validate('json', DeletionRequestSchema), async (c) => {
    const input = c.req.valid('json');
    const user = await ownAccount(c.env.DB, c.var.session.user.id, input.user_id);
    const answer = await requestDeletion(c.env.DB, user.id, input);
    return c.json({ status: true, message: answer.message, data: answer.deletion }, answer.created ? 202 : 200);
  });
