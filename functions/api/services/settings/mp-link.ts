import { MP_MSG } from '../../../../src/shared/messages/settings';
import { openSecret, sealSecret } from '../../../lib/secret-box';
import { exchangeOAuthToken, MercadoPagoError, type MpOAuthToken } from '../../../payments/mercadopago';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { mpAppCredentials } from './platform';

/** Where MercadoPago sends the seller back after the authorization page (a page of the back office). */
export const MP_REDIRECT_PATH = '/admin/configurations/mercadopago';
/** An authorization link is good for this long, once. */
const STATE_MINUTES = 15;
/** Tokens last 180 days; the scheduled job renews those that end within this many days. */
export const REFRESH_WITHIN_DAYS = 30;
/** An unlinked account's token is kept alive this long: MercadoPago refunds a payment up to 180 days later. */
const REFUNDABLE_DAYS = 180;
/** A failed renewal is tried again after this long (MercadoPago down, the seller revoked the app...). */
const REFRESH_RETRY_MINUTES = 60;

const nowIso = () => new Date().toISOString();
const redirectUri = (env: Env) => `${env.PUBLIC_ORIGIN.replace(/\/$/, '')}${MP_REDIRECT_PATH}`;

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/**
 * The link to MercadoPago's authorization page for this producer. Its `state` is bound to the producer
 * and to the admin who asked (CSRF: only that admin's session can complete it), expires in 15 minutes and
 * is used once; PKCE (S256) binds the code to this platform's exchange.
 */
