import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { WAITLIST_MSG } from '../../../src/shared/messages/waitlist';
import { BUYER_FORM, payInSandbox } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, buyerWithDni, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually } from '../kit/http';
import { routeNetwork } from '../kit/network';

/**
 * The waiting list (issue 22) against the real endpoints: joining (one entry per account and DNI, bad input),
 * freed stock offered to the entries in order and each freed ticket offered once, an expired offer passing
 * to the next entry, and an offer's order, e-mail and purchase.
 */

type Buyer = Awaited<ReturnType<typeof createBuyer>>;

/** An event whose only type (capacity `capacity`) is held completely by `capacity` buyers, one ticket each. */
async function soldOut(capacity: number) {
  const event = await createTestEvent(env, { capacity, max_per_order: 5, price_cents: 1000_00 });
  const orders: string[] = [];
  for (let i = 0; i < capacity; i++) {
    const res = await asBuyer(await createBuyer(), '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
    });
    orders.push((((await res.json()) as Answer).data as { id: string }).id);
  }
  return { event, orders };
}

const join = (buyer: Buyer, eventId: number, json: Record<string, unknown>) =>
  asBuyer(buyer, `/waitlist/${eventId}`, { method: 'POST', json });

async function holderOf(orderId: string) {
  return (await env.DB.prepare('select user_id from orders where id = ?').bind(orderId).first<{ user_id: number }>())!
    .user_id;
}

