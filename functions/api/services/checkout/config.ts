import { linkedSellerToken } from '../settings/mp-link';

/**
 * MercadoPago credentials for a producer's payments, in order: the account it linked through OAuth
 * (marketplace: the payment is the seller's and the platform keeps `marketplace_fee`; notifications are
 * signed with the platform application's secret), its manually configured account, else the platform's.
 * `collectorId` (an order's `mp_collector_id`) asks for the seller account that collected that order,
 * even if unlinked since.
 */
export async function mpCredentialsOf(env: Env, producerId: number | null, collectorId?: string | null) {
  if (producerId !== null) {
    const linked = await linkedSellerToken(env, producerId, collectorId);
    if (linked)
      return {
        accessToken: linked.accessToken,
        webhookSecret: env.MP_WEBHOOK_SECRET,
        own: true,
        marketplace: true,
        collectorId: linked.mpUserId,
      };
    const own = await env.DB.prepare(
      'select mp_access_token, mp_webhook_secret from producer_payment_accounts where producer_id = ?',
    )
      .bind(producerId)
      .first<{ mp_access_token: string; mp_webhook_secret: string }>();
    if (own)
      return {
        accessToken: own.mp_access_token,
        webhookSecret: own.mp_webhook_secret,
        own: true,
        marketplace: false,
        collectorId: null,
      };
  }
  return {
    accessToken: env.MP_ACCESS_TOKEN,
    webhookSecret: env.MP_WEBHOOK_SECRET,
    own: false,
    marketplace: false,
    collectorId: null,
  };
}
