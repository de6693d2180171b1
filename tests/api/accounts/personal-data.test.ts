import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { processDeletions } from '../../../functions/api/services/accounts/deletion';
import { resumeRefunds } from '../../../functions/api/services/refunds/refund';
import { ACCOUNT_DATA_MSG, CONSENT_VERSIONS } from '../../../src/shared/messages/accounts';
import { payInSandbox, startPurchase } from '../checkout/checkout-fixtures';
import { type Actor, adminOf, asBuyer, createUser, login, PASSWORD, uniqueEmail } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { provider } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { assertMoneyOfEvent } from '../refunds/money-invariants';

/**
 * "Mis datos" (issue 35): a person downloads everything kept about them, records their consents, and asks
 * for their account to be deleted; nobody reaches another person's data.
 */

const json = async <D = Record<string, unknown>>(res: Response) => (await res.json()) as Answer<D>;

/** A person who logs in with a password (so the test can prove they no longer can), as an API actor. */
async function person(): Promise<Actor & { email: string }> {
  const row = await createUser({ name: 'Dana Datos', email: uniqueEmail('datos') });
  const { token } = await login(row.email);
  return { id: row.id, email: row.email, token, auth: { authorization: `Bearer ${token}` } };
}

async function paidOrder(buyer: Actor, quantity = 2) {
  const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
  const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, quantity);
  await payInSandbox(redirect, 'approved');
  return { event, orderId, admin: await adminOf(event.producer_id) };
}

const requestDeletion = (who: Actor, body: Record<string, unknown>) =>
  asBuyer(who, '/user/deletion', { method: 'POST', json: body });

type Data = {
  account: { id: number; email: string; name: string; dni: string };
  consents: { kind: string; granted: boolean; version: string; source: string }[];
  orders: { id: string; total_cents: number; buyer_email: string }[];
  tickets: { id: string; status: string }[];
  transfers: { direction: string; to_email: string }[];
  mails: { subject: string }[];
  deletion: { status: string } | null;
};

describe('Mis datos: the download', () => {
  it('holds the account, orders, tickets, transfers, consents and e-mails of the caller only', async () => {
    routeNetwork();
    const buyer = await person();
    const other = await person();
    const { orderId } = await paidOrder(buyer);
    const [ticket] = (
      await env.DB.prepare('select id from tickets where order_id = ? order by id').bind(orderId).all<{ id: string }>()
    ).results;
    const sent = await asBuyer(buyer, `/tickets/${ticket.id}/transfer`, {
      method: 'POST',
      json: { email: other.email },
    });
    expect(sent.status).toBeLessThan(300);

    await asBuyer(buyer, '/user/consents', { method: 'PUT', json: { promotions: true } });
    const res = await asBuyer(buyer, '/user/data');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { data } = await json<Data>(res);
    expect(data.account).toMatchObject({ id: buyer.id, email: buyer.email, name: 'Dana Datos', dni: '30111222' });
    expect(data.orders.map((o) => o.id)).toEqual([orderId]);
    expect(data.tickets).toHaveLength(2);
    expect(data.transfers).toEqual([expect.objectContaining({ direction: 'sent', to_email: other.email })]);
    // The purchase's e-mail went through the mail port, which logged it.
    expect(data.mails.length).toBeGreaterThan(0);
    expect(data.consents).toEqual([
      expect.objectContaining({ kind: 'promotions', granted: true, version: CONSENT_VERSIONS.promotions }),
    ]);
    expect(data.deletion).toBeNull();

    // The recipient sees the transfer as received, and none of the buyer's orders.
    const theirs = (await json<Data>(await asBuyer(other, '/user/data'))).data;
    expect(theirs.orders).toEqual([]);
    expect(theirs.transfers).toEqual([expect.objectContaining({ direction: 'received' })]);
  });

  it('is a file with ?download=1', async () => {
    const buyer = await person();
    const res = await asBuyer(buyer, '/user/data?download=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="mis-datos-boleteria.json"');
  });

  it("refuses another person's data with a 403 in Spanish, a SUPERADMIN's request included", async () => {
    const buyer = await person();
    const other = await person();
    for (const path of [`/user/data?user_id=${other.id}`, `/user/deletion?user_id=${other.id}`]) {
      const res = await asBuyer(buyer, path);
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe(ACCOUNT_DATA_MSG.otherPerson);
    }
    const admin = await createUser({ rol: 'SUPERADMIN', email: uniqueEmail('super') });
    const { token } = await login(admin.email);
    const res = await asBuyer({ auth: { authorization: `Bearer ${token}` } }, `/user/data?user_id=${other.id}`);
    expect(res.status).toBe(403);
    const del = await requestDeletion(buyer, { user_id: other.id, tickets: 'refund' });
    expect(del.status).toBe(403);
    expect(await env.DB.prepare('select 1 from account_deletions where user_id = ?').bind(other.id).first()).toBeNull();
    // Unknown and malformed ids: the same refusal, nothing about whether they exist.
    expect((await asBuyer(buyer, '/user/data?user_id=999999999')).status).toBe(403);
    expect((await asBuyer(buyer, '/user/data?user_id=abc')).status).toBe(400);
    expect((await provider('/user/data')).status).toBe(401);
  });
});

