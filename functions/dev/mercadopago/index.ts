import { Hono } from 'hono';
import type { MpPreferenceRequest } from '../../payments/mercadopago';
import { notifyPayment } from './notify';
import { mercadoPagoOAuthSandbox, sameAccount, sellerOfToken } from './oauth';
import { checkoutPage } from './page';
import { insertPayment, loadPayment, loadPreference, type StoredPayment, savePaymentIf, savePreference } from './store';

/**
 * A local stand-in for MercadoPago's Checkout Pro, speaking its protocol: the product talks to it
 * through the same REST client it uses in production (MP_API_BASE points here). Mounted at
 * /dev/mercadopago, so it exists only with DEV_MODE.
 */
const OUTCOMES = {
  approved: {
    status: 'approved',
    status_detail: 'accredited',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
  },
  rejected: {
    status: 'rejected',
    status_detail: 'cc_rejected_other_reason',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
  },
  pending: {
    status: 'pending',
    status_detail: 'pending_waiting_payment',
    payment_method_id: 'rapipago',
    payment_type_id: 'ticket',
  },
} as const;

// How long an unpaid cash payment (Rapipago) stays payable.
const CASH_PAYMENT_HOURS = 48;

const bearer = (header: string | undefined) => header?.match(/^Bearer (.+)$/)?.[1] ?? null;
const mpError = (message: string, status: number) =>
  Response.json({ message, error: status === 404 ? 'not_found' : 'bad_request', status, cause: [] }, { status });

const SANDBOX_RELEASE_DAYS = 14;
/** The platform's own collector account in the sandbox (payments made with MP_ACCESS_TOKEN). */
const PLATFORM_COLLECTOR_ID = 1;

