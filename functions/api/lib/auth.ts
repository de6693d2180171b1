import { createMiddleware } from 'hono/factory';
import { MSG } from '../../../src/shared/messages';
import type { SessionUser } from '../../../src/shared/session';
import { verifyAccessToken } from '../../lib/jwt';
import { isAccessTokenRevoked } from '../services/accounts/access-revocation';
import { fail } from './errors';

export type AuthVariables = { session: SessionUser };

async function sessionOf(env: Env, header: string | undefined) {
  const token = header?.match(/^Bearer (.+)$/)?.[1];
  if (!token) return null;
  const session = await verifyAccessToken(env.JWT_SECRET, token);
  // A valid signature is not enough after a logout (services/accounts/access-revocation.ts).
  if (!session || (await isAccessTokenRevoked(env, token, session))) return null;
  return session;
}

/** Needs a valid access token; puts its claims on `c.var.session`. */
export const requireAuth = createMiddleware<{ Bindings: Env; Variables: AuthVariables }>(async (c, next) => {
  const session = await sessionOf(c.env, c.req.header('authorization'));
  if (!session) fail(401, MSG.sessionExpired);
  c.set('session', session);
  await next();
});

/** Like requireAuth, but a call without a token goes on as a visitor (`c.var.session` undefined). */
export const optionalAuth = createMiddleware<{ Bindings: Env; Variables: Partial<AuthVariables> }>(async (c, next) => {
  const session = await sessionOf(c.env, c.req.header('authorization'));
  if (session) c.set('session', session);
  await next();
});
