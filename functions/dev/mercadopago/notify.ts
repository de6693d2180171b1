import { hmacHex, signatureManifest } from '../../payments/mercadopago';

/** The webhook secret MercadoPago would use for the account behind an access token. */
async function secretFor(env: Env, token: string): Promise<string> {
  const own = await env.DB.prepare('select mp_webhook_secret from producer_payment_accounts where mp_access_token = ?')
    .bind(token)
    .first<{ mp_webhook_secret: string }>();
  return own?.mp_webhook_secret ?? env.MP_WEBHOOK_SECRET;
}

/**
 * Sends a payment notification the way MercadoPago does: POST to the notification_url with
 * `?data.id=<id>&type=payment`, body `{ type, action, data: { id } }`, and the headers x-request-id
 * and x-signature `ts=<seconds>,v1=<HMAC-SHA256 hex of id:{id};request-id:{id};ts:{ts};>`.
 */
export async function notifyPayment(
  env: Env,
  token: string,
  notificationUrl: string,
  paymentId: number,
  action: string,
) {
  const url = new URL(notificationUrl);
  url.searchParams.set('data.id', String(paymentId));
  url.searchParams.set('type', 'payment');
  const requestId = crypto.randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = await hmacHex(await secretFor(env, token), signatureManifest(String(paymentId), requestId, ts));
  const body = {
    id: Date.now(),
    live_mode: false,
    type: 'payment',
    date_created: new Date().toISOString(),
    user_id: 1,
    api_version: 'v1',
    action,
    data: { id: String(paymentId) },
  };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` },
      body: JSON.stringify(body),
    });
    return res.status;
  } catch (err) {
    console.error('Sandbox notification failed', err);
    return 0;
  }
}