export const mercadoPagoSandbox = new Hono<{ Bindings: Env }>()
  .route('/', mercadoPagoOAuthSandbox)
  .post('/checkout/preferences', async (c) => {
    const token = bearer(c.req.header('authorization'));
    if (!token) return mpError('invalid access token', 401);
    const body = (await c.req.json().catch(() => null)) as MpPreferenceRequest | null;
    if (!body?.items?.length || !body.external_reference)
      return mpError('items and external_reference are required', 400);
    const id = `${Math.floor(Math.random() * 1e9)}-${crypto.randomUUID()}`;
    const origin = new URL(c.req.url).origin;
    const initPoint = `${origin}/dev/mercadopago/checkout/${id}`;
    await savePreference(c.env.DB, token, { ...body, id, date_created: new Date().toISOString() });
    const collector = (await sellerOfToken(c.env.DB, token)) ?? PLATFORM_COLLECTOR_ID;
    return c.json({ ...body, id, init_point: initPoint, sandbox_init_point: initPoint, collector_id: collector }, 201);
  })
  .get('/checkout/:id', async (c) => {
    const found = await loadPreference(c.env.DB, c.req.param('id'));
    if (!found) return c.text('Preferencia inexistente', 404);
    const to = found.pref.expiration_date_to;
    return c.html(checkoutPage(found.pref, Boolean(found.pref.expires && to && new Date(to).getTime() < Date.now())));
  })
  .post('/checkout/:id/pay', async (c) => {
    const found = await loadPreference(c.env.DB, c.req.param('id'));
    if (!found) return c.text('Preferencia inexistente', 404);
    const form = await c.req.parseBody();
    const outcome = OUTCOMES[String(form.outcome) as keyof typeof OUTCOMES];
    if (!outcome) return c.text('Resultado inválido', 400);
    const { pref, token } = found;
    const now = new Date();
    const amount = pref.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
    // A payment made with a linked seller's token is the seller's; the marketplace keeps its fee.
    const collectorId = (await sellerOfToken(c.env.DB, token)) ?? PLATFORM_COLLECTOR_ID;
    const marketplaceFee = typeof pref.marketplace_fee === 'number' ? pref.marketplace_fee : null;
    const payment = await insertPayment(c.env.DB, token, pref.id, (id) => ({
      id,
      ...outcome,
      preference_id: pref.id,
      external_reference: pref.external_reference,
      transaction_amount: Math.round(amount * 100) / 100,
      transaction_amount_refunded: 0,
      currency_id: 'ARS',
      date_created: now.toISOString(),
      date_approved: outcome.status === 'approved' ? now.toISOString() : null,
      date_of_expiration:
        outcome.status === 'pending' ? new Date(now.getTime() + CASH_PAYMENT_HOURS * 3600_000).toISOString() : null,
      refunds: [],
      payer: { email: pref.payer?.email ?? '' },
      installments: 1,
      // As MercadoPago reports them: its processing fee (here 6.29 % + 21 % IVA) and when the money is released.
      collector_id: collectorId,
      marketplace_fee: marketplaceFee,
      fee_details:
        outcome.status === 'approved'
          ? [
              { type: 'mercadopago_fee', fee_payer: 'collector', amount: Math.round(amount * 0.0761 * 100) / 100 },
              ...(marketplaceFee ? [{ type: 'application_fee', fee_payer: 'collector', amount: marketplaceFee }] : []),
            ]
          : [],
      money_release_date:
        outcome.status === 'approved'
          ? new Date(now.getTime() + SANDBOX_RELEASE_DAYS * 86_400_000).toISOString()
          : null,
    }));
    await notifyPayment(c.env, token, pref.notification_url, payment.id, 'payment.created');
    return c.redirect(backUrl(pref, payment), 302);
  })
  .get('/v1/payments/:id', async (c) => {
    const found = await loadPayment(c.env.DB, Number(c.req.param('id')));
    if (!found || !(await sameAccount(c.env.DB, found.token, bearer(c.req.header('authorization')))))
      return mpError('Payment not found', 404);
    return c.json(found.payment);
  })
  .post('/v1/payments/:id/refunds', async (c) => {
    const key = c.req.header('x-idempotency-key') ?? null;
    const { amount } = (await c.req.json().catch(() => ({}))) as { amount?: number };
    // Like MercadoPago: a request repeated with the same idempotency key answers the first refund again.
    if (key) {
      const claimed = await c.env.DB.prepare(
        "insert or ignore into dev_mp_refunds (idempotency_key, payment_id, amount_cents, body) values (?, ?, 0, '')",
      )
        .bind(key, Number(c.req.param('id')) || 0)
        .run();
      if (claimed.meta.changes !== 1) {
        // The same key is being (or was) refunded: answer that refund once it is there.
        for (let wait = 0; wait < 100; wait++) {
          const seen = await c.env.DB.prepare('select body from dev_mp_refunds where idempotency_key = ?')
            .bind(key)
            .first<{ body: string }>();
          if (!seen) break;
          if (seen.body) return c.json(JSON.parse(seen.body), 201);
          await new Promise((r) => setTimeout(r, 20));
        }
        return mpError('Refund with this idempotency key is in progress', 409);
      }
    }
    const refused = async (message: string, status: number) => {
      if (key)
        await c.env.DB.prepare("delete from dev_mp_refunds where idempotency_key = ? and body = ''").bind(key).run();
      return mpError(message, status);
    };
    // Concurrent refunds of one payment: each is applied on the body it read (compare-and-set), or retried.
    for (let attempt = 0; attempt < 50; attempt++) {
      const found = await loadPayment(c.env.DB, Number(c.req.param('id')));
      if (!found || !(await sameAccount(c.env.DB, found.token, bearer(c.req.header('authorization')))))
        return refused('Payment not found', 404);
      const { payment, token } = found;
      if (payment.status === 'refunded') {
        await refused('', 400);
        return c.json(payment.refunds[0] ?? {}, 201);
      }
      if (payment.status !== 'approved') return refused('Payment not refundable', 400);
      // Sandbox only (POST /sandbox/refusals): this payment's refunds are refused, as MercadoPago may.
      if ((payment as { sandbox_refuse_refunds?: boolean }).sandbox_refuse_refunds)
        return refused('The refund was not accepted', 400);
      const refunded = payment.transaction_amount_refunded ?? 0;
      const left = Math.round((payment.transaction_amount - refunded) * 100) / 100;
      if (typeof amount === 'number' && amount > left + 0.001) return refused('Amount exceeds refundable', 400);
      // A partial refund (body.amount): the payment stays approved with the amount given back, like MercadoPago.
      const partial =
        typeof amount === 'number' && amount > 0 && refunded + amount < payment.transaction_amount - 0.001;
      const refund = {
        id: payment.id + 500_000_000 + payment.refunds.length,
        payment_id: payment.id,
        amount: partial ? amount : left,
        status: 'approved',
        date_created: new Date().toISOString(),
      };
      const updated: StoredPayment = partial
        ? {
            ...payment,
            transaction_amount_refunded: Math.round((refunded + (amount as number)) * 100) / 100,
            refunds: [...payment.refunds, refund],
          }
        : {
            ...payment,
            status: 'refunded',
            status_detail: 'refunded',
            transaction_amount_refunded: payment.transaction_amount,
            refunds: [...payment.refunds, refund],
          };
      if (!(await savePaymentIf(c.env.DB, updated, payment))) continue;
      if (key) {
        await c.env.DB.prepare('update dev_mp_refunds set amount_cents = ?, body = ? where idempotency_key = ?')
          .bind(Math.round(refund.amount * 100), JSON.stringify(refund), key)
          .run();
      }
      if (!partial) {
        const pref = await loadPreference(c.env.DB, payment.preference_id);
        if (pref)
          c.executionCtx.waitUntil(
            notifyPayment(c.env, token, pref.pref.notification_url, payment.id, 'payment.updated'),
          );
      }
      return c.json(refund, 201);
    }
    return refused('Too many concurrent refunds', 409);
  })
  /** Sandbox only: MercadoPago refuses (or accepts again) the refunds of an order's payments (e2e of refusals). */
  .post('/sandbox/refusals', async (c) => {
    const { order_id, refuse } = (await c.req.json().catch(() => ({}))) as { order_id?: string; refuse?: boolean };
    const res = await c.env.DB.prepare(
      `update dev_mp_payments set body = json_set(body, '$.sandbox_refuse_refunds', json(?))
       where json_extract(body, '$.external_reference') = ?`,
    )
      .bind(refuse ? 'true' : 'false', order_id ?? '')
      .run();
    return c.json({ payments: res.meta.changes });
  })
  /** Sandbox only: the buyer pays a pending cash payment at Rapipago, or it expires unpaid. */
  .post('/v1/payments/:id/settle', async (c) => {
    const { outcome } = (await c.req.json().catch(() => ({}))) as { outcome?: string };
    const status = outcome === 'cancelled' ? 'cancelled' : outcome === 'charged_back' ? 'charged_back' : 'approved';
    let found = await loadPayment(c.env.DB, Number(c.req.param('id')));
    if (!found) return mpError('Payment not found', 404);
    let updated: StoredPayment;
    // Compare-and-set, like the refunds: a refund of the same payment at the same moment is not lost.
    for (let attempt = 0; ; attempt++) {
      updated = {
        ...found.payment,
        status,
        status_detail: status === 'approved' ? 'accredited' : status === 'cancelled' ? 'expired' : 'charged_back',
        date_approved: status === 'approved' ? new Date().toISOString() : found.payment.date_approved,
      };
      if (await savePaymentIf(c.env.DB, updated, found.payment)) break;
      found = await loadPayment(c.env.DB, Number(c.req.param('id')));
      if (!found || attempt > 50) return mpError('Payment changed meanwhile', 409);
    }
    const pref = await loadPreference(c.env.DB, updated.preference_id);
    const delivered = pref
      ? await notifyPayment(c.env, found.token, pref.pref.notification_url, updated.id, 'payment.updated')
      : 0;
    return c.json({ ...updated, notification_status: delivered });
  })
  /** Sandbox only: sends the payment's notification again (MercadoPago retries the same way). */
  .post('/v1/payments/:id/notify', async (c) => {
    const found = await loadPayment(c.env.DB, Number(c.req.param('id')));
    if (!found) return mpError('Payment not found', 404);
    const pref = await loadPreference(c.env.DB, found.payment.preference_id);
    if (!pref) return mpError('Preference not found', 404);
    const status = await notifyPayment(
      c.env,
      found.token,
      pref.pref.notification_url,
      found.payment.id,
      'payment.updated',
    );
    return c.json({ notification_status: status });
  });

/** The back URL for the outcome, with the query parameters MercadoPago adds. */
function backUrl(pref: MpPreferenceRequest & { id: string }, payment: StoredPayment): string {
  const target =
    payment.status === 'approved'
      ? pref.back_urls.success
      : payment.status === 'rejected'
        ? pref.back_urls.failure
        : pref.back_urls.pending;
  const url = new URL(target);
  const params: Record<string, string> = {
    collection_id: String(payment.id),
    collection_status: payment.status,
    payment_id: String(payment.id),
    status: payment.status,
    external_reference: pref.external_reference,
    payment_type: payment.payment_type_id ?? 'null',
    merchant_order_id: String(payment.id + 7_000_000),
    preference_id: pref.id,
    site_id: 'MLA',
    processing_mode: 'aggregator',
    merchant_account_id: 'null',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}
