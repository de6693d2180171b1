import { env, SELF } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import {
  orderOf,
  payInSandbox,
  signedNotification,
  startPurchase,
  ticketsOfOrderInDb,
} from '../checkout/checkout-fixtures';
import { createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { ORIGIN } from '../kit/http';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';

describe('MercadoPago webhook', () => {
  it('issues the tickets when the sandbox approves and notifies with a valid signature', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    expect(redirect).toContain('/dev/mercadopago/checkout/');
    const { back } = await payInSandbox(redirect, 'approved');
    expect(back.pathname).toBe('/payment/success');
    expect(back.searchParams.get('external_reference')).toBe(orderId);
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', tickets: 2 });
    const [type] = await inventoryOf(env, event.event_id).availability();
    expect(type).toMatchObject({ sold: 2, held: 0 });
    expect((await mailsTo(buyer.email, 0)).filter((m) => m.subject.startsWith('Tus entradas'))).toHaveLength(1);
  });

  it('refuses an invalid signature with 401', async () => {
    const res = await signedNotification('123', { secret: 'not-the-secret' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Firma de notificación inválida.');
  });

  it('refuses a notification without a signature', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/v1/webhooks/mercadopago?data.id=1&type=payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type":"payment","data":{"id":"1"}}',
    });
    expect(res.status).toBe(401);
  });

  it('refuses a stale timestamp even with a correct signature', async () => {
    const res = await signedNotification('123', { tsOffsetSeconds: -600 });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Notificación vencida.');
  });

  it('does nothing more when the same notification arrives again', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    const { paymentId } = await payInSandbox(redirect, 'approved');
    for (let i = 0; i < 3; i++) expect((await signedNotification(paymentId)).status).toBe(200);
    expect(await ticketsOfOrderInDb(orderId)).toHaveLength(2);
    expect((await mailsTo(buyer.email, 0)).filter((m) => m.subject.startsWith('Tus entradas'))).toHaveLength(1);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2 });
  });

  it('issues tickets once when two deliveries of one approval arrive at the same time', async () => {
    routeNetwork({ webhooks: false });
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    const { paymentId } = await payInSandbox(redirect, 'approved');
    expect((await orderOf(buyer, orderId)).status).toBe('pending_payment');
    const answers = await Promise.all([signedNotification(paymentId), signedNotification(paymentId)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await ticketsOfOrderInDb(orderId)).toHaveLength(2);
    expect((await mailsTo(buyer.email, 0)).filter((m) => m.subject.startsWith('Tus entradas'))).toHaveLength(1);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2, held: 0 });
  });

  it('ignores a late rejection of an earlier attempt once the order is paid (out of order)', async () => {
    routeNetwork({ webhooks: false });
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    const rejected = await payInSandbox(redirect, 'rejected');
    const approved = await payInSandbox(redirect, 'approved');
    expect((await signedNotification(approved.paymentId)).status).toBe(200);
    expect((await signedNotification(rejected.paymentId)).status).toBe(200);
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', tickets: 2 });
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2, held: 0 });
  });

  it('releases the hold when the payment is rejected', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 3);
    const { back } = await payInSandbox(redirect, 'rejected');
    expect(back.pathname).toBe('/payment/failure');
    expect((await orderOf(buyer, orderId)).status).toBe('failed');
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ held: 0, available: 10 });
  });

  it('keeps the hold of a pending cash payment until it is paid', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    const { back, paymentId } = await payInSandbox(redirect, 'pending');
    expect(back.pathname).toBe('/payment/pending');
    expect((await orderOf(buyer, orderId)).status).toBe('pending_payment');
    const order = await env.DB.prepare('select hold_expires_at from orders where id = ?')
      .bind(orderId)
      .first<{ hold_expires_at: string }>();
    expect(new Date(order!.hold_expires_at).getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ held: 2 });
    await SELF.fetch(`${ORIGIN}/dev/mercadopago/v1/payments/${paymentId}/settle`, { method: 'POST', body: '{}' });
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', tickets: 2 });
  });

  it('refunds a payment approved after its hold expired when the tickets were sold meanwhile', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 2 });
    const late = await createBuyer();
    const first = await startPurchase(late, event.event_id, event.ticket_type_id, 2);
    await SELF.fetch(`${ORIGIN}/dev/checkout/expire-hold`, {
      method: 'POST',
      body: JSON.stringify({ order_id: first.orderId, ms: 1 }),
    });
    // The inventory's alarm gives the tickets back.
    await vi.waitFor(async () => expect((await inventoryOf(env, event.event_id).availability())[0].held).toBe(0));
    const other = await createBuyer();
    const second = await startPurchase(other, event.event_id, event.ticket_type_id, 2);
    await payInSandbox(second.redirect, 'approved');
    const { paymentId } = await payInSandbox(first.redirect, 'approved');

    expect(await orderOf(late, first.orderId)).toMatchObject({
      status: 'refunded',
      status_reason: 'reserva_vencida',
      tickets: 0,
    });
    const payment = await SELF.fetch(`${ORIGIN}/dev/mercadopago/v1/payments/${paymentId}`, {
      headers: { authorization: `Bearer ${env.MP_ACCESS_TOKEN}` },
    });
    expect(((await payment.json()) as { status: string }).status).toBe('refunded');
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2, held: 0 });
    expect((await mailsTo(late.email, 0)).map((m) => m.subject)).toContain(
      `Reembolso de tu compra para ${await eventTitle(event.event_id)}`,
    );
  });

  it('refunds a payment approved after its hold expired even when the tickets are still there', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 5 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    await SELF.fetch(`${ORIGIN}/dev/checkout/expire-hold`, {
      method: 'POST',
      body: JSON.stringify({ order_id: orderId, ms: 1 }),
    });
    await vi.waitFor(async () => expect((await orderOf(buyer, orderId)).status).toBe('expired'));
    await payInSandbox(redirect, 'approved');
    // An expired hold's order is not payable (issue 13): otherwise a buyer could keep several orders payable.
    expect(await orderOf(buyer, orderId)).toMatchObject({
      status: 'refunded',
      status_reason: 'reserva_vencida',
      tickets: 0,
    });
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 0, held: 0 });
  });
});

async function eventTitle(id: number) {
  return (await env.DB.prepare('select title from events where id = ?').bind(id).first<{ title: string }>())!.title;
}
