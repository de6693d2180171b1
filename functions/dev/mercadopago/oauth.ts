import { Hono } from 'hono';
import { html } from 'hono/html';
import { randomToken, sha256Hex } from '../../api/lib/crypto';
import { mpAppCredentials } from '../../api/services/settings/platform';
import { sandboxPage } from './page';

/**
 * The sandbox's side of MercadoPago's OAuth for marketplaces: the authorization page a seller sees
 * (auth.mercadopago.com/authorization) and POST /oauth/token (authorization_code with PKCE, refresh_token).
 * The application is the one the platform configured (platform settings, else MP_CLIENT_ID/SECRET).
 */
const TOKEN_SECONDS = 180 * 86_400;
const CODE_MINUTES = 10;

const oauthError = (status: number, error: string, message: string) =>
  Response.json({ error, message, status, cause: [] }, { status });

/** A stable fake MercadoPago user id per seller nickname, so re-linking the same account keeps its id. */
async function sellerId(nickname: string) {
  return 100_000_000 + (Number.parseInt((await sha256Hex(nickname.toLowerCase())).slice(0, 7), 16) % 800_000_000);
}

async function s256(verifier: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

function authorizationPage(q: Record<string, string>) {
  return sandboxPage(
    'Autorizar aplicación',
    `label { display: block; margin: 1rem 0 .3rem; } input { width: 100%; padding: .6rem; font-size: 1rem; box-sizing: border-box; }
      .approve { background: #009ee3; color: #fff; } .deny { background: #f2f2f2; color: #1b1f2a; }`,
    html`<h1>Autorizar aplicación</h1>
    <p>La aplicación <strong>${q.client_id}</strong> quiere cobrar en tu nombre y recibir sus comisiones de cada venta.</p>
    <form method="post" action="/dev/mercadopago/authorization">
      ${Object.entries(q).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`)}
      <label for="nickname">Cuenta de Mercado Pago del vendedor</label>
      <input id="nickname" name="nickname" value="VENDEDOR_PRUEBA" maxlength="40" />
      <button class="approve" name="decision" value="allow">Autorizar</button>
      <button class="deny" name="decision" value="deny">Cancelar</button>
    </form>
    <p><small>Simula la página de vinculación de Mercado Pago (OAuth).</small></p>`,
  );
}

const AUTH_PARAMS = [
  'client_id',
  'response_type',
  'platform_id',
  'state',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
];

async function issueTokens(db: D1Database, clientId: string, userId: number) {
  const token = {
    access_token: `APP_USR-${userId}-${randomToken(24)}`,
    token_type: 'Bearer',
    expires_in: TOKEN_SECONDS,
    scope: 'offline_access read write',
    user_id: userId,
    refresh_token: `TG-${randomToken(24)}`,
    public_key: `APP_USR-${crypto.randomUUID()}`,
    live_mode: false,
  };
  await db
    .prepare(
      `insert into dev_mp_oauth_tokens (access_token, refresh_token, client_id, user_id, public_key, expires_at)
       values (?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      token.access_token,
      token.refresh_token,
      clientId,
      userId,
      token.public_key,
      new Date(Date.now() + TOKEN_SECONDS * 1000).toISOString(),
    )
    .run();
  return token;
}

/** The MercadoPago user behind an access token the sandbox issued (null: the platform's own token). */
export async function sellerOfToken(db: D1Database, token: string | null) {
  if (!token) return null;
  const row = await db
    .prepare('select user_id from dev_mp_oauth_tokens where access_token = ?')
    .bind(token)
    .first<{ user_id: number }>();
  return row?.user_id ?? null;
}

/** Whether two access tokens belong to one account (a seller's renewed token reads its older payments). */
export async function sameAccount(db: D1Database, a: string, b: string | null) {
  if (a === b) return true;
  const [x, y] = await Promise.all([sellerOfToken(db, a), sellerOfToken(db, b)]);
  return x !== null && x === y;
}

export const mercadoPagoOAuthSandbox = new Hono<{ Bindings: Env }>()
  .get('/authorization', (c) => {
    const q = Object.fromEntries(AUTH_PARAMS.map((k) => [k, c.req.query(k) ?? '']));
    if (!q.client_id || q.response_type !== 'code' || !/^https?:\/\//.test(q.redirect_uri))
      return c.text('Solicitud de autorización inválida', 400);
    return c.html(authorizationPage(q));
  })
  .post('/authorization', async (c) => {
    const form = await c.req.parseBody();
    const get = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
    const back = new URL(get('redirect_uri'));
    back.searchParams.set('state', get('state'));
    if (get('decision') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      return c.redirect(back.toString(), 302);
    }
    const nickname = get('nickname').trim() || 'VENDEDOR_PRUEBA';
    const code = `TG-${randomToken(24)}`;
    await c.env.DB.prepare(
      `insert into dev_mp_oauth_codes (code, client_id, redirect_uri, code_challenge, user_id, nickname, expires_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        code,
        get('client_id'),
        get('redirect_uri'),
        get('code_challenge') || null,
        await sellerId(nickname),
        nickname,
        new Date(Date.now() + CODE_MINUTES * 60_000).toISOString(),
      )
      .run();
    back.searchParams.set('code', code);
    return c.redirect(back.toString(), 302);
  })
  .post('/oauth/token', async (c) => {
    const type = c.req.header('content-type') ?? '';
    const body = (
      type.includes('application/json') ? await c.req.json().catch(() => ({})) : await c.req.parseBody()
    ) as Record<string, string>;
    const app = await mpAppCredentials(c.env);
    if (!app || body.client_id !== app.clientId || body.client_secret !== app.clientSecret)
      return oauthError(401, 'invalid_client', 'invalid client_id or client_secret');
    if (body.grant_type === 'authorization_code') {
      const row = await c.env.DB.prepare(
        `update dev_mp_oauth_codes set used = 1 where code = ? and used = 0
         returning client_id, redirect_uri, code_challenge, user_id, expires_at`,
      )
        .bind(body.code ?? '')
        .first<{
          client_id: string;
          redirect_uri: string;
          code_challenge: string | null;
          user_id: number;
          expires_at: string;
        }>();
      if (!row || row.expires_at < new Date().toISOString() || row.client_id !== body.client_id)
        return oauthError(400, 'invalid_grant', 'invalid or expired authorization code');
      if (row.redirect_uri !== body.redirect_uri) return oauthError(400, 'invalid_grant', 'redirect_uri mismatch');
      if (row.code_challenge && row.code_challenge !== (await s256(body.code_verifier ?? '')))
        return oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      return c.json(await issueTokens(c.env.DB, row.client_id, row.user_id));
    }
    if (body.grant_type === 'refresh_token') {
      // A refresh token is used once: the answer carries the next one. The old access token stays valid.
      const row = await c.env.DB.prepare(
        `update dev_mp_oauth_tokens set refresh_token = 'used-' || refresh_token
          where refresh_token = ? and client_id = ? returning user_id`,
      )
        .bind(body.refresh_token ?? '', body.client_id)
        .first<{ user_id: number }>();
      if (!row) return oauthError(400, 'invalid_grant', 'invalid refresh_token');
      return c.json(await issueTokens(c.env.DB, body.client_id, row.user_id));
    }
    return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  });
