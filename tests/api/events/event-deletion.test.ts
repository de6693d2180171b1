import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type Actor, makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { type EventData, editBody, eventBody } from '../kit/events';

let orderCounter = 0;

/** An order straight in D1, as the checkout leaves it once its hold is gone; optionally with one payment. */
async function orderFor(event: EventData, buyer: Actor, typeId: number, status: string, payment?: string) {
  const id = `ord-del-${Date.now()}-${++orderCounter}`;
  const statements = [
    env.DB.prepare(
      `insert into orders (id, user_id, event_id, producer_id, hold_id, status, hold_expires_at, subtotal_cents,
         fee_cents, total_cents) values (?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00Z', 1000, 100, 1100)`,
    ).bind(id, buyer.id, event.id, event.producer_id, `hold-${id}`, status),
    env.DB.prepare(
      `insert into order_items (order_id, ticket_type_id, quantity, unit_price_cents, unit_fee_cents)
       values (?, ?, 1, 1000, 100)`,
    ).bind(id, typeId),
  ];
  if (payment)
    statements.push(
      env.DB.prepare(`insert into payments (id, order_id, status, amount_cents) values (?, ?, ?, 1100)`).bind(
        `pay-${id}`,
        id,
        payment,
      ),
    );
  await env.DB.batch(statements);
  return id;
}

async function ownerWithEvent() {
  const owner = await makeUser('USER');
  const res = await call(owner, 'POST /admin/events', { json: eventBody() });
  expect(res.status).toBe(201);
  return { owner, event: res.body.data, buyer: await makeUser('USER') };
}

const orderExists = async (id: string) =>
  (await env.DB.prepare('select 1 from orders where id = ?').bind(id).first()) !== null;

/** The event body again, keeping the first date and only its first ticket type. */
const withoutSecondType = (event: EventData) => editBody(event, {}, 1);

describe('deleting an event with orders that never became money', () => {
  it('deletes the event and its expired and failed orders (was a 500: FOREIGN KEY)', async () => {
    const { owner, event, buyer } = await ownerWithEvent();
    const typeId = event.dates[0].ticket_types[0].id;
    const expired = await orderFor(event, buyer, typeId, 'expired');
    const failed = await orderFor(event, buyer, typeId, 'failed', 'rejected');
    const res = await call(owner, 'DELETE /admin/events/:id', { param: { id: event.id } });
    expect(res.status).toBe(200);
    expect(await orderExists(expired)).toBe(false);
    expect(await orderExists(failed)).toBe(false);
    expect(await env.DB.prepare('select 1 from events where id = ?').bind(event.id).first()).toBeNull();
  });

  it('refuses with a Spanish 409 when an order moved money (refunded), and keeps everything', async () => {
    const { owner, event, buyer } = await ownerWithEvent();
    const refunded = await orderFor(event, buyer, event.dates[0].ticket_types[0].id, 'refunded', 'refunded');
    const res = await call(owner, 'DELETE /admin/events/:id', { param: { id: event.id } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'No se puede eliminar el evento: tiene compras pagadas o reembolsadas que se conservan como registro. Podés cancelarlo.',
    );
    expect(await orderExists(refunded)).toBe(true);
    expect(await env.DB.prepare('select 1 from events where id = ?').bind(event.id).first()).not.toBeNull();
  });

  it('keeps an expired order whose cash payment is still pending (it may yet be paid and refunded)', async () => {
    const { owner, event, buyer } = await ownerWithEvent();
    const pending = await orderFor(event, buyer, event.dates[0].ticket_types[0].id, 'expired', 'pending');
    expect((await call(owner, 'DELETE /admin/events/:id', { param: { id: event.id } })).status).toBe(409);
    expect(await orderExists(pending)).toBe(true);
  });
});

describe('removing a ticket type with orders that never became money', () => {
  it('removes the type and its expired orders (was a 500: FOREIGN KEY)', async () => {
    const { owner, event, buyer } = await ownerWithEvent();
    const vip = event.dates[0].ticket_types[1].id;
    const expired = await orderFor(event, buyer, vip, 'expired');
    const res = await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: withoutSecondType(event) });
    expect(res.status).toBe(200);
    expect(res.body.data.dates[0].ticket_types.map((t) => t.name)).toEqual(['General']);
    expect(await orderExists(expired)).toBe(false);
  });

  it('refuses with a Spanish 409 naming the type when it has a refunded order', async () => {
    const { owner, event, buyer } = await ownerWithEvent();
    await orderFor(event, buyer, event.dates[0].ticket_types[1].id, 'refunded', 'refunded');
    const res = await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: withoutSecondType(event) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'No se puede eliminar "VIP": tiene compras pagadas o reembolsadas que se conservan como registro. Podés ocultarla.',
    );
    const types = await env.DB.prepare('select count(*) as n from ticket_types where event_date_id = ?')
      .bind(event.dates[0].id)
      .first<{ n: number }>();
    expect(types?.n).toBe(2);
  });

  it('removes a whole date whose types only have failed orders', async () => {
    const { owner, event, buyer } = await ownerWithEvent();
    const failed = await orderFor(event, buyer, event.dates[0].ticket_types[0].id, 'failed');
    const body = eventBody();
    const res = await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: body });
    expect(res.status).toBe(200);
    expect(res.body.data.dates).toHaveLength(1);
    expect(await orderExists(failed)).toBe(false);
  });
});