describe('waiting list', () => {
  it('joins a sold-out type once per account and DNI, with a position; bad input is a Spanish 4xx', async () => {
    const { event } = await soldOut(1);
    const [a, b] = [await buyerWithDni(), await buyerWithDni()];
    const first = await join(a, event.event_id, { ticket_type_id: event.ticket_type_id, quantity: 2 });
    expect(first.status).toBe(201);
    expect(((await first.json()) as Answer).data).toMatchObject({ position: 1 });
    const twice = await join(a, event.event_id, { ticket_type_id: event.ticket_type_id, quantity: 1 });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as Answer).message).toBe(WAITLIST_MSG.twice);
    // Another account with the same DNI.
    const sameDni = await createBuyer();
    const dni = (await env.DB.prepare('select dni from users where id = ?').bind(a.id).first<{ dni: string }>())!.dni;
    await env.DB.prepare('update users set dni = ? where id = ?').bind(dni, sameDni.id).run();
    const dniTwice = await join(sameDni, event.event_id, { ticket_type_id: event.ticket_type_id, quantity: 1 });
    expect(dniTwice.status).toBe(409);
    expect(((await dniTwice.json()) as Answer).message).toBe(WAITLIST_MSG.dniTwice);
    const second = await join(b, event.event_id, { ticket_type_id: event.ticket_type_id, quantity: 1 });
    expect(((await second.json()) as Answer).data).toMatchObject({ position: 2 });
    const mine = ((await (await asBuyer(b, `/waitlist/${event.event_id}/me`)).json()) as Answer).data;
    expect(mine).toMatchObject({ status: 'waiting', position: 2, quantity: 1 });

    const bad: [Record<string, unknown>, number, string, string][] = [
      [{ ticket_type_id: event.ticket_type_id, quantity: 0 }, 400, 'quantity', WAITLIST_MSG.quantityMax(50)],
      [{ ticket_type_id: event.ticket_type_id, quantity: 6 }, 400, 'quantity', WAITLIST_MSG.quantityMax(5)],
      [{ ticket_type_id: 999_999_999, quantity: 1 }, 400, 'ticket_type_id', WAITLIST_MSG.unknownType],
    ];
    for (const [json, status, field, message] of bad) {
      const res = await join(await buyerWithDni(), event.event_id, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(((await res.json()) as Answer).errors?.[field]).toContain(message);
    }
    // A type with tickets left: buy them instead.
    const open = await createTestEvent(env, { capacity: 10 });
    const notSoldOut = await join(await buyerWithDni(), open.event_id, {
      ticket_type_id: open.ticket_type_id,
      quantity: 1,
    });
    expect(notSoldOut.status).toBe(409);
  });

  it('offers freed tickets to the entries in order, each freed ticket once (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 3 }), fewer: fc.boolean() }), {
          minLength: 2,
          maxLength: 6,
        }),
        fc.integer({ min: 2, max: 5 }),
        async (wants, capacity) => {
          const { event, orders } = await soldOut(capacity);
          const entries: { buyer: Buyer; quantity: number; fewer: boolean }[] = [];
          for (const w of wants) {
            const buyer = await buyerWithDni();
            const res = await join(buyer, event.event_id, {
              ticket_type_id: event.ticket_type_id,
              quantity: w.quantity,
              accept_fewer: w.fewer,
            });
            expect(res.status).toBe(201);
            entries.push({ buyer, quantity: w.quantity, fewer: w.fewer });
          }
          // The model: freed tickets go to the waiting entries in order (fewer if accepted); an entry asking
          // for more than is free, without "acepto menos", keeps its place and the next one is looked at.
          const offered = new Array<number>(entries.length).fill(0);
          let free = 0;
          const inventory = inventoryOf(env, event.event_id);
          // The held tickets come back one by one, all at once from the buyers leaving their checkout.
          await Promise.all(
            orders.map(async (orderId) => {
              const user = await holderOf(orderId);
              const buyer = { auth: await tokenOf(user) };
              expect((await asBuyer(buyer, `/holds/${orderId}`, { method: 'DELETE' })).status).toBe(200);
            }),
          );
          // Each leaving buyer frees one ticket, in its own step: it is offered at once, in order.
          for (let k = 0; k < capacity; k++) {
            free += 1;
            for (let i = 0; i < entries.length && free > 0; i++) {
              if (offered[i] > 0) continue;
              const q = entries[i].quantity <= free ? entries[i].quantity : entries[i].fewer ? free : 0;
              offered[i] = q;
              free -= q;
            }
          }
          const list = await inventory.waitlist();
          const byUser = new Map(list.entries.map((e) => [e.user_id, e]));
          entries.forEach((e, i) => {
            const row = byUser.get(e.buyer.id)!;
            if (offered[i] > 0) expect(row).toMatchObject({ status: 'offered', offered_quantity: offered[i] });
            else expect(row.status).toBe('waiting');
          });
          // Each freed ticket offered once: offers plus what is still free equal the freed tickets.
          const [type] = await inventory.availability();
          const totalOffered = list.entries.reduce((n, e) => n + (e.offered_quantity ?? 0), 0);
          expect(totalOffered + type.available).toBe(capacity);
          expect(type.held).toBe(totalOffered);
        },
      ),
      { numRuns: 4 },
    );
  });

  it('an expired offer passes to the next entry; the offer carries an order and an e-mail; buying closes it', async () => {
    routeNetwork();
    const { event, orders } = await soldOut(1);
    const admin = await adminOf(event.producer_id);
    const [a, b] = [await buyerWithDni(), await buyerWithDni()];
    await join(a, event.event_id, { ticket_type_id: event.ticket_type_id, quantity: 1 });
    await join(b, event.event_id, { ticket_type_id: event.ticket_type_id, quantity: 1 });
    const demand = ((await (await asBuyer(admin, `/admin/waitlist/${event.event_id}`)).json()) as Answer).data as {
      demand: { tickets: number; message: string }[];
    };
    expect(demand.demand[0]).toMatchObject({ tickets: 2, message: WAITLIST_MSG.demand(2) });

    // The holder's reservation expires: the first entry gets the offer, an order and an e-mail.
    const inventory = inventoryOf(env, event.event_id);
    const hold = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(orders[0])
      .first<{ hold_id: string }>();
    await inventory.expireSoon(hold!.hold_id, 1);
    await new Promise((r) => setTimeout(r, 5));
    await inventory.availability();
    let offerA: Record<string, unknown> = {};
    await eventually(async () => {
      offerA = ((await (await asBuyer(a, `/waitlist/${event.event_id}/me`)).json()) as Answer).data;
      return offerA.status === 'offered' && typeof offerA.order_id === 'string';
    }, 'the first entry is offered the freed ticket');
    await eventually(async () => {
      const mail = await env.DB.prepare('select html from dev_mail where to_address = ? order by id desc')
        .bind(a.email.toLowerCase())
        .first<{ html: string }>();
      return mail?.html.includes(`/checkout?order=${offerA.order_id}`) ?? false;
    }, 'the offer e-mail links to its checkout');
    const order = ((await (await asBuyer(a, `/orders/${offerA.order_id}`)).json()) as Answer).data;
    expect(order).toMatchObject({ status: 'held', total_cents: 1150_00 });

    // The offer expires: it passes to the next entry.
    const offerHold = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(offerA.order_id)
      .first<{ hold_id: string }>();
    await inventory.expireSoon(offerHold!.hold_id, 1);
    await new Promise((r) => setTimeout(r, 5));
    await inventory.availability();
    expect(((await (await asBuyer(a, `/waitlist/${event.event_id}/me`)).json()) as Answer).data).toMatchObject({
      status: 'expired',
    });
    let offerB: Record<string, unknown> = {};
    await eventually(async () => {
      offerB = ((await (await asBuyer(b, `/waitlist/${event.event_id}/me`)).json()) as Answer).data;
      return offerB.status === 'offered' && typeof offerB.order_id === 'string';
    }, 'the second entry is offered the ticket');

    // The second buyer pays: the entry is done.
    const pay = await asBuyer(b, `/orders/${offerB.order_id}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: b.email } },
    });
    expect(pay.status).toBe(200);
    await payInSandbox((((await pay.json()) as Answer).data as { redirect: string }).redirect, 'approved');
    expect(((await (await asBuyer(b, `/waitlist/${event.event_id}/me`)).json()) as Answer).data).toMatchObject({
      status: 'bought',
    });
    expect(((await (await asBuyer(b, `/orders/${offerB.order_id}`)).json()) as Answer).data).toMatchObject({
      status: 'paid',
    });
  });
});

async function tokenOf(userId: number) {
  const { signAccessToken } = await import('../../../functions/lib/jwt');
  const u = (await env.DB.prepare('select name, email, rol from users where id = ?')
    .bind(userId)
    .first<{ name: string; email: string; rol: string }>())!;
  const token = await signAccessToken(
    env.JWT_SECRET,
    { user: { id: userId, name: u.name, email: u.email, activo: true, provinces_id: null }, rol: u.rol, permisos: [] },
    3600,
  );
  return { authorization: `Bearer ${token}` };
}

describe('face-value resale through the waiting list', () => {
  it('a returned ticket is offered to the list; once the waiting buyer pays, the seller is refunded exactly once', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 1, max_per_order: 2, price_cents: 1000_00 });
    // The seller buys the only ticket.
    const seller = await buyerWithDni();
    const held = await asBuyer(seller, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
    });
    const sellerOrder = (((await held.json()) as Answer).data as { id: string }).id;
    const checkout = await asBuyer(seller, `/orders/${sellerOrder}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: seller.email } },
    });
    await payInSandbox((((await checkout.json()) as Answer).data as { redirect: string }).redirect, 'approved');
    const ticket = (await env.DB.prepare('select id from tickets where order_id = ?')
      .bind(sellerOrder)
      .first<{ id: string }>())!;

    // Nobody waits yet: nothing to return to.
    const early = await asBuyer(seller, `/tickets/${ticket.id}/resale`, { method: 'POST' });
    expect(early.status).toBe(409);
    const waiting = await buyerWithDni();
    await join(waiting, event.event_id, { ticket_type_id: event.ticket_type_id, quantity: 1 });
    // Someone else cannot return the seller's ticket.
    expect((await asBuyer(waiting, `/tickets/${ticket.id}/resale`, { method: 'POST' })).status).toBe(404);
    const returned = await asBuyer(seller, `/tickets/${ticket.id}/resale`, { method: 'POST' });
    expect(returned.status).toBe(201);
    // It stays the seller's and valid while on offer.
    const offer = { order_id: '' };
    await eventually(async () => {
      const me = ((await (await asBuyer(waiting, `/waitlist/${event.event_id}/me`)).json()) as Answer).data;
      offer.order_id = String(me.order_id ?? '');
      return me.status === 'offered' && offer.order_id !== '';
    }, 'the returned ticket is offered to the waiting buyer');
    expect(((await (await asBuyer(seller, `/tickets/${ticket.id}/resale`)).json()) as Answer).data).toEqual({
      status: 'offered',
      // The one waiting entry holds the offer now: nobody else waits.
      waiting: 0,
      keep_bp: 0,
      refund_cents: 1150_00,
    });
    expect((await asBuyer(seller, `/tickets/${ticket.id}/resale`, { method: 'DELETE' })).status).toBe(409);
    const still = await env.DB.prepare('select status from tickets where id = ?')
      .bind(ticket.id)
      .first<{ status: string }>();
    expect(still?.status).toBe('valid');

    // The waiting buyer pays; the notification is delivered again and again at once.
    const pay = await asBuyer(waiting, `/orders/${offer.order_id}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: waiting.email } },
    });
    expect(pay.status).toBe(200);
    const { paymentId } = await payInSandbox(
      (((await pay.json()) as Answer).data as { redirect: string }).redirect,
      'approved',
    );
    const { signedNotification } = await import('../checkout/checkout-fixtures');
    await Promise.all(Array.from({ length: 5 }, () => signedNotification(paymentId)));
    // The cron job running meanwhile changes nothing either.
    const { runScheduledJobs } = await import('../../../functions/api/jobs');
    await Promise.all(Array.from({ length: 3 }, () => runScheduledJobs(env)));

    await eventually(async () => {
      const t = await env.DB.prepare('select status from tickets where id = ?')
        .bind(ticket.id)
        .first<{ status: string }>();
      return t?.status === 'cancelled';
    }, 'the resold ticket is cancelled');
    const refunds = await env.DB.prepare('select amount_cents, status, idempotency_key from refunds where order_id = ?')
      .bind(sellerOrder)
      .all<{ amount_cents: number; status: string; idempotency_key: string }>();
    expect(refunds.results).toEqual([
      { amount_cents: 1150_00, status: 'done', idempotency_key: `resale:${ticket.id}` },
    ]);
    const mpRefunds = await env.DB.prepare('select count(*) as n from dev_mp_refunds where idempotency_key = ?')
      .bind(`resale:${ticket.id}`)
      .first<{ n: number }>();
    expect(mpRefunds?.n).toBe(1);
    const seller_view = ((await (await asBuyer(seller, `/orders/${sellerOrder}`)).json()) as Answer).data;
    expect(seller_view.status).toBe('refunded');
    // The waiting buyer has a valid ticket; the event is not oversold.
    const bought = await env.DB.prepare("select count(*) as n from tickets where order_id = ? and status = 'valid'")
      .bind(offer.order_id)
      .first<{ n: number }>();
    expect(bought?.n).toBe(1);
    const [type] = await inventoryOf(env, event.event_id).availability();
    expect(type).toMatchObject({ sold: 1, held: 0, available: 0 });
    await eventually(async () => {
      const view = ((await (await asBuyer(seller, `/tickets/${ticket.id}/resale`)).json()) as Answer).data;
      return view.status === 'refunded';
    }, 'the seller sees the refund once the money moved');
  });
});
