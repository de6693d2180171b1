import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { routeNetwork } from '../kit/network';
import { BUYER_FORM, orderOf, payInSandbox, startPurchase, ticketsOfOrderInDb } from './checkout-fixtures';

type OrderData = {
  data: { id: string; subtotal_cents: number; fee_cents: number; total_cents: number; buyer: { email: string } };
};

describe('holds and checkout', () => {
  it('prices the order with the service charge broken down and prefills the buyer', async () => {
    const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
    const buyer = await createBuyer();
    const res = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 2 }] },
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as OrderData;
    // Platform default: 10 % + $ 50 per ticket.
    expect(data).toMatchObject({ subtotal_cents: 2000_00, fee_cents: 2 * 150_00, total_cents: 2300_00 });
    const full = (await (await asBuyer(buyer, `/orders/${data.id}`)).json()) as OrderData;
    expect(full.data.buyer.email).toBe(buyer.email);
  });

  it('needs a session to hold tickets', async () => {
    const event = await createTestEvent(env, {});
    const res = await asBuyer({ auth: {} }, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
    });
    expect(res.status).toBe(401);
  });

  it('answers in Spanish when there are not enough tickets or the maximum is exceeded', async () => {
    const event = await createTestEvent(env, { capacity: 3, max_per_order: 4 });
    const buyer = await createBuyer();
    const hold = (quantity: number) =>
      asBuyer(buyer, '/holds', {
        method: 'POST',
        json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity }] },
      });
    const tooMany = await hold(4);
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { message: string }).message).toBe('Quedan solo 3 entradas de General.');
    const overMax = await hold(5);
    expect(overMax.status).toBe(400);
    expect(((await overMax.json()) as { message: string }).message).toBe(
      'Superó la cantidad máxima por compra de General.',
    );
  });

  it('requires accepting the terms and a valid DNI', async () => {
    const event = await createTestEvent(env, {});
    const buyer = await createBuyer();
    const held = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
    });
    const { data } = (await held.json()) as OrderData;
    const noTerms = await asBuyer(buyer, `/orders/${data.id}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, accept_terms: false },
    });
    expect(noTerms.status).toBe(400);
    expect(((await noTerms.json()) as { message: string }).message).toBe('Debe aceptar los términos y condiciones');
    const badDni = await asBuyer(buyer, `/orders/${data.id}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, dni: '123' } },
    });
    expect(((await badDni.json()) as { message: string }).message).toBe(
      'DNI debe tener exactamente 8 dígitos sin puntos',
    );
  });

  it('asks for holder name and DNI of every named ticket', async () => {
    const event = await createTestEvent(env, { named: true, price_cents: 0 });
    const buyer = await createBuyer();
    const held = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 2 }] },
    });
    const { data } = (await held.json()) as OrderData;
    const missing = await asBuyer(buyer, `/orders/${data.id}/checkout`, { method: 'POST', json: BUYER_FORM });
    expect(missing.status).toBe(400);
    const holders = [
      { ticket_type_id: event.ticket_type_id, name: 'Ana Uno', dni: '30111111' },
      { ticket_type_id: event.ticket_type_id, name: 'Beto Dos', dni: '30222222' },
    ];
    const ok = await asBuyer(buyer, `/orders/${data.id}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, holders },
    });
    expect(ok.status).toBe(200);
    const names = await env.DB.prepare('select holder_name from tickets where order_id = ? order by holder_name')
      .bind(data.id)
      .all<{ holder_name: string }>();
    expect(names.results.map((r) => r.holder_name)).toEqual(['Ana Uno', 'Beto Dos']);
  });

  it('issues free tickets at once, without payment', async () => {
    const event = await createTestEvent(env, { price_cents: 0, capacity: 5 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    expect(redirect).toBe(`/payment/success?order=${orderId}`);
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', tickets: 2 });
  });

  it("does not show one buyer's order to another", async () => {
    const event = await createTestEvent(env, { price_cents: 0 });
    const owner = await createBuyer();
    const { orderId } = await startPurchase(owner, event.event_id, event.ticket_type_id, 1);
    const stranger = await createBuyer();
    expect((await asBuyer(stranger, `/orders/${orderId}`)).status).toBe(404);
  });

  it('lets a superadmin refund a paid order: MercadoPago refund, tickets cancelled, stock back', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 4 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    await payInSandbox(redirect, 'approved');
    const stranger = await createBuyer();
    expect((await asBuyer(stranger, `/orders/${orderId}/refund`, { method: 'POST', json: {} })).status).toBe(403);
    const admin = await createBuyer('SUPERADMIN');
    const res = await asBuyer(admin, `/orders/${orderId}/refund`, { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    expect((await orderOf(buyer, orderId)).status).toBe('refunded');
    expect((await ticketsOfOrderInDb(orderId)).map((t) => t.status)).toEqual(['cancelled', 'cancelled']);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 0, available: 4 });
    const revoked = await env.DB.prepare('select count(*) as n from revocations where event_id = ?')
      .bind(event.event_id)
      .first<{ n: number }>();
    expect(revoked?.n).toBe(2);
  });

  it('lets an admin of the producer refund, not an admin of another producer', async () => {
    const event = await createTestEvent(env, { price_cents: 0 });
    const buyer = await createBuyer();
    const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 1);
    const outsider = await createBuyer('ADMIN');
    expect((await asBuyer(outsider, `/orders/${orderId}/refund`, { method: 'POST', json: {} })).status).toBe(403);
    const admin = await createBuyer('ADMIN');
    await env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')")
      .bind(event.producer_id, admin.id)
      .run();
    expect((await asBuyer(admin, `/orders/${orderId}/refund`, { method: 'POST', json: {} })).status).toBe(200);
  });
});
