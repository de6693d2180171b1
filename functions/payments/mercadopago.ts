/**
 * MercadoPago REST client (Checkout Pro): the only code that talks to MercadoPago. The base URL is
 * configuration (env.MP_API_BASE): https://api.mercadopago.com in production, the bundled sandbox
 * (/dev/mercadopago) locally and in tests. Same requests, same answers.
 */

export type MpItem = { id: string; title: string; quantity: number; unit_price: number; currency_id: 'ARS' };

export type MpPreferenceRequest = {
  items: MpItem[];
  payer: { name?: string; email: string; identification?: { type: string; number: string } };
  external_reference: string;
  back_urls: { success: string; failure: string; pending: string };
  auto_return: 'approved' | 'all';
  notification_url: string;
  expires: boolean;
  expiration_date_from?: string;
  expiration_date_to?: string;
  statement_descriptor?: string;
  metadata?: Record<string, unknown>;
  /** What the platform keeps of a payment collected with a linked seller's token (marketplace), in ARS. */
  marketplace_fee?: number;
};

export type MpPreference = { id: string; init_point: string; sandbox_init_point?: string };

export type MpPaymentStatus =
  | 'pending'
  | 'approved'
  | 'authorized'
  | 'in_process'
  | 'in_mediation'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back';

export type MpPayment = {
  id: number;
  status: MpPaymentStatus;
  status_detail: string | null;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  payment_method_id: string | null;
  payment_type_id: string | null;
  date_created: string;
  date_approved: string | null;
  date_of_expiration: string | null;
  /** What MercadoPago kept (its fee, financing): absent on old or sandbox payments. */
  fee_details?: { type: string; amount: number; fee_payer?: string }[];
  /** When the collected money becomes available to the collector. */
  money_release_date?: string | null;
  installments?: number | null;
  /** The account that collected the payment (a linked seller's MercadoPago user id). */
  collector_id?: number | null;
  marketplace_fee?: number | null;
};

export type MpRefund = { id: number; payment_id: number; amount: number; status: string };

export class MercadoPagoError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`MercadoPago answered ${status}: ${body.slice(0, 300)}`);
  }
}

export function mercadoPago(env: Env, accessToken: string) {
  const base = env.MP_API_BASE.replace(/\/$/, '');

  async function call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const headers = new Headers({ authorization: `Bearer ${accessToken}`, accept: 'application/json' });
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (idempotencyKey) headers.set('x-idempotency-key', idempotencyKey);
    // Unreachable or too slow (DNS, connection, 15 s timeout) is MercadoPago failing too: a 502, never a 500.
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    }).catch((err: unknown) => {
      throw new MercadoPagoError(502, `unreachable: ${String(err)}`);
    });
    const text = await res.text();
    if (!res.ok) throw new MercadoPagoError(res.status, text);
    return JSON.parse(text) as T;
  }

  return {
    createPreference: (preference: MpPreferenceRequest) =>
      call<MpPreference>('POST', '/checkout/preferences', preference),
    getPayment: (id: string) => call<MpPayment>('GET', `/v1/payments/${encodeURIComponent(id)}`),
    /**
     * Full refund; the idempotency key makes a retried refund harmless. `key` is the refund's own key (a
     * refunds row); left out, the payment's (a whole refund of a payment that never became an order's).
     */
    refundPayment: (id: string, key?: string) =>
      call<MpRefund>('POST', `/v1/payments/${encodeURIComponent(id)}/refunds`, {}, key ?? `refund-${id}`),
    /** Partial refund of `amountCents` with the refund's own idempotency key: a retry refunds it once. */
    refundPart: (id: string, amountCents: number, key: string) =>
      call<MpRefund>('POST', `/v1/payments/${encodeURIComponent(id)}/refunds`, { amount: amountCents / 100 }, key),
  };
}

/** MercadoPago's answer to POST /oauth/token (authorization_code and refresh_token grants). */
export type MpOAuthToken = {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  user_id: number;
  refresh_token: string;
  public_key?: string;
  live_mode?: boolean;
};

export type MpOAuthGrant =
  | { grant_type: 'authorization_code'; code: string; redirect_uri: string; code_verifier?: string }
  | { grant_type: 'refresh_token'; refresh_token: string };

/**
 * MercadoPago's OAuth token endpoint (marketplace "vinculación"): exchanges a seller's authorization code,
 * or a refresh token, for the seller's credentials. Same base URL as the REST API.
 */
export async function exchangeOAuthToken(
  env: Env,
  app: { clientId: string; clientSecret: string },
  grant: MpOAuthGrant,
): Promise<MpOAuthToken> {
  const res = await fetch(`${env.MP_API_BASE.replace(/\/$/, '')}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ client_id: app.clientId, client_secret: app.clientSecret, ...grant }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!res.ok) throw new MercadoPagoError(res.status, text);
  return JSON.parse(text) as MpOAuthToken;
}

/**
 * Checks MercadoPago's `x-signature` header (`ts=...,v1=<hex hmac>`): HMAC-SHA256 with the webhook
 * secret over `id:{data.id};request-id:{x-request-id};ts:{ts};`, parts left out when missing, data.id
 * lowercased when alphanumeric (as MercadoPago documents). Constant-time comparison.
 */
export async function verifyWebhookSignature(input: {
  secret: string;
  signature: string | null;
  requestId: string | null;
  dataId: string | null;
  maxAgeSeconds?: number;
  now?: number;
}): Promise<'ok' | 'invalid' | 'stale'> {
  if (!input.signature || !input.secret) return 'invalid';
  const parts = Object.fromEntries(
    input.signature.split(',').map((part) => {
      const [k, ...v] = part.trim().split('=');
      return [k, v.join('=')];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !v1 || !/^\d+$/.test(ts)) return 'invalid';
  const expected = await hmacHex(input.secret, signatureManifest(input.dataId, input.requestId, ts));
  if (!constantTimeEqual(expected, v1.toLowerCase())) return 'invalid';
  // MercadoPago's ts has been seen both in seconds and in milliseconds.
  const tsMs = ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
  const now = input.now ?? Date.now();
  if (Math.abs(now - tsMs) > (input.maxAgeSeconds ?? 300) * 1000) return 'stale';
  return 'ok';
}

export function signatureManifest(dataId: string | null, requestId: string | null, ts: string): string {
  const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

export async function hmacHex(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, enc.encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}
