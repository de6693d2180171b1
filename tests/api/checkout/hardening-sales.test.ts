import { env, evictDurableObject, listDurableObjectIds, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { syncInventory } from '../../../functions/api/services/checkout/inventory';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { asBuyer, createBuyer, makeUser } from '../kit/actors';
import { type Answer, call } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually, ORIGIN } from '../kit/http';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';
import { BUYER_FORM, orderOf, payInSandbox, startPurchase, ticketsOfOrderInDb } from './checkout-fixtures';

function hold(buyer: Awaited<ReturnType<typeof createBuyer>>, eventId: number, items: [number, number][]) {
  return asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: eventId, items: items.map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })) },
  });
}

async function checkout(buyer: Awaited<ReturnType<typeof createBuyer>>, orderId: string) {
  const res = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
    method: 'POST',
    json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
  });
  return { status: res.status, body: (await res.json()) as Answer & { data?: { redirect?: string } } };
}

async function addType(eventDateId: number, name: string, opts: { hidden?: boolean; max?: number; price?: number }) {
  const row = await env.DB.prepare(
    `insert into ticket_types (event_date_id, name, price_cents, capacity, max_per_order, hidden)
     values (?, ?, ?, 100, ?, ?) returning id`,
  )
    .bind(eventDateId, name, opts.price ?? 1000_00, opts.max ?? 10, opts.hidden ? 1 : 0)
    .first<{ id: number }>();
  return row!.id;
}

const eventTitle = async (id: number) =>
  (await env.DB.prepare('select title from events where id = ?').bind(id).first<{ title: string }>())!.title;

describe('a cancelled event sells nothing more', () => {
  it('releases open holds at once, refuses their checkout and tells the buyer', async () => {
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const held = await hold(buyer, event.event_id, [[event.ticket_type_id, 2]]);
    const orderId = ((await held.json()) as { data: { id: string } }).data.id;
    const admin = await makeUser('SUPERADMIN');

    const cancelled = await call(admin, 'POST /admin/events/:id/cancel', {
      param: { id: event.event_id },
      json: { reason: 'Lluvia' },
    });
    expect(cancelled.status).toBe(200);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ held: 0, available: 10 });
    const refused = await checkout(buyer, orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('El evento fue cancelado: esta reserva ya no se puede pagar.');
    expect((await orderOf(buyer, orderId)).status).toBe('expired');
    const title = await eventTitle(event.event_id);
    expect((await mailsTo(buyer.email, 0)).map((m) => m.subject)).toContain(`Evento cancelado: ${title}`);
    // And a new hold is refused.
    expect((await hold(buyer, event.event_id, [[event.ticket_type_id, 1]])).status).toBe(409);
  });

  it('refunds a payment that arrives after the cancellation and issues no tickets', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    const admin = await makeUser('SUPERADMIN');
    expect(
      (await call(admin, 'POST /admin/events/:id/cancel', { param: { id: event.event_id }, json: {} })).status,
    ).toBe(200);

    const { paymentId } = await payInSandbox(redirect, 'approved');
    expect(await orderOf(buyer, orderId)).toMatchObject({
      status: 'refunded',
      status_reason: 'evento_cancelado',
      tickets: 0,
    });
    expect(await ticketsOfOrderInDb(orderId)).toHaveLength(0);
    const payment = await SELF.fetch(`${ORIGIN}/dev/mercadopago/v1/payments/${paymentId}`, {
      headers: { authorization: `Bearer ${env.MP_ACCESS_TOKEN}` },
    });
    expect(((await payment.json()) as { status: string }).status).toBe('refunded');
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 0, held: 0 });
    const title = await eventTitle(event.event_id);
    await eventually(
      async () => (await mailsTo(buyer.email, 0)).some((m) => m.subject === `Reembolso de tu compra para ${title}`),
      'the refund notice',
    );
    expect((await mailsTo(buyer.email, 0)).map((m) => m.subject)).toContain(`Evento cancelado: ${title}`);
  });
});

