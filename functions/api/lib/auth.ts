import { createMiddleware } from 'hono/factory';
import { MSG } from '../../../src/shared/messages';
import type { SessionUser } from '../../../src/shared/session';
import { verifyAccessToken } from '../../lib/jwt';
import { isAccessTokenRevoked } from '../services/accounts/access-revocation';
import { fail } from './errors';

export type AuthVariables = { session: SessionUser };

/** A token whose signature and expiry were checked, but not yet whether it was revoked. */
export type SignedToken = { token: string; session: SessionUser };
export type SignedTokenVariables = { signed: SignedToken };

const bearer = (header: string | undefined) => header?.match(/^Bearer (.+)$/)?.[1];

async function sessionOf(env: Env, header: string | undefined) {
  const token = bearer(header);
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

/**
 * Needs a validly signed, unexpired access token, and leaves the revocation check to the handler, which
 * must send `revocationStatement` in its own D1 batch and refuse with `revokedBy` (the door's hot path:
 * one D1 round trip per scan). The claims are under `c.var.signed`, never `c.var.session`, so a handler
 * cannot take them for a checked session by mistake.
 */
export const requireSignedToken = createMiddleware<{ Bindings: Env; Variables: SignedTokenVariables }>(
  async (c, next) => {
    const token = bearer(c.req.header('authorization'));
    const session = token ? await verifyAccessToken(c.env.JWT_SECRET, token) : null;
    if (!token || !session) fail(401, MSG.sessionExpired);
    c.set('signed', { token, session });
    await next();
  },
);
