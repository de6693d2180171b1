/** MercadoPago credentials for a producer: its own account when configured, else the platform's. */
export async function mpCredentialsOf(env: Env, producerId: number | null) {
  if (producerId !== null) {
    const own = await env.DB.prepare(
      'select mp_access_token, mp_webhook_secret from producer_payment_accounts where producer_id = ?',
    )
      .bind(producerId)
      .first<{ mp_access_token: string; mp_webhook_secret: string }>();
    if (own) return { accessToken: own.mp_access_token, webhookSecret: own.mp_webhook_secret, own: true };
  }
  return { accessToken: env.MP_ACCESS_TOKEN, webhookSecret: env.MP_WEBHOOK_SECRET, own: false };
}