export async function mpAuthorizationUrl(env: Env, producerId: number, userId: number): Promise<string> {
  const app = await mpAppCredentials(env);
  if (!app) fail(409, MP_MSG.appMissing);
  const state = randomToken(32);
  const verifier = randomToken(48);
  await env.DB.batch([
    env.DB.prepare('delete from mp_oauth_states where expires_at < ?').bind(nowIso()),
    env.DB.prepare(
      'insert into mp_oauth_states (state_hash, producer_id, user_id, code_verifier, expires_at) values (?, ?, ?, ?, ?)',
    ).bind(
      await sha256Hex(state),
      producerId,
      userId,
      verifier,
      new Date(Date.now() + STATE_MINUTES * 60_000).toISOString(),
    ),
  ]);
  const url = new URL(`${env.MP_AUTH_BASE.replace(/\/$/, '')}/authorization`);
  url.search = new URLSearchParams({
    client_id: app.clientId,
    response_type: 'code',
    platform_id: 'mp',
    state,
    redirect_uri: redirectUri(env),
    code_challenge: await s256(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The producer a live `state` was issued for, without consuming it (null when unknown or expired). */
export async function mpStateProducer(db: D1Database, state: string): Promise<number | null> {
  const row = await db
    .prepare('select producer_id from mp_oauth_states where state_hash = ? and expires_at >= ?')
    .bind(await sha256Hex(state), nowIso())
    .first<{ producer_id: number }>();
  return row?.producer_id ?? null;
}

/**
 * Consumes an authorization link's `state` (whatever happens next, it cannot be used again) and answers
 * the producer it was issued for, or refuses when it is unknown, expired or someone else's. Only the
 * person it was issued to consumes it: anyone else's post leaves it for its owner.
 */
export async function consumeMpState(db: D1Database, state: string, userId: number) {
  const row = await db
    .prepare(
      'delete from mp_oauth_states where state_hash = ? and user_id = ? returning producer_id, user_id, code_verifier, expires_at',
    )
    .bind(await sha256Hex(state), userId)
    .first<{ producer_id: number; user_id: number; code_verifier: string; expires_at: string }>();
  if (!row || row.user_id !== userId || row.expires_at < nowIso()) fail(400, MP_MSG.stateInvalid);
  return { producerId: row.producer_id, verifier: row.code_verifier };
}

/** Exchanges the seller's authorization code for its credentials and stores them encrypted. */
export async function completeMpLink(env: Env, producerId: number, userId: number, code: string, verifier: string) {
  const app = await mpAppCredentials(env);
  if (!app) fail(409, MP_MSG.appMissing);
  let token: MpOAuthToken;
  try {
    token = await exchangeOAuthToken(env, app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri(env),
      code_verifier: verifier,
    });
  } catch (err) {
    if (!(err instanceof MercadoPagoError)) throw err;
    console.warn(`MercadoPago refused the code exchange for producer ${producerId}: ${err.status}`);
    fail(err.status >= 500 ? 502 : 400, MP_MSG.exchangeFailed);
  }
  const mpUserId = String(token.user_id);
  const current = await env.DB.prepare(
    'select mp_user_id from producer_mp_links where producer_id = ? and unlinked_at is null',
  )
    .bind(producerId)
    .first<{ mp_user_id: string }>();
  // Another account while a payment may still arrive for the current one: refused (its tokens are dropped).
  if (current && current.mp_user_id !== mpUserId) await assertNoPaymentsInFlight(env.DB, producerId);
  // One account, one producer, unless a SUPERADMIN allowed sharing: decided in the statements that write
  // (two producers linking the same account at once cannot both pass).
  const free = `((select value from platform_flags where key = 'mp_shared_accounts') = 1
    or not exists (select 1 from producer_mp_links o where o.mp_user_id = ?2 and o.producer_id != ?1
                   and o.unlinked_at is null))`;
  // The previous account stays, unlinked, for the payments it collected.
  const retire = env.DB.prepare(
    `update producer_mp_links set unlinked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      where producer_id = ?1 and unlinked_at is null and mp_user_id <> ?2 and ${free}`,
  ).bind(producerId, mpUserId);
  const upsert = env.DB.prepare(
    `insert into producer_mp_links (producer_id, mp_user_id, public_key, access_token_enc, refresh_token_enc,
                                    expires_at, live_mode, linked_by)
     select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 where ${free}
     on conflict (producer_id, mp_user_id) do update set public_key = excluded.public_key,
       access_token_enc = excluded.access_token_enc, refresh_token_enc = excluded.refresh_token_enc,
       expires_at = excluded.expires_at, live_mode = excluded.live_mode, linked_by = excluded.linked_by,
       linked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), refreshed_at = null, refresh_attempted_at = null,
       refresh_error = null, unlinked_at = null`,
  ).bind(
    producerId,
    mpUserId,
    token.public_key ?? null,
    await sealSecret(env, token.access_token),
    await sealSecret(env, token.refresh_token),
    expiresAt(token),
    token.live_mode ? 1 : 0,
    userId,
  );
  const [, linked] = await env.DB.batch([retire, upsert]);
  if (!linked.meta.changes) fail(409, MP_MSG.accountTaken);
  return mpUserId;
}

/** Refuses while an order of the producer waits for a MercadoPago payment (made with its current account). */
async function assertNoPaymentsInFlight(db: D1Database, producerId: number) {
  const waiting = await db
    .prepare(
      "select 1 from orders where producer_id = ? and status = 'pending_payment' and mp_preference_id is not null limit 1",
    )
    .bind(producerId)
    .first();
  if (waiting) fail(409, MP_MSG.paymentsInFlight);
}

const expiresAt = (token: MpOAuthToken) => new Date(Date.now() + token.expires_in * 1000).toISOString();

/** What the back office shows of a link: never the tokens. */
export async function mpLinkStatus(env: Env, producerId: number) {
  const [row, app] = await Promise.all([
    env.DB.prepare(
      `select mp_user_id, public_key, expires_at, live_mode, linked_at, refreshed_at, refresh_error
         from producer_mp_links where producer_id = ? and unlinked_at is null`,
    )
      .bind(producerId)
      .first<{
        mp_user_id: string;
        public_key: string | null;
        expires_at: string;
        live_mode: number;
        linked_at: string;
        refreshed_at: string | null;
        refresh_error: string | null;
      }>(),
    mpAppCredentials(env),
  ]);
  return {
    app_configured: app !== null,
    linked: row !== null,
    mp_user_id: row?.mp_user_id ?? null,
    live_mode: row ? row.live_mode === 1 : null,
    expires_at: row?.expires_at ?? null,
    linked_at: row?.linked_at ?? null,
    refreshed_at: row?.refreshed_at ?? null,
    refresh_failed: Boolean(row?.refresh_error),
  };
}

/**
 * Unlinks the producer's account, unless a payment made with it may still arrive (an order waiting for its
 * payment). The row stays, marked unlinked, so the payments the account collected can still be read and
 * refunded (MercadoPago refunds up to 180 days; the job keeps its token alive that long). Answers whether
 * there was a link.
 */
export async function unlinkMp(db: D1Database, producerId: number) {
  await assertNoPaymentsInFlight(db, producerId);
  const res = await db
    .prepare(
      `update producer_mp_links set unlinked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        where producer_id = ? and unlinked_at is null`,
    )
    .bind(producerId)
    .run();
  return res.meta.changes > 0;
}

/**
 * A seller account's credentials: the producer's linked one, or, given `collectorId`, the account that
 * collected a given payment (linked or since unlinked). Null when there is none.
 */
export async function linkedSellerToken(env: Env, producerId: number, collectorId?: string | null) {
  const row = await (collectorId
    ? env.DB.prepare(
        'select access_token_enc, mp_user_id from producer_mp_links where producer_id = ? and mp_user_id = ?',
      ).bind(producerId, collectorId)
    : env.DB.prepare(
        'select access_token_enc, mp_user_id from producer_mp_links where producer_id = ? and unlinked_at is null',
      ).bind(producerId)
  ).first<{ access_token_enc: string; mp_user_id: string }>();
  return row ? { accessToken: await openSecret(env, row.access_token_enc), mpUserId: row.mp_user_id } : null;
}

/**
 * The tokens of the producer's unlinked accounts (latest first, those still refundable), to read a payment
 * one of them collected that the current credentials cannot.
 */
export async function formerSellerTokens(env: Env, producerId: number) {
  const { results } = await env.DB.prepare(
    `select access_token_enc from producer_mp_links
      where producer_id = ? and unlinked_at is not null and unlinked_at > ? order by unlinked_at desc limit 3`,
  )
    .bind(producerId, new Date(Date.now() - REFUNDABLE_DAYS * 86_400_000).toISOString())
    .all<{ access_token_enc: string }>();
  return Promise.all(results.map((r) => openSecret(env, r.access_token_enc)));
}

/**
 * Renews, with their refresh tokens, the links whose access token ends within REFRESH_WITHIN_DAYS
 * (a few per run; a failure is recorded and retried an hour later). Answers how many were renewed.
 */
export async function refreshExpiringMpLinks(env: Env, now = Date.now(), limit = 10) {
  const { results } = await env.DB.prepare(
    `select producer_id, mp_user_id, refresh_token_enc from producer_mp_links
      where expires_at < ? and (refresh_attempted_at is null or refresh_attempted_at < ?)
        and (unlinked_at is null or unlinked_at > ?)
      order by expires_at limit ?`,
  )
    .bind(
      new Date(now + REFRESH_WITHIN_DAYS * 86_400_000).toISOString(),
      new Date(now - REFRESH_RETRY_MINUTES * 60_000).toISOString(),
      new Date(now - REFUNDABLE_DAYS * 86_400_000).toISOString(),
      limit,
    )
    .all<{ producer_id: number; mp_user_id: string; refresh_token_enc: string }>();
  if (!results.length) return 0;
  const app = await mpAppCredentials(env);
  if (!app) return 0;
  let renewed = 0;
  for (const link of results) {
    const attempted = new Date(now).toISOString();
    try {
      const token = await exchangeOAuthToken(env, app, {
        grant_type: 'refresh_token',
        refresh_token: await openSecret(env, link.refresh_token_enc),
      });
      await env.DB.prepare(
        `update producer_mp_links set access_token_enc = ?, refresh_token_enc = ?, expires_at = ?,
           public_key = coalesce(?, public_key), refreshed_at = ?, refresh_attempted_at = ?, refresh_error = null
         where producer_id = ? and mp_user_id = ?`,
      )
        .bind(
          await sealSecret(env, token.access_token),
          await sealSecret(env, token.refresh_token),
          expiresAt(token),
          token.public_key ?? null,
          attempted,
          attempted,
          link.producer_id,
          link.mp_user_id,
        )
        .run();
      renewed++;
    } catch (err) {
      const reason = err instanceof MercadoPagoError ? `HTTP ${err.status}` : String(err).slice(0, 200);
      console.warn(`Renewing producer ${link.producer_id}'s MercadoPago token failed: ${reason}`);
      await env.DB.prepare(
        `update producer_mp_links set refresh_attempted_at = ?, refresh_error = ?
          where producer_id = ? and mp_user_id = ?`,
      )
        .bind(attempted, reason, link.producer_id, link.mp_user_id)
        .run();
    }
  }
  return renewed;
}
