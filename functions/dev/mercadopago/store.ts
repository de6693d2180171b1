import type { MpPayment, MpPreferenceRequest } from '../../payments/mercadopago';

/** The sandbox's records, kept in D1 tables dev_mp_preferences and dev_mp_payments. */
export type StoredPreference = MpPreferenceRequest & { id: string; date_created: string };
export type StoredPayment = MpPayment & {
  preference_id: string;
  transaction_amount_refunded: number;
  refunds: { id: number; amount: number; date_created: string }[];
  payer: { email: string };
};

export async function savePreference(db: D1Database, token: string, pref: StoredPreference) {
  await db
    .prepare('insert into dev_mp_preferences (id, access_token, body) values (?, ?, ?)')
    .bind(pref.id, token, JSON.stringify(pref))
    .run();
}

export async function loadPreference(db: D1Database, id: string) {
  const row = await db
    .prepare('select access_token, body from dev_mp_preferences where id = ?')
    .bind(id)
    .first<{ access_token: string; body: string }>();
  return row ? { token: row.access_token, pref: JSON.parse(row.body) as StoredPreference } : null;
}

export async function insertPayment(
  db: D1Database,
  token: string,
  preferenceId: string,
  build: (id: number) => StoredPayment,
) {
  const res = await db
    .prepare("insert into dev_mp_payments (preference_id, access_token, body) values (?, ?, '{}')")
    .bind(preferenceId, token)
    .run();
  // Real payment ids are large numbers; offset ours so they look alike.
  const id = 1_000_000_000 + Number(res.meta.last_row_id);
  const payment = build(id);
  await savePayment(db, payment);
  return payment;
}

export async function savePayment(db: D1Database, payment: StoredPayment) {
  await db
    .prepare('update dev_mp_payments set body = ? where id = ?')
    .bind(JSON.stringify(payment), payment.id - 1_000_000_000)
    .run();
}

/** Saves `payment` only if the stored one is still `previous` (compare-and-set); false when it changed. */
export async function savePaymentIf(db: D1Database, payment: StoredPayment, previous: StoredPayment) {
  const res = await db
    .prepare('update dev_mp_payments set body = ? where id = ? and body = ?')
    .bind(JSON.stringify(payment), payment.id - 1_000_000_000, JSON.stringify(previous))
    .run();
  return res.meta.changes === 1;
}

export async function loadPayment(db: D1Database, id: number) {
  const row = await db
    .prepare('select access_token, body from dev_mp_payments where id = ?')
    .bind(id - 1_000_000_000)
    .first<{ access_token: string; body: string }>();
  return row ? { token: row.access_token, payment: JSON.parse(row.body) as StoredPayment } : null;
}
