import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MSG } from '../../../src/shared/messages/common';
import type { SessionUser } from '../../../src/shared/session';
import type { SignedToken } from '../../domain/accounts/revocation';
import { verifyAccessToken } from '../../lib/jwt';
import { accessTokenStatus } from '../services/accounts/access-revocation';
import { snapshotTokenStatus } from '../services/accounts/revocation-cache';
import { touchActivity } from '../services/team/members';
import { fail } from './errors';

export type AuthVariables = { session: SessionUser };

export type SignedTokenVariables = { signed: SignedToken };

const bearer = (header: string | undefined) => header?.match(/^Bearer (.+)$/)?.[1];

/**
 * Sessions the edge already verified, by the request it hands to this API in-process (the bundled provider,
 * see functions/edge/upstream.ts): the token is not verified a second time. Only code in this Worker can put
 * a request here; a request from outside (API_ORIGIN, another server) is never in it and is verified as usual.
 */
const verifiedByEdge = new WeakMap<Request, SignedToken>();

export function passVerifiedSession(request: Request, verified: SignedToken) {
  verifiedByEdge.set(request, verified);
}

/** The claims of a Bearer token: the edge's verification when it passed one for this very token, else ours. */
async function claimsOf(env: Env, request: Request, token: string): Promise<SessionUser | null> {
  const passed = verifiedByEdge.get(request);
  if (passed && passed.token === token && passed.session.exp > Date.now() / 1000) return passed.session;
  return verifyAccessToken(env.JWT_SECRET, token);
}

async function sessionOf(
  env: Env,
  request: Request,
  header: string | undefined,
  revocations: 'd1' | 'snapshot' = 'd1',
) {
  const token = bearer(header);
  if (!token) return null;
  const session = await claimsOf(env, request, token);
  if (!session) return null;
  // A valid signature is not enough after a logout (services/accounts/access-revocation.ts).
  const status =
    revocations === 'd1'
      ? await accessTokenStatus(env, token, session)
      : await snapshotTokenStatus(env, token, session);
  return status.revoked ? null : { session, rolesChanged: status.rolesChanged };
}

/**
 * The person's memberships changed after their token was issued (someone else changed their role or
 * removed them): their answer says `role_update`, and the client refreshes the session for new claims.
 */
async function markRoleUpdate(c: Context) {
  if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
  const body = await c.res
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify({ ...body, role_update: true }), { status: c.res.status, headers });
}

/** "Última actividad" is kept to the minute: one write per person and minute per isolate is enough. */
const ACTIVITY_EVERY_MS = 60_000;
const lastActivity = new Map<number, number>();

/** A team member's back-office and door calls are their "última actividad" (off the answer's path). */
function noteActivity(env: Env, ctx: { waitUntil(p: Promise<unknown>): void }, path: string, userId: number) {
  if (!/\/(admin|checkin)\//.test(path)) return;
  const now = Date.now();
  if (now - (lastActivity.get(userId) ?? 0) < ACTIVITY_EVERY_MS) return;
  if (lastActivity.size > 10_000) lastActivity.clear();
  lastActivity.set(userId, now);
  ctx.waitUntil(touchActivity(env.DB, userId).catch(() => undefined));
}

/** Needs a valid access token; puts its claims on `c.var.session`. */
export const requireAuth = authMiddleware('d1');

/**
 * Like requireAuth, with the revocations taken from the isolate's snapshot (at most about two seconds old, see
 * services/accounts/revocation-cache.ts) instead of a D1 read: for the buyer's hot paths only.
 */
export const requireSnapshotAuth = authMiddleware('snapshot');

function authMiddleware(revocations: 'd1' | 'snapshot') {
  return createMiddleware<{ Bindings: Env; Variables: AuthVariables }>(async (c, next) => {
    const resolved = await sessionOf(c.env, c.req.raw, c.req.header('authorization'), revocations);
    if (!resolved) fail(401, MSG.sessionExpired);
    c.set('session', resolved.session);
    noteActivity(c.env, c.executionCtx, c.req.path, resolved.session.user.id);
    await next();
    if (resolved.rolesChanged) await markRoleUpdate(c);
  });
}

/** Like requireAuth, but a call without a token goes on as a visitor (`c.var.session` undefined). */
export const optionalAuth = createMiddleware<{ Bindings: Env; Variables: Partial<AuthVariables> }>(async (c, next) => {
  const resolved = await sessionOf(c.env, c.req.raw, c.req.header('authorization'));
  if (resolved) c.set('session', resolved.session);
  await next();
  if (resolved?.rolesChanged) await markRoleUpdate(c);
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
    const session = token ? await claimsOf(c.env, c.req.raw, token) : null;
    if (!token || !session) fail(401, MSG.sessionExpired);
    c.set('signed', { token, session });
    noteActivity(c.env, c.executionCtx, c.req.path, session.user.id);
    await next();
  },
);
