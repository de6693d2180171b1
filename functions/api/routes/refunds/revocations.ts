import { Hono } from 'hono';
import { RevocationRequestSchema } from '../../../../src/shared/schemas/refunds';
import { type AccessEnv, publicRoute } from '../../lib/access';
import { clientAddress, throttle } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { mailRevocation, recordRevocation } from '../../services/refunds/revocations';

/**
 * "Botón de arrepentimiento" (Resolución 424/2020): anyone may ask to revoke a purchase, without logging
 * in. The request is stored with its code first; the e-mails follow (and are retried by the cron).
 */
export const revocations = new Hono<AccessEnv>().post(
  '/',
  publicRoute(),
  validate('json', RevocationRequestSchema),
  async (c) => {
    const request = c.req.valid('json');
    await throttle(c.env, [
      ['revocationAddress', clientAddress(c)],
      ['revocationEmail', request.email],
    ]);
    const stored = await recordRevocation(c.env.DB, request);
    const mailed = await mailRevocation(c.env, stored).then(
      () => true,
      (error) => {
        console.error('revocation request could not be mailed now; the cron retries', error);
        return false;
      },
    );
    return c.json({ status: true, data: { code: stored.code, mailed } }, 201);
  },
);
