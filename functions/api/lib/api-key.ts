import { createMiddleware } from 'hono/factory';
import { MSG } from '../../../src/shared/messages/common';
import { timingSafeEqualStrings } from './crypto';
import { fail } from './errors';

/** Refuses every provider-API call that does not carry the platform's API key. */
export const requireApiKey = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  const expected = c.env.API_KEY;
  if (!expected) throw new Error('API_KEY is not configured');
  const given = c.req.header('x-api-key') ?? '';
  if (!timingSafeEqualStrings(given, expected)) fail(401, MSG.apiKeyInvalid);
  await next();
});
