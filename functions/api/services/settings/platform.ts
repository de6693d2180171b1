import type { Fee, FeeLimits, PlatformSettingsInput } from '../../../../src/shared/schemas/settings';
import { openSecret, sealSecret } from '../../../lib/secret-box';

const FEE_KEYS = {
  percent_bp: 'service_fee_percent_bp',
  fixed_cents: 'service_fee_fixed_cents',
} as const;
const LIMIT_KEYS = {
  min_percent_bp: 'producer_fee_min_percent_bp',
  max_percent_bp: 'producer_fee_max_percent_bp',
  min_fixed_cents: 'producer_fee_min_fixed_cents',
  max_fixed_cents: 'producer_fee_max_fixed_cents',
} as const;

async function configValues(db: D1Database): Promise<Map<string, number>> {
  const { results } = await db.prepare('select key, value from platform_config').all<{ key: string; value: string }>();
  return new Map(results.map((r) => [r.key, Number(r.value)]));
}

/** The platform's default service charge and the limits of a producer's own. */
export async function platformFees(db: D1Database): Promise<{ fee: Fee; limits: FeeLimits }> {
  const values = await configValues(db);
  const read = (key: string, fallback: number) => values.get(key) ?? fallback;
  return {
    fee: { percent_bp: read(FEE_KEYS.percent_bp, 0), fixed_cents: read(FEE_KEYS.fixed_cents, 0) },
    limits: {
      min_percent_bp: read(LIMIT_KEYS.min_percent_bp, 0),
      max_percent_bp: read(LIMIT_KEYS.max_percent_bp, 5000),
      min_fixed_cents: read(LIMIT_KEYS.min_fixed_cents, 0),
      max_fixed_cents: read(LIMIT_KEYS.max_fixed_cents, 10_000_000),
    },
  };
}

export const feeWithin = (fee: Fee, l: FeeLimits) =>
  fee.percent_bp >= l.min_percent_bp &&
  fee.percent_bp <= l.max_percent_bp &&
  fee.fixed_cents >= l.min_fixed_cents &&
  fee.fixed_cents <= l.max_fixed_cents;

/**
 * The MercadoPago application the sellers authorize: what a superadmin set in the platform settings,
 * else the MP_CLIENT_ID / MP_CLIENT_SECRET secrets. Null when neither is there.
 */
export async function mpAppCredentials(env: Env) {
  const { results } = await env.DB.prepare(
    "select key, value from platform_secrets where key in ('mp_client_id', 'mp_client_secret')",
  ).all<{ key: string; value: string }>();
  const stored = new Map(results.map((r) => [r.key, r.value]));
  const panelId = stored.get('mp_client_id');
  const panelSecret = stored.get('mp_client_secret');
  if (panelId && panelSecret)
    return { clientId: panelId, clientSecret: await openSecret(env, panelSecret), source: 'panel' as const };
  if (env.MP_CLIENT_ID && env.MP_CLIENT_SECRET)
    return { clientId: env.MP_CLIENT_ID, clientSecret: env.MP_CLIENT_SECRET, source: 'entorno' as const };
  return null;
}

/** Whether a SUPERADMIN allowed one MercadoPago account to be linked to several producers. */
export async function mpSharedAccountsAllowed(db: D1Database): Promise<boolean> {
  const row = await db
    .prepare("select value from platform_flags where key = 'mp_shared_accounts'")
    .first<{ value: number }>();
  return row?.value === 1;
}

/** The platform settings as a superadmin sees them: never the secret itself, only its last 4 characters. */
export async function platformSettings(env: Env) {
  const [fees, app, shared] = await Promise.all([
    platformFees(env.DB),
    mpAppCredentials(env),
    mpSharedAccountsAllowed(env.DB),
  ]);
  return {
    ...fees,
    mp_shared_accounts: shared,
    mercadopago: {
      configured: app !== null,
      source: app?.source ?? null,
      client_id: app?.clientId ?? '',
      secret_last4: app ? app.clientSecret.slice(-4) : null,
    },
  };
}

/** Saves the platform settings; an empty secret keeps the stored one. Answers which fields changed. */
export async function savePlatformSettings(env: Env, input: PlatformSettingsInput) {
  const db = env.DB;
  const before = await platformFees(db);
  const statements: D1PreparedStatement[] = [];
  const changed: string[] = [];
  const put = (key: string, value: number, old: number, name: string) => {
    if (value === old) return;
    changed.push(name);
    statements.push(
      // The keys exist since the migrations; an upsert would override the sale-version triggers' conflict rule.
      db.prepare('update platform_config set value = ? where key = ?').bind(String(value), key),
    );
  };
  put(FEE_KEYS.percent_bp, input.fee.percent_bp, before.fee.percent_bp, 'fee.percent_bp');
  put(FEE_KEYS.fixed_cents, input.fee.fixed_cents, before.fee.fixed_cents, 'fee.fixed_cents');
  for (const [name, key] of Object.entries(LIMIT_KEYS) as [keyof FeeLimits, string][])
    put(key, input.limits[name], before.limits[name], `limits.${name}`);
  const secret = (key: string, value: string) =>
    db
      .prepare(
        `insert into platform_secrets (key, value) values (?, ?)
         on conflict (key) do update set value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(key, value);
  if (input.mp_client_id) {
    statements.push(secret('mp_client_id', input.mp_client_id));
    changed.push('mp_client_id');
  }
  if (input.mp_shared_accounts !== undefined && input.mp_shared_accounts !== (await mpSharedAccountsAllowed(db))) {
    statements.push(
      db
        .prepare("update platform_flags set value = ? where key = 'mp_shared_accounts'")
        .bind(input.mp_shared_accounts ? 1 : 0),
    );
    changed.push('mp_shared_accounts');
  }
  if (input.mp_client_secret) {
    statements.push(secret('mp_client_secret', await sealSecret(env, input.mp_client_secret)));
    changed.push('mp_client_secret');
  }
  return { statements, changed };
}
