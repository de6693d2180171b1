import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { matchedRoutes } from 'hono/route';
import { MSG } from '../../../src/shared/messages/common';
import { API_KEY_MSG } from '../../../src/shared/messages/integrations';
import { THROTTLE_RULES } from '../../domain/throttle-rules';
import { type ApiKeyCaller, authenticateKey, noteKeyUse, producerKeyOf } from '../services/integrations/api-keys';
import { type Declaration, declarationOf } from './access';
import { timingSafeEqualStrings } from './crypto';
import type { ApiError } from './errors';
import { fail } from './errors';
import { limiterFor } from './throttle';

export type ApiKeyVariables = { apiKey?: ApiKeyCaller };

/**
 * The provider API's door. A call carries either the platform's key (`x-api-key`, added by the edge or
 * another server of the platform) or a producer's key (`Authorization: Bearer bol_live_…`, from the
 * producer's own systems, directly or through the edge). A producer key is authenticated here (401 when
 * malformed, unknown, revoked or expired), counted against its own limit (429 with Retry-After), and let
 * through only to routes whose declaration accepts keys (403 otherwise); each route's declaration then
 * decides with the key's actor (lib/access.ts), exactly as for a person.
 */
export const requireApiKey = createMiddleware<{ Bindings: Env; Variables: ApiKeyVariables }>(async (c, next) => {
  const secret = producerKeyOf(c.req.header('authorization'));
  if (secret === undefined) {
    const expected = c.env.API_KEY;
    if (!expected) throw new Error('API_KEY is not configured');
    const given = c.req.header('x-api-key') ?? '';
    if (!timingSafeEqualStrings(given, expected)) fail(401, MSG.apiKeyInvalid);
    return next();
  }
  const key = await authenticateKey(c.env.DB, secret);
  await countKeyCall(c.env, key.id);
  const declaration = routeDeclaration(c);
  if (declaration && !acceptsKeys(declaration)) fail(403, API_KEY_MSG.personOnly);
  c.set('apiKey', key);
  noteKeyUse(c.env.DB, c.executionCtx, key.id);
  await next();
});

/**
 * Routes a key may call: public ones, and those that need a permission (checked for the key's actor).
 * Never what needs a person: their own account, tickets and orders (`authenticated`), the platform's
 * administration (`superadmin`), the door's scans (checked by the event's check-in object against its staff),
 * and the keys' own management (`people`).
 */
export const acceptsKeys = (declaration: Declaration) =>
  declaration.kind === 'public' ||
  (declaration.kind === 'permission' && declaration.checkedIn === undefined && !declaration.people);

/** The declaration of the route this request matched (none: no route matched, the API answers 404). */
function routeDeclaration(c: Context): Declaration | undefined {
  for (const route of matchedRoutes(c)) {
    const declaration = declarationOf(route.handler);
    if (declaration) return declaration;
  }
  return undefined;
}

/** One call of the key, counted by its own RateLimiter object (THROTTLE_RULES.apiKey). */
async function countKeyCall(env: Env, keyId: string) {
  const { limit, windowSeconds } = THROTTLE_RULES.apiKey;
  const attempt = await limiterFor(env, 'apiKey', keyId).consume(limit, windowSeconds);
  if (attempt.allowed) return;
  const body: ApiError = { status: false, message: API_KEY_MSG.tooManyRequests };
  const res = Response.json(body, { status: 429, headers: { 'retry-after': String(attempt.retryAfterSeconds) } });
  throw new HTTPException(429, { message: API_KEY_MSG.tooManyRequests, res });
}