describe('Mis datos: consents', () => {
  it('records the registration form’s terms and promotions with the text version', async () => {
    const email = uniqueEmail('consiente');
    const res = await provider('/register', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Carla Consiente',
        email,
        password: 'mi-clave-segura',
        repeat_password: 'mi-clave-segura',
        telefono: '1144445555',
        dni: '40111222',
        terms_and_conditions: true,
        accept_promotions: false,
      }),
    });
    expect(res.status).toBe(201);
    const { results } = await env.DB.prepare(
      'select kind, granted, version, source from consents where user_id = (select id from users where email = ?) order by id',
    )
      .bind(email)
      .all();
    expect(results).toEqual([
      { kind: 'terms', granted: 1, version: CONSENT_VERSIONS.terms, source: 'registration' },
      { kind: 'promotions', granted: 0, version: CONSENT_VERSIONS.promotions, source: 'registration' },
    ]);
  }, 20_000);

  it('records a promotions change in Perfil once per change, with its date', async () => {
    const buyer = await person();
    const put = (promotions: unknown) => asBuyer(buyer, '/user/consents', { method: 'PUT', json: { promotions } });
    expect((await put(true)).status).toBe(200);
    expect((await put(true)).status).toBe(200);
    expect((await put(false)).status).toBe(200);
    const bad = await put('si');
    expect(bad.status).toBe(400);
    const { results } = await env.DB.prepare(
      "select granted, source, created_at from consents where user_id = ? and kind = 'promotions' order by id",
    )
      .bind(buyer.id)
      .all<{ granted: number; source: string; created_at: string }>();
    // Yes, then no: the repeated yes added nothing.
    expect(results.map((r) => [r.granted, r.source])).toEqual([
      [1, 'profile'],
      [0, 'profile'],
    ]);
    expect(results.every((r) => /^\d{4}-\d\d-\d\dT/.test(r.created_at))).toBe(true);
    const user = await env.DB.prepare('select accept_promotions from users where id = ?').bind(buyer.id).first();
    expect(user).toEqual({ accept_promotions: 0 });
  });
});

