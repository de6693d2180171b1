import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { IDEMPOTENCY_MSG } from '../../../src/shared/messages/integrations';
import { verifyAccessToken } from '../../lib/jwt';
import type { ApiKeyVariables } from './api-key';
import { fail } from './errors';

/**
 * `Idempotency-Key` on writes (POST, PUT, PATCH, DELETE), kept 24 h, for calls made with a producer key and
 * for signed-in people. The row in `idempotency_keys` is the claim and has one owner: the request whose
 * conditional insert created it (or whose compare-and-swap took over an abandoned one) runs; every other
 * request with the same key answers from the row:
 * - same request, answer stored: the stored answer again (`idempotent-replayed: true`);
 * - same request, still running: 409 (Spanish), try again later;
 * - another request (method, path or body differ): 422 (Spanish).
 * Answers of 429 and 5xx are not kept (the claim is released): the request may simply be tried again.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still pending after this long was abandoned (its isolate died): the next request takes it over. */
export const ABANDONED_AFTER_MS = 2 * 60 * 1000;
/** Larger answers are not kept (none of the API's writes answers this much). */
const MAX_STORED_BYTES = 512 * 1024;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

type Claim = {
  fingerprint: string;
  state: 'pending' | 'done';
  status: number | null;
  content_type: string | null;
  body: ArrayBuffer | number[] | null;
  claimed_at: number;
};

export const idempotency = createMiddleware<{ Bindings: Env; Variables: ApiKeyVariables }>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined || !WRITES.has(c.req.method)) return next();
  if (!VALID_KEY.test(key)) fail(400, IDEMPOTENCY_MSG.invalidKey);
  const owner = await ownerOf(c);
  // Without a caller there is nobody to keep the answer for: the route answers (401 where it needs one).
  if (!owner) return next();
  const db = c.env.DB;
  const fingerprint = await fingerprintOf(c);
  const existing = await claim(db, owner, key, fingerprint);
  if (existing) return answerFrom(existing, fingerprint);

  await next();
  const res = c.res;
  const bytes = await res.clone().arrayBuffer();
  if (res.status === 429 || res.status >= 500 || bytes.byteLength > MAX_STORED_BYTES) {
    await db.prepare('delete from idempotency_keys where owner = ? and key = ?').bind(owner, key).run();
    return;
  }
  await db
    .prepare(
      `update idempotency_keys set state = 'done', status = ?, content_type = ?, body = ?
       where owner = ? and key = ? and fingerprint = ?`,
    )
    .bind(res.status, res.headers.get('content-type'), bytes, owner, key, fingerprint)
    .run();
});

/** Whose keys these are: the producer key's, or the signed-in person's (null: no caller to keep them for). */
async function ownerOf(c: Context<{ Bindings: Env; Variables: ApiKeyVariables }>): Promise<string | null> {
  if (c.var.apiKey) return `key:${c.var.apiKey.id}`;
  const token = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1];
  // Only the signature: whether the session was revoked is the route's own check, made as usual.
  const session = token ? await verifyAccessToken(c.env.JWT_SECRET, token) : null;
  return session ? `user:${session.user.id}` : null;
}

/** The request as a whole: method, path with query, and body bytes. */
async function fingerprintOf(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  const head = new TextEncoder().encode(`${c.req.method} ${url.pathname}${url.search}\n`);
  const body = new Uint8Array(await c.req.arrayBuffer());
  const all = new Uint8Array(head.length + body.length);
  all.set(head);
  all.set(body, head.length);
  const digest = await crypto.subtle.digest('SHA-256', all);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Takes the claim, or answers the claim someone else holds. The conditional insert decides between
 * concurrent first requests; a claim older than 24 h, or pending and abandoned, is taken over with a
 * compare-and-swap on `claimed_at`, so again exactly one request wins it.
 */
async function claim(db: D1Database, owner: string, key: string, fingerprint: string): Promise<Claim | null> {
  const now = Date.now();
  const inserted = await db
    .prepare(
      `insert into idempotency_keys (owner, key, fingerprint, state, claimed_at) values (?, ?, ?, 'pending', ?)
       on conflict (owner, key) do nothing`,
    )
    .bind(owner, key, fingerprint, now)
    .run();
  if (inserted.meta.changes === 1) return null;
  const row = await db
    .prepare(
      'select fingerprint, state, status, content_type, body, claimed_at from idempotency_keys where owner = ? and key = ?',
    )
    .bind(owner, key)
    .first<Claim>();
  // Released between our insert and read (its answer was a 5xx): ours to run now, if we win it.
  if (!row) return claim(db, owner, key, fingerprint);
  const stale = row.claimed_at < now - IDEMPOTENCY_TTL_MS;
  const abandoned = row.state === 'pending' && row.claimed_at < now - ABANDONED_AFTER_MS;
  if (!stale && !abandoned) return row;
  const taken = await db
    .prepare(
      `update idempotency_keys set fingerprint = ?, state = 'pending', status = null, content_type = null, body = null,
         claimed_at = ? where owner = ? and key = ? and claimed_at = ?`,
    )
    .bind(fingerprint, now, owner, key, row.claimed_at)
    .run();
  return taken.meta.changes === 1 ? null : claim(db, owner, key, fingerprint);
}

function answerFrom(row: Claim, fingerprint: string): Response {
  if (row.fingerprint !== fingerprint) fail(422, IDEMPOTENCY_MSG.mismatch);
  if (row.state === 'pending') fail(409, IDEMPOTENCY_MSG.inFlight);
  const body = row.body === null ? null : new Uint8Array(row.body as ArrayBuffer);
  const headers = new Headers({ 'idempotent-replayed': 'true' });
  if (row.content_type) headers.set('content-type', row.content_type);
  return new Response(body, { status: row.status ?? 200, headers });
}

/** Forgets claims older than 24 h (the cron's cleanup). */
export async function purgeIdempotencyKeys(db: D1Database) {
  await db
    .prepare('delete from idempotency_keys where claimed_at < ?')
    .bind(Date.now() - IDEMPOTENCY_TTL_MS)
    .run();
}
