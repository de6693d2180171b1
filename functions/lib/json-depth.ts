import { createMiddleware } from 'hono/factory';
import { MSG } from '../../src/shared/messages/common';

/**
 * How deep a request's JSON may nest. The deepest body the product sends is an event with its dates and
 * their ticket types (about five levels); anything near this limit is not a person's request. Deeper JSON
 * is refused before it is parsed: JSON.parse itself copes, but every recursive walk after it (the
 * validation's control-character check, zod) would overflow the stack and answer 500.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the bytes nest deeper than `limit` as JSON would: brackets and braces outside strings, in one
 * pass and without parsing (UTF-8 continuation bytes are never ASCII, so a byte scan is exact). Bytes that
 * are not JSON at all are the parser's business afterwards; only the depth is judged here.
 */
export function nestsDeeperThan(bytes: Uint8Array, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) {
      inString = true;
    } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** Bodies that are never read as JSON (file uploads): left to their route. */
const NOT_JSON = /^multipart\/form-data/i;

/**
 * Refuses a request body nested deeper than MAX_JSON_DEPTH with a Spanish 400, before any route reads it.
 * Used by every app that reads request JSON: the edge proxy, the provider API and the development tools.
 * The body is read through Hono's cache (`c.req.arrayBuffer()`), so routes read it again from memory: a
 * route must read its body through `c.req`, never from `c.req.raw`, whose stream this has consumed.
 */
export const refuseDeepJson = createMiddleware(async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || c.req.raw.body === null) return next();
  if (NOT_JSON.test(c.req.header('content-type') ?? '')) return next();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (nestsDeeperThan(bytes))
    return c.json({ status: false, message: MSG.jsonTooDeep }, 400, { 'cache-control': 'no-store' });
  return next();
});