describe('deleting one’s account', () => {
  it('refunds the tickets to come, anonymises within the job, keeps the figures, and ends the sessions', async () => {
    routeNetwork();
    const buyer = await person();
    const { event, orderId, admin } = await paidOrder(buyer);

    const bad = await requestDeletion(buyer, { tickets: 'todas' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(ACCOUNT_DATA_MSG.ticketsChoice);

    const first = await requestDeletion(buyer, { tickets: 'refund' });
    expect(first.status).toBe(202);
    const asked = await json<{ status: string; due_by: string; refund_pending: boolean }>(first);
    expect(asked.message).toBe(ACCOUNT_DATA_MSG.deletionRequested);
    expect(asked.data).toMatchObject({ status: 'pending', tickets: 'refund', refund_pending: false });
    // A second request (another choice) answers the first one's state.
    const second = await requestDeletion(buyer, { tickets: 'cancel' });
    expect(second.status).toBe(200);
    const again = await json(second);
    expect(again.message).toBe(ACCOUNT_DATA_MSG.deletionAlready);
    expect(again.data).toEqual(asked.data);

    await processDeletions(env);

    const order = await env.DB.prepare(
      'select status, total_cents, refunded_cents, buyer_name, buyer_email, buyer_dni, buyer_phone from orders where id = ?',
    )
      .bind(orderId)
      .first<Record<string, string | number | null>>();
    expect(order).toMatchObject({ status: 'refunded', buyer_dni: null, buyer_phone: null });
    expect(order!.refunded_cents).toBe(order!.total_cents);
    expect(order!.buyer_name).toMatch(/^Persona borrada [0-9A-F]{8}$/);
    expect(order!.buyer_email).toMatch(/@borrado\.invalid$/);
    const user = await env.DB.prepare('select name, email, dni, telefono, activo from users where id = ?')
      .bind(buyer.id)
      .first();
    expect(user).toEqual({ name: order!.buyer_name, email: order!.buyer_email, dni: '', telefono: '', activo: 0 });
    const holders = await env.DB.prepare('select distinct holder_name, holder_dni from tickets where order_id = ?')
      .bind(orderId)
      .all();
    expect(holders.results.every((h) => h.holder_dni === null && h.holder_name !== 'Dana Datos')).toBe(true);
    const logged = await env.DB.prepare('select count(*) as n from mail_log where to_address = ?')
      .bind(buyer.email)
      .first<{ n: number }>();
    expect(logged!.n).toBe(0);

    // The money still adds up, under the pseudonym; the producer's order list shows it.
    await assertMoneyOfEvent(event.event_id, admin);
    const listed = await asBuyer(admin, `/admin/orders?event_id=${event.event_id}`);
    expect(JSON.stringify(await listed.json())).toContain(String(order!.buyer_name));

    // No way back in: the old token is refused, and the password no longer logs in.
    expect((await asBuyer(buyer, '/user/data')).status).toBe(401);
    const relogin = await provider('/login', {
      method: 'POST',
      body: JSON.stringify({ email: buyer.email, password: PASSWORD }),
    });
    expect(relogin.status).toBe(401);

    // The job is idempotent: a second run changes nothing.
    await processDeletions(env);
    const rows = await env.DB.prepare("select count(*) as n from refunds where order_id = ? and status = 'done'")
      .bind(orderId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it('cancels the tickets without money back when the person chose so; the order keeps its money', async () => {
    routeNetwork();
    const buyer = await person();
    const { event, orderId, admin } = await paidOrder(buyer);
    expect((await requestDeletion(buyer, { tickets: 'cancel' })).status).toBe(202);
    await processDeletions(env);
    const order = await env.DB.prepare('select status, refunded_cents from orders where id = ?').bind(orderId).first();
    expect(order).toEqual({ status: 'paid', refunded_cents: 0 });
    const tickets = await env.DB.prepare('select status from tickets where order_id = ?').bind(orderId).all();
    expect(tickets.results.map((t) => t.status)).toEqual(['cancelled', 'cancelled']);
    // MercadoPago was asked nothing; the places went back on sale.
    const mp = await env.DB.prepare(
      'select count(*) as n from dev_mp_refunds where payment_id = (select cast(payment_id as integer) from orders where id = ?)',
    )
      .bind(orderId)
      .first<{ n: number }>();
    expect(mp!.n).toBe(0);
    await assertMoneyOfEvent(event.event_id, admin);
  });

  it('finishes a pending refund first, says so, and deletes only after it', async () => {
    const buyer = await person();
    routeNetwork();
    const { event, orderId, admin } = await paidOrder(buyer, 3);
    const [ticket] = (
      await env.DB.prepare('select id from tickets where order_id = ? order by id').bind(orderId).all<{ id: string }>()
    ).results;
    // The producer's partial refund reaches MercadoPago, whose answer is lost: it stays pending.
    let calls = 0;
    routeNetwork({
      webhooks: false,
      mercadopago: async (request, next) => {
        const answer = await next();
        if (new URL(request.url).pathname.endsWith('/refunds') && calls++ === 0)
          throw new TypeError('network connection lost');
        return answer;
      },
    });
    const partial = await asBuyer(admin, `/admin/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'Prueba', ticket_ids: [ticket.id] },
    });
    expect(partial.status).toBe(502);

    const asked = await requestDeletion(buyer, { tickets: 'refund' });
    expect(asked.status).toBe(202);
    const body = await json<{ refund_pending: boolean }>(asked);
    expect(body.message).toBe(ACCOUNT_DATA_MSG.deletionRefundFirst);
    expect(body.data.refund_pending).toBe(true);

    // While the refund is pending, the job waits: nothing is anonymised.
    await processDeletions(env);
    const waiting = await env.DB.prepare('select status from account_deletions where user_id = ?')
      .bind(buyer.id)
      .first();
    expect(waiting).toEqual({ status: 'pending' });
    expect(await env.DB.prepare('select activo from users where id = ?').bind(buyer.id).first()).toEqual({ activo: 1 });

    // The cron job resumes the refund (same key), then the deletion goes on: the rest of the tickets refunded.
    await env.DB.prepare("update refunds set created_at = '2020-01-01T00:00:00Z' where order_id = ?")
      .bind(orderId)
      .run();
    await resumeRefunds(env);
    await processDeletions(env);
    expect(
      await env.DB.prepare('select status from account_deletions where user_id = ?').bind(buyer.id).first(),
    ).toEqual({ status: 'done' });
    const refunds = await env.DB.prepare(
      'select status, ticket_ids from refunds where order_id = ? order by created_at',
    )
      .bind(orderId)
      .all<{ status: string; ticket_ids: string }>();
    expect(refunds.results.map((r) => [r.status, JSON.parse(r.ticket_ids).length])).toEqual([
      ['done', 1],
      ['done', 2],
    ]);
    await assertMoneyOfEvent(event.event_id, admin);
  });

  it('leaves tickets to past dates alone', async () => {
    routeNetwork();
    const buyer = await person();
    const { orderId } = await paidOrder(buyer, 1);
    await env.DB.prepare(
      "update event_dates set starts_at = '2020-01-01T21:00:00Z' where id = (select event_date_id from tickets where order_id = ?)",
    )
      .bind(orderId)
      .run();
    expect((await requestDeletion(buyer, { tickets: 'refund' })).status).toBe(202);
    await processDeletions(env);
    const order = await env.DB.prepare('select status, buyer_dni from orders where id = ?').bind(orderId).first();
    expect(order).toEqual({ status: 'paid', buyer_dni: null });
  });
});