describe('hidden ticket types and public availability', () => {
  it('refuses to hold a hidden ticket type on the public sale', async () => {
    const event = await createTestEvent(env, { capacity: 10 });
    const hidden = await addType(event.event_date_id, 'Invitación', { hidden: true, price: 0 });
    const buyer = await createBuyer();
    const res = await hold(buyer, event.event_id, [[hidden, 1]]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).message).toBe('Una de las entradas elegidas no está a la venta.');
  });

  it('lets a staff allocation take a hidden type through the inventory object', async () => {
    const event = await createTestEvent(env, { capacity: 10 });
    const hidden = await addType(event.event_date_id, 'Invitación', { hidden: true, price: 0 });
    const staff = await createBuyer();
    const stub = inventoryOf(env, event.event_id);
    const sale = await stub.sell(event.event_id, staff.id, [{ typeId: hidden, quantity: 2 }], -1, 'staff');
    expect(sale).toMatchObject({ ok: true, totalCents: 0 });
    const refused = await stub.sell(event.event_id, staff.id, [{ typeId: hidden, quantity: 1 }]);
    expect(refused).toMatchObject({ ok: false, reason: 'not_public' });
  });

  it('answers availability only for published events and only their public types', async () => {
    const event = await createTestEvent(env, { capacity: 10 });
    await addType(event.event_date_id, 'Invitación', { hidden: true, price: 0 });
    await syncInventory(env, event.event_id);
    const open = await SELF.fetch(`${ORIGIN}/api/v1/holds/availability?event_id=${event.event_id}`, {
      headers: { 'x-api-key': env.API_KEY },
    });
    expect(open.status).toBe(200);
    const data = ((await open.json()) as { data: { typeId: number }[] }).data;
    expect(data.map((a) => a.typeId)).toEqual([event.ticket_type_id]);

    await env.DB.prepare("update events set status = 'borrador' where id = ?").bind(event.event_id).run();
    const draft = await SELF.fetch(`${ORIGIN}/api/v1/holds/availability?event_id=${event.event_id}`, {
      headers: { 'x-api-key': env.API_KEY },
    });
    expect(draft.status).toBe(404);
    expect(((await draft.json()) as Answer).message).toBe('El evento no existe o no está a la venta.');
  });

  it('creates no inventory object for an unknown event id', async () => {
    const unknown = 700_000_000 + Math.floor(Math.random() * 1_000_000);
    const res = await SELF.fetch(`${ORIGIN}/api/v1/holds/availability?event_id=${unknown}`, {
      headers: { 'x-api-key': env.API_KEY },
    });
    expect(res.status).toBe(404);
    const expected = env.EVENT_INVENTORY.idFromName(`event:${unknown}`).toString();
    const ids = (await listDurableObjectIds(env.EVENT_INVENTORY)).map((id) => id.toString());
    expect(ids).not.toContain(expected);
  });
});

describe('one payable order per buyer and event', () => {
  it('refuses the checkout of a replaced order and refunds a payment for it', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10, max_per_order: 2 });
    const buyer = await createBuyer();
    const first = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    const second = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);

    const again = await checkout(buyer, first.orderId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esta reserva fue reemplazada por una más nueva. Seguí con la última que hiciste.');
    await payInSandbox(first.redirect, 'approved');
    await payInSandbox(second.redirect, 'approved');
    expect(await orderOf(buyer, first.orderId)).toMatchObject({
      status: 'refunded',
      status_reason: 'reserva_vencida',
      tickets: 0,
    });
    expect(await orderOf(buyer, second.orderId)).toMatchObject({ status: 'paid', tickets: 2 });
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2, held: 0 });
  });
});

describe('a rejected card can be retried, but not after a newer hold', () => {
  it('sells a retry approved after a rejection within the hold time', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    await payInSandbox(redirect, 'rejected');
    expect((await orderOf(buyer, orderId)).status).toBe('failed');
    await payInSandbox(redirect, 'approved');
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid', tickets: 2 });
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2, held: 0 });
  });

  it('refunds a retry of a rejected order once the buyer holds again', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 10, max_per_order: 2 });
    const buyer = await createBuyer();
    const first = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    await payInSandbox(first.redirect, 'rejected');
    const second = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    await payInSandbox(first.redirect, 'approved');
    await payInSandbox(second.redirect, 'approved');
    expect(await orderOf(buyer, first.orderId)).toMatchObject({ status: 'refunded', tickets: 0 });
    expect(await orderOf(buyer, second.orderId)).toMatchObject({ status: 'paid', tickets: 2 });
  });
});

describe('hold request limits', () => {
  it('refuses the same ticket type twice in one hold with a 400 in Spanish', async () => {
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    const res = await hold(buyer, event.event_id, [
      [event.ticket_type_id, 1],
      [event.ticket_type_id, 2],
    ]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(
      'Elegiste el mismo tipo de entrada más de una vez. Indicá la cantidad una sola vez.',
    );
  });

  it('caps the tickets of one order, all types together', async () => {
    const event = await createTestEvent(env, { capacity: 100, max_per_order: 50 });
    const other = await addType(event.event_date_id, 'Campo', { max: 50 });
    const buyer = await createBuyer();
    const res = await hold(buyer, event.event_id, [
      [event.ticket_type_id, 30],
      [other, 21],
    ]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Podés comprar hasta 50 entradas por compra.');
    expect(
      (
        await hold(buyer, event.event_id, [
          [event.ticket_type_id, 30],
          [other, 20],
        ])
      ).status,
    ).toBe(201);
  });
});

describe('inventory mirror', () => {
  it('copies sold and held counts to D1 again when the object starts', async () => {
    const event = await createTestEvent(env, { capacity: 10 });
    const buyer = await createBuyer();
    expect((await hold(buyer, event.event_id, [[event.ticket_type_id, 3]])).status).toBe(201);
    const counts = () =>
      env.DB.prepare('select sold, held from ticket_types where id = ?')
        .bind(event.ticket_type_id)
        .first<{ sold: number; held: number }>();
    await eventually(async () => (await counts())?.held === 3, 'the first mirror');
    // A crash lost the last mirror write: D1 is stale.
    await env.DB.prepare('update ticket_types set sold = 7, held = 0 where id = ?').bind(event.ticket_type_id).run();
    const stub = inventoryOf(env, event.event_id);
    await evictDurableObject(stub);
    await stub.ping();
    await eventually(async () => {
      const row = await counts();
      return row?.sold === 0 && row.held === 3;
    }, 'the mirror on start');
  });
});
