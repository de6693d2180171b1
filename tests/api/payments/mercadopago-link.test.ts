import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { refreshExpiringMpLinks } from '../../../functions/api/services/settings/mp-link';
import { MP_MSG } from '../../../src/shared/messages/settings';

import { orderOf, payInSandbox, startPurchase } from '../checkout/checkout-fixtures';
import { type Actor, createBuyer, makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { producerWithEvent } from '../kit/events';
import { ORIGIN, settledFetch } from '../kit/http';
import { routeNetwork } from '../kit/network';

/** Asks for the authorization link and clicks "Autorizar" on the sandbox's page, as the seller would. */
// One seller account per producer: a MercadoPago account links to one producer unless a SUPERADMIN allows it.
async function authorizeInSandbox(producerId: number, user: Actor, nickname = `VENDEDOR_${producerId}`) {
  const start = await call(user, 'POST /admin/mercadopago/producers/:id/authorization', { param: { id: producerId } });
  expect(start.status).toBe(200);
  const url = new URL(start.body.data.url);
  const page = await SELF.fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Autorizar');
  const form = new URLSearchParams(url.searchParams);
  form.set('nickname', nickname);
  form.set('decision', 'allow');
  const res = await settledFetch(`${ORIGIN}/dev/mercadopago/authorization`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  return { url, back, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

const finish = (user: Actor, code: string, state: string) =>
  call(user, 'POST /admin/mercadopago/callback', { json: { code, state } });

async function linked(producerId: number, user: Actor, nickname?: string) {
  const { code, state } = await authorizeInSandbox(producerId, user, nickname);
  const res = await finish(user, code, state);
  expect(res.status).toBe(200);
  return res.body.data;
}

const sellerTokens = (userId: string) =>
  env.DB.prepare('select access_token from dev_mp_oauth_tokens where user_id = ? order by rowid')
    .bind(Number(userId))
    .all<{ access_token: string }>();

describe('MercadoPago account linking (OAuth)', () => {
  it('sends the admin to the authorization page with MercadoPago’s parameters and links the account', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    const { url, back, code, state } = await authorizeInSandbox(p.producerId, p.admin);
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/dev/mercadopago/authorization`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'test-client-id',
      response_type: 'code',
      platform_id: 'mp',
      redirect_uri: `${ORIGIN}/admin/configurations/mercadopago`,
      code_challenge_method: 'S256',
    });
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/admin/configurations/mercadopago`);
    expect(code).toMatch(/^TG-/);

    const res = await finish(p.admin, code, state);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Cuenta de MercadoPago vinculada');
    expect(res.body.data).toMatchObject({ producer_id: p.producerId, linked: true });
    const days = (new Date(res.body.data.expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(180);

    // Tokens are stored encrypted: neither the access nor the refresh token appears in the row.
    const row = await env.DB.prepare('select * from producer_mp_links where producer_id = ?')
      .bind(p.producerId)
      .first<Record<string, string>>();
    const [{ access_token }] = (await sellerTokens(res.body.data.mp_user_id!)).results;
    expect(row!.access_token_enc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(access_token);
    const status = await call(p.admin, 'GET /admin/mercadopago/producers/:id', { param: { id: p.producerId } });
    expect(JSON.stringify(status.body)).not.toContain(access_token);
    const audit = await env.DB.prepare("select 1 from audit_log where producer_id = ? and action = 'mp_link'")
      .bind(p.producerId)
      .first();
    expect(audit).not.toBeNull();
  });

  it('accepts a state once, only from the admin who asked for it, and only before it expires', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    const other = await makeUser('SUPERADMIN');
    const first = await authorizeInSandbox(p.producerId, p.admin);
    const stolen = await finish(other, first.code, first.state);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(MP_MSG.stateInvalid);
    // Someone else's post does not consume it: the admin who asked for it still finishes the link.
    expect((await finish(p.admin, first.code, first.state)).status).toBe(200);

    const second = await authorizeInSandbox(p.producerId, p.admin);
    expect((await finish(p.admin, second.code, second.state)).status).toBe(200);
    expect((await finish(p.admin, second.code, second.state)).body.message).toBe(MP_MSG.stateInvalid);

    const third = await authorizeInSandbox(p.producerId, p.admin);
    await env.DB.prepare("update mp_oauth_states set expires_at = '2000-01-01T00:00:00.000Z'").run();
    expect((await finish(p.admin, third.code, third.state)).body.message).toBe(MP_MSG.stateInvalid);
  });

  it('refuses another producer’s admin posting a seen state, without spending it', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    const other = await producerWithEvent();
    const { code, state } = await authorizeInSandbox(p.producerId, p.admin);
    const stolen = await finish(other.admin, code, state);
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe('No tenés permisos sobre esta productora');
    // The real admin's callback still works.
    expect((await finish(p.admin, code, state)).status).toBe(200);
  });

  it('links one MercadoPago account to one producer, unless a SUPERADMIN allows sharing', async () => {
    routeNetwork();
    const first = await producerWithEvent();
    const second = await producerWithEvent();
    const nickname = `COMPARTIDA_${first.producerId}`;
    await linked(first.producerId, first.admin, nickname);
    const again = await authorizeInSandbox(second.producerId, second.admin, nickname);
    const refused = await finish(second.admin, again.code, again.state);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MP_MSG.accountTaken);
    const row = await env.DB.prepare('select 1 from producer_mp_links where producer_id = ? and unlinked_at is null')
      .bind(second.producerId)
      .first();
    expect(row).toBeNull();

    const superadmin = await makeUser('SUPERADMIN');
    const platform = await call(superadmin, 'GET /admin/settings/platform');
    const { fee, limits } = platform.body.data as { fee: unknown; limits: unknown };
    const allow = await call(superadmin, 'PUT /admin/settings/platform', {
      json: { fee, limits, mp_shared_accounts: true },
    });
    expect(allow.status).toBe(200);
    try {
      const shared = await authorizeInSandbox(second.producerId, second.admin, nickname);
      expect((await finish(second.admin, shared.code, shared.state)).status).toBe(200);
    } finally {
      await env.DB.prepare("update platform_flags set value = 0 where key = 'mp_shared_accounts'").run();
    }
  });

  it('refuses the link to collaborators and other producers’ admins, and a code MercadoPago does not know', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    const other = await producerWithEvent();
    const authorization = 'POST /admin/mercadopago/producers/:id/authorization' as const;
    const param = { id: p.producerId };
    expect((await call(p.collaborator, authorization, { param })).status).toBe(403);
    expect((await call(other.admin, authorization, { param })).status).toBe(403);
    const { state } = await authorizeInSandbox(p.producerId, p.admin);
    const bogus = await finish(p.admin, 'TG-not-a-code', state);
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toBe(MP_MSG.exchangeFailed);
    const wrongSecret = await SELF.fetch(`${ORIGIN}/dev/mercadopago/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'test-client-id', client_secret: 'nope', grant_type: 'refresh_token' }),
    });
    expect(wrongSecret.status).toBe(401);
  });

  it('creates the linked producer’s payments with its credentials, carrying the platform’s marketplace fee', async () => {
    routeNetwork();
    const p = await producerWithEvent({ price_cents: 10_000_00 });
    const link = await linked(p.producerId, p.admin, 'SELLER_FEE');
    const [{ access_token: sellerToken }] = (await sellerTokens(link.mp_user_id!)).results;
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, p.eventId, p.typeId, 2);
    const order = await env.DB.prepare('select fee_cents, total_cents, mp_preference_id from orders where id = ?')
      .bind(orderId)
      .first<{ fee_cents: number; total_cents: number; mp_preference_id: string }>();
    // Platform default: 10 % + $50 per ticket.
    expect(order!.fee_cents).toBe(2 * (1000_00 + 50_00));
    const pref = await env.DB.prepare('select access_token, body from dev_mp_preferences where id = ?')
      .bind(order!.mp_preference_id)
      .first<{ access_token: string; body: string }>();
    expect(pref!.access_token).toBe(sellerToken);
    const body = JSON.parse(pref!.body) as { marketplace_fee: number; notification_url: string };
    expect(body.marketplace_fee).toBe(order!.fee_cents / 100);
    expect(body.notification_url).toContain(`producer=${p.producerId}`);

    const { paymentId } = await payInSandbox(redirect, 'approved');
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', tickets: 2 });
    const payment = await SELF.fetch(`${ORIGIN}/dev/mercadopago/v1/payments/${paymentId}`, {
      headers: { authorization: `Bearer ${sellerToken}` },
    });
    const paid = (await payment.json()) as {
      collector_id: number;
      marketplace_fee: number;
      fee_details: { type: string; amount: number }[];
    };
    expect(String(paid.collector_id)).toBe(link.mp_user_id);
    expect(paid.marketplace_fee).toBe(order!.fee_cents / 100);
    expect(paid.fee_details).toContainEqual(expect.objectContaining({ type: 'application_fee', amount: 2100 }));
    // The order's payment keeps MercadoPago's fee only: the application fee is the service charge.
    const stored = await env.DB.prepare('select fee_cents from payments where id = ?')
      .bind(paymentId)
      .first<{ fee_cents: number }>();
    expect(stored!.fee_cents).toBe(Math.round(order!.total_cents * 0.0761));
    // The platform's own credentials do not see the seller's payment.
    const foreign = await SELF.fetch(`${ORIGIN}/dev/mercadopago/v1/payments/${paymentId}`, {
      headers: { authorization: `Bearer ${env.MP_ACCESS_TOKEN}` },
    });
    expect(foreign.status).toBe(404);
  });

  it('renews tokens that expire within 30 days with the refresh token, and leaves the others', async () => {
    routeNetwork();
    const soon = await producerWithEvent();
    const later = await producerWithEvent();
    const a = await linked(soon.producerId, soon.admin, 'SELLER_SOON');
    await linked(later.producerId, later.admin, 'SELLER_LATER');
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await env.DB.prepare('update producer_mp_links set expires_at = ? where producer_id = ?')
      .bind(inTenDays, soon.producerId)
      .run();
    const before = await env.DB.prepare('select producer_id, access_token_enc from producer_mp_links').all<{
      producer_id: number;
      access_token_enc: string;
    }>();

    expect(await refreshExpiringMpLinks(env)).toBe(1);
    const after = await env.DB.prepare(
      'select producer_id, access_token_enc, expires_at, refreshed_at from producer_mp_links',
    ).all<{
      producer_id: number;
      access_token_enc: string;
      expires_at: string;
      refreshed_at: string | null;
    }>();
    const row = (id: number, rows: { producer_id: number }[]) => rows.find((r) => r.producer_id === id) as never;
    const renewed = row(soon.producerId, after.results) as {
      access_token_enc: string;
      expires_at: string;
      refreshed_at: string;
    };
    expect(renewed.access_token_enc).not.toBe(
      (row(soon.producerId, before.results) as { access_token_enc: string }).access_token_enc,
    );
    expect(new Date(renewed.expires_at).getTime()).toBeGreaterThan(Date.now() + 179 * 86_400_000);
    expect(renewed.refreshed_at).not.toBeNull();
    expect((row(later.producerId, after.results) as { access_token_enc: string }).access_token_enc).toBe(
      (row(later.producerId, before.results) as { access_token_enc: string }).access_token_enc,
    );
    // The seller now has two tokens at the sandbox; the stored one is the newest.
    expect((await sellerTokens(a.mp_user_id!)).results).toHaveLength(2);
    expect(await refreshExpiringMpLinks(env)).toBe(0);
  });

  it('pays an order whose preference was made before the seller’s token was renewed', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    await linked(p.producerId, p.admin, 'SELLER_RENEWED');
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, p.eventId, p.typeId, 1);
    await env.DB.prepare('update producer_mp_links set expires_at = ? where producer_id = ?')
      .bind(new Date(Date.now() + 86_400_000).toISOString(), p.producerId)
      .run();
    expect(await refreshExpiringMpLinks(env)).toBe(1);
    await payInSandbox(redirect, 'approved');
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', tickets: 1 });
  });

  it('records a failed renewal, shows it, and does not retry it within the hour', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    await linked(p.producerId, p.admin, 'SELLER_REVOKED');
    await env.DB.prepare(
      'update producer_mp_links set expires_at = ?, refresh_token_enc = (select access_token_enc from producer_mp_links where producer_id = ?) where producer_id = ?',
    )
      .bind(new Date(Date.now() + 86_400_000).toISOString(), p.producerId, p.producerId)
      .run();
    expect(await refreshExpiringMpLinks(env)).toBe(0);
    const status = await call(p.admin, 'GET /admin/mercadopago/producers/:id', { param: { id: p.producerId } });
    expect(status.body.data).toMatchObject({ linked: true, refresh_failed: true });
    const attempts = await env.DB.prepare('select refresh_attempted_at from producer_mp_links where producer_id = ?')
      .bind(p.producerId)
      .first<{ refresh_attempted_at: string }>();
    expect(attempts!.refresh_attempted_at).not.toBeNull();
    expect(await refreshExpiringMpLinks(env)).toBe(0);
  });

  it('does not unlink while a payment made with the account may still arrive', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    await linked(p.producerId, p.admin, 'SELLER_BUSY');
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, p.eventId, p.typeId, 1);
    const unlink = () => call(p.admin, 'DELETE /admin/mercadopago/producers/:id', { param: { id: p.producerId } });
    const refused = await unlink();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MP_MSG.paymentsInFlight);
    await payInSandbox(redirect, 'approved');
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid' });
    expect((await unlink()).status).toBe(200);
  });

  it('refunds an order collected by an account the producer has since replaced with another', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    const first = await linked(p.producerId, p.admin, 'SELLER_FIRST');
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, p.eventId, p.typeId, 1);
    const { paymentId } = await payInSandbox(redirect, 'approved');
    const second = await linked(p.producerId, p.admin, 'SELLER_SECOND');
    expect(second.mp_user_id).not.toBe(first.mp_user_id);
    const refund = await call(p.admin, 'POST /admin/orders/:id/refund', {
      param: { id: orderId },
      json: { reason: 'Pedido del comprador' },
    });
    expect(refund.status).toBe(200);
    const [{ access_token }] = (await sellerTokens(first.mp_user_id!)).results;
    const payment = await SELF.fetch(`${ORIGIN}/dev/mercadopago/v1/payments/${paymentId}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(((await payment.json()) as { status: string }).status).toBe('refunded');
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'refunded' });
  });

  it('applies a chargeback of a payment the producer’s unlinked account collected', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    await linked(p.producerId, p.admin, 'SELLER_CHARGEBACK');
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, p.eventId, p.typeId, 1);
    const { paymentId } = await payInSandbox(redirect, 'approved');
    expect(
      (await call(p.admin, 'DELETE /admin/mercadopago/producers/:id', { param: { id: p.producerId } })).status,
    ).toBe(200);
    const settled = await settledFetch(`${ORIGIN}/dev/mercadopago/v1/payments/${paymentId}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'charged_back' }),
    });
    expect(((await settled.json()) as { notification_status: number }).notification_status).toBe(200);
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'refunded' });
  });

  it('unlinks: the producer’s next payments use the platform’s credentials again', async () => {
    routeNetwork();
    const p = await producerWithEvent();
    await linked(p.producerId, p.admin, 'SELLER_GONE');
    const res = await call(p.admin, 'DELETE /admin/mercadopago/producers/:id', { param: { id: p.producerId } });
    expect(res.status).toBe(200);
    expect(res.body.data.linked).toBe(false);
    const buyer = await createBuyer();
    const { orderId } = await startPurchase(buyer, p.eventId, p.typeId, 1);
    const pref = await env.DB.prepare(
      'select p.access_token, p.body from dev_mp_preferences p join orders o on o.mp_preference_id = p.id where o.id = ?',
    )
      .bind(orderId)
      .first<{ access_token: string; body: string }>();
    expect(pref!.access_token).toBe(env.MP_ACCESS_TOKEN);
    expect(JSON.parse(pref!.body).marketplace_fee).toBeUndefined();
  });
});
