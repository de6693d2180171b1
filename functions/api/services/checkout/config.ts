import type { ServiceFee } from '../../../../src/shared/pricing';

/** The service charge of a producer: its own override, else the platform's default (platform_config). */
export async function serviceFeeOf(env: Env, producerId: number): Promise<ServiceFee> {
  const { results } = await env.DB.prepare(
    `select key, value from platform_config where key in ('service_fee_percent_bp', 'service_fee_fixed_cents')`,
  ).all<{ key: string; value: string }>();
  const config = Object.fromEntries(results.map((r) => [r.key, Number(r.value)]));
  const producer = await env.DB.prepare('select fee_percent_bp, fee_fixed_cents from producers where id = ?')
    .bind(producerId)
    .first<{ fee_percent_bp: number | null; fee_fixed_cents: number | null }>();
  return {
    percentBp: producer?.fee_percent_bp ?? config.service_fee_percent_bp ?? 0,
    fixedCents: producer?.fee_fixed_cents ?? config.service_fee_fixed_cents ?? 0,
  };
}

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
