import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { runScheduledJobs } from '../../functions/api/jobs';
import { inventoryOf } from '../../functions/api/services/checkout/inventory';
import { asBuyer, BUYER_FORM, createBuyer, createTestEvent, payInSandbox } from './checkout-fixtures';
import { eventually, ORIGIN, settledFetch } from './helpers';

/**
 * Face-value resale (issue 22): a seller's refund that fails part-way (MercadoPago down when the waiting buyer
 * paid) is completed by the scheduled job, once: one MercadoPago refund under `resale:<ticket>`, one refund
 * row, one ledger entry, however often the job runs.
 */

let network: MockInstance | null = null;
afterEach(() => network?.mockRestore());

type Json = { status: boolean; message?: string; data: Record<string, unknown> };
type Buyer = Awaited<ReturnType<typeof createBuyer>>;

let dniCounter = Math.floor(Math.random() * 10_000_000);
async function buyerWithDni(): Promise<Buyer> {
  const buyer = await createBuyer();
  const dni = String(30_000_000 + (dniCounter++ % 60_000_000)).padStart(8, '0');
  await env.DB.prepare('update users set dni = ? where id = ?').bind(dni, buyer.id).run();
  return buyer;
}

/** The sandbox behind MercadoPago's address; its refunds answer 503 (nothing refunded) while `down.refunds`. */
function mercadoPagoWithOutage(down: { refunds: boolean; calls: number }) {
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === 'https://api.mercadopago.com') {
      if (url.pathname.endsWith('/refunds')) {
        down.calls++;
        if (down.refunds) return new Response('{"message":"service unavailable"}', { status: 503 });
      }
      return settledFetch(new Request(`${ORIGIN}/dev/mercadopago${url.pathname}${url.search}`, request));
    }
    if (url.origin === ORIGIN) return settledFetch(request);
    return original(request);
  });
}

async function pay(buyer: Buyer, orderId: string) {
  const checkout = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
    method: 'POST',
    json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
  });
  expect(checkout.status).toBe(200);
  return payInSandbox((((await checkout.json()) as Json).data as { redirect: string }).redirect, 'approved');
}

describe('resale refunds in the scheduled job', () => {
  it('a resale refund that failed at MercadoPago is completed by the job exactly once', async () => {
    const down = { refunds: false, calls: 0 };
    network = mercadoPagoWithOutage(down);
    const event = await createTestEvent(env, { capacity: 1, max_per_order: 2, price_cents: 1000_00 });
    // 10 % kept by the producer.
    await env.DB.prepare(
      `insert into producer_settings (producer_id, resale_keep_bp) values (?, 1000)
       on conflict (producer_id) do update set resale_keep_bp = 1000`,
    )
      .bind(event.producer_id)
      .run();
    const seller = await buyerWithDni();
    const held = await asBuyer(seller, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
    });
    const sellerOrder = (((await held.json()) as Json).data as { id: string }).id;
    await pay(seller, sellerOrder);
    const ticket = (await env.DB.prepare('select id from tickets where order_id = ?')
      .bind(sellerOrder)
      .first<{ id: string }>())!;
    const waiting = await buyerWithDni();
    const joined = await asBuyer(waiting, `/waitlist/${event.event_id}`, {
      method: 'POST',
      json: { ticket_type_id: event.ticket_type_id, quantity: 1 },
    });
    expect(joined.status).toBe(201);
    expect((await asBuyer(seller, `/tickets/${ticket.id}/resale`, { method: 'POST' })).status).toBe(201);
    let offerOrder = '';
    await eventually(async () => {
      const me = ((await (await asBuyer(waiting, `/waitlist/${event.event_id}/me`)).json()) as Json).data;
      offerOrder = String(me.order_id ?? '');
      return me.status === 'offered' && offerOrder !== '';
    }, 'the returned ticket is offered to the waiting buyer');

    // MercadoPago's refunds are down when the waiting buyer pays: the seller's refund fails part-way.
    down.refunds = true;
    await pay(waiting, offerOrder);
    const inventory = inventoryOf(env, event.event_id);
    await eventually(async () => down.calls > 0, 'the seller refund is tried');
    expect(await inventory.resaleRefundsPending()).toBe(1);
    const pending = await env.DB.prepare('select status from refunds where idempotency_key = ?')
      .bind(`resale:${ticket.id}`)
      .first<{ status: string }>();
    expect(pending?.status).toBe('pending');
    expect((await env.DB.prepare('select status from tickets where id = ?').bind(ticket.id).first())?.status).toBe(
      'valid',
    );
    const mpBefore = await env.DB.prepare('select count(*) as n from dev_mp_refunds where idempotency_key = ?')
      .bind(`resale:${ticket.id}`)
      .first<{ n: number }>();
    expect(mpBefore?.n).toBe(0);

    // The job while MercadoPago is still down changes nothing; once it is back, the job completes the refund.
    await runScheduledJobs(env);
    expect(await inventory.resaleRefundsPending()).toBe(1);
    down.refunds = false;
    await runScheduledJobs(env);
    expect(await inventory.resaleRefundsPending()).toBe(0);
    await runScheduledJobs(env);
    await runScheduledJobs(env);

    const refunds = await env.DB.prepare(
      'select amount_cents, status, idempotency_key from refunds where order_id = ? order by created_at',
    )
      .bind(sellerOrder)
      .all<{ amount_cents: number; status: string; idempotency_key: string }>();
    // 1.150 paid (1.000 + 15 % service charge), 100 kept by the producer (10 % of the ticket's price).
    expect(refunds.results).toEqual([
      { amount_cents: 1050_00, status: 'done', idempotency_key: `resale:${ticket.id}` },
    ]);
    const mp = await env.DB.prepare(
      'select count(*) as n, sum(amount_cents) as cents from dev_mp_refunds where idempotency_key = ?',
    )
      .bind(`resale:${ticket.id}`)
      .first<{ n: number; cents: number }>();
    expect(mp).toEqual({ n: 1, cents: 1050_00 });
    const ledger = await env.DB.prepare(
      "select count(*) as n from ledger_entries where order_id = ? and kind = 'refund'",
    )
      .bind(sellerOrder)
      .first<{ n: number }>();
    expect(ledger?.n).toBe(1);
    expect((await env.DB.prepare('select status from tickets where id = ?').bind(ticket.id).first())?.status).toBe(
      'cancelled',
    );
    const bought = await env.DB.prepare("select count(*) as n from tickets where order_id = ? and status = 'valid'")
      .bind(offerOrder)
      .first<{ n: number }>();
    expect(bought?.n).toBe(1);
    const [type] = await inventory.availability();
    expect(type).toMatchObject({ sold: 1, held: 0, available: 0 });
  });
});
