import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runScheduledJobs } from '../../../functions/api/jobs';
import { resumeResaleRefunds } from '../../../functions/api/services/resale/seller-refund';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { REFUND_MSG } from '../../../src/shared/messages/refunds';
import { RESALE_MSG } from '../../../src/shared/messages/resale';

import { BUYER_FORM, offeredOrder, payInSandbox } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, buyerWithDni, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually } from '../kit/http';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';

/**
 * Face-value resale (issue 22): once the waiting buyer paid, the resold ticket is cancelled and refused at the
 * door whatever becomes of its seller's refund. The refund is tracked in resale_refunds: left pending while
 * MercadoPago is down (the cron job completes it, MercadoPago sees one refund per key), failed with a Spanish
 * reason when MercadoPago refuses (shown in Finanzas; "Reintentar" refunds with a new key, once).
 */

afterEach(() => {
  mp.refunds = 'ok';
});

type Buyer = Awaited<ReturnType<typeof createBuyer>>;

/** How MercadoPago's refunds answer: normally, down (503, nothing refunded), or refusing (a definite 400). */
const mp = { refunds: 'ok' as 'ok' | 'down' | 'refuse', calls: 0 };

function routeWithFaultyMercadoPago() {
  routeNetwork({
    mercadopago: (request, next) => {
      if (new URL(request.url).pathname.endsWith('/refunds')) {
        mp.calls++;
        if (mp.refunds === 'down') return new Response('{"message":"service unavailable"}', { status: 503 });
        if (mp.refunds === 'refuse') return Response.json({ message: 'invalid refund', status: 400 }, { status: 400 });
      }
      return next();
    },
  });
}

async function pay(buyer: Buyer, orderId: string) {
  const checkout = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
    method: 'POST',
    json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
  });
  expect(checkout.status).toBe(200);
  return payInSandbox((((await checkout.json()) as Answer).data as { redirect: string }).redirect, 'approved');
}

/** A paid ticket returned to the list and offered to a waiting buyer (10 % kept by the producer). */
async function resaleOnOffer(beforeListing?: (seller: Buyer, ticketId: string) => Promise<void>) {
  const event = await createTestEvent(env, { capacity: 1, max_per_order: 2, price_cents: 1000_00 });
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
  const sellerOrder = (((await held.json()) as Answer).data as { id: string }).id;
  await pay(seller, sellerOrder);
  const ticket = (await env.DB.prepare('select id, code from tickets where order_id = ?')
    .bind(sellerOrder)
    .first<{ id: string; code: string }>())!;
  const waiting = await buyerWithDni();
  const joined = await asBuyer(waiting, `/waitlist/${event.event_id}`, {
    method: 'POST',
    json: { ticket_type_id: event.ticket_type_id, quantity: 1 },
  });
  expect(joined.status).toBe(201);
  await beforeListing?.(seller, ticket.id);
  expect((await asBuyer(seller, `/tickets/${ticket.id}/resale`, { method: 'POST' })).status).toBe(201);
  const offerOrder = await offeredOrder(waiting, event.event_id);
  return { event, seller, sellerOrder, ticket, waiting, offerOrder };
}

type Setup = Awaited<ReturnType<typeof resaleOnOffer>>;

const resaleRow = (ticketId: string) =>
  env.DB.prepare('select status, attempt, last_error, outcome, amount_cents from resale_refunds where ticket_id = ?')
    .bind(ticketId)
    .first<{
      status: string;
      attempt: number;
      last_error: string | null;
      outcome: string | null;
      amount_cents: number;
    }>();

const ticketStatus = async (ticketId: string) =>
  (await env.DB.prepare('select status from tickets where id = ?').bind(ticketId).first<{ status: string }>())?.status;

const mpRefundsOf = (ticketId: string) =>
  env.DB.prepare(
    `select idempotency_key, count(*) as n, sum(amount_cents) as cents from dev_mp_refunds
     where idempotency_key = ? or idempotency_key like ? group by idempotency_key order by idempotency_key`,
  )
    .bind(`resale:${ticketId}`, `resale:${ticketId}:%`)
    .all<{ idempotency_key: string; n: number; cents: number }>()
    .then((r) => r.results);

async function doorScan(staff: Buyer, eventId: number, code: string) {
  const res = await asBuyer(staff, `/checkin/events/${eventId}/scan`, {
    method: 'POST',
    json: { nonce: `n-${crypto.randomUUID()}`, device: 'test', code },
  });
  return ((await res.json()) as { data: { ok: boolean; result: string } }).data;
}

/** What must hold whatever happened: the new ticket valid, the old one never, stock counted once. */
async function assertOneValidTicket(s: Setup) {
  expect(await ticketStatus(s.ticket.id)).toBe('cancelled');
  const bought = await env.DB.prepare("select count(*) as n from tickets where order_id = ? and status = 'valid'")
    .bind(s.offerOrder)
    .first<{ n: number }>();
  expect(bought?.n).toBe(1);
  const revoked = await env.DB.prepare('select reason from revocations where ticket_id = ?')
    .bind(s.ticket.id)
    .first<{ reason: string }>();
  expect(revoked?.reason).toBe('cancelled');
  const [type] = await inventoryOf(env, s.event.event_id).availability();
  expect(type).toMatchObject({ sold: 1, held: 0, available: 0 });
}

/** The seller's money: refunded at most once (one done refund, one ledger entry, one MercadoPago refund). */
async function assertRefundedAtMostOnce(s: Setup) {
  const done = await env.DB.prepare(
    "select count(*) as n, coalesce(sum(amount_cents), 0) as cents from refunds where order_id = ? and status = 'done'",
  )
    .bind(s.sellerOrder)
    .first<{ n: number; cents: number }>();
  expect(done!.n).toBeLessThanOrEqual(1);
  const moved = (await mpRefundsOf(s.ticket.id)).reduce((sum, r) => sum + r.cents, 0);
  expect(moved).toBe(done!.cents);
  const ledger = await env.DB.prepare(
    "select count(*) as n, coalesce(sum(amount_cents), 0) as cents from ledger_entries where order_id = ? and kind = 'refund'",
  )
    .bind(s.sellerOrder)
    .first<{ n: number; cents: number }>();
  expect(ledger).toEqual({ n: done!.n, cents: done!.cents });
  const order = await env.DB.prepare('select status, refunded_cents from orders where id = ?')
    .bind(s.sellerOrder)
    .first<{ status: string; refunded_cents: number }>();
  // 1.150 paid (1.000 + 15 % service charge), 100 kept by the producer (10 % of the ticket's price).
  expect(order).toEqual(
    done!.n === 1 ? { status: 'refunded', refunded_cents: 1050_00 } : { status: 'paid', refunded_cents: 0 },
  );
}

describe("a resold ticket's seller refund", () => {
  it('MercadoPago refuses: the old ticket is cancelled and refused at the door, the failure shows in Finanzas, and "Reintentar" refunds once with a new key', async () => {
    routeWithFaultyMercadoPago();
    const s = await resaleOnOffer();
    const admin = await adminOf(s.event.producer_id);
    // The door's object has the event loaded before the payment (it must be told, not wait for its copy).
    expect((await doorScan(admin, s.event.event_id, 'cualquier cosa')).ok).toBe(false);

    mp.refunds = 'refuse';
    await pay(s.waiting, s.offerOrder);
    await eventually(async () => (await resaleRow(s.ticket.id))?.status === 'failed', 'the refused refund fails');
    expect(await resaleRow(s.ticket.id)).toMatchObject({
      status: 'failed',
      attempt: 0,
      last_error: REFUND_MSG.mpRefused,
    });
    await assertOneValidTicket(s);
    await assertRefundedAtMostOnce(s);
    // Not admissible at the door, although its seller has not been paid.
    const scanned = await doorScan(admin, s.event.event_id, s.ticket.code);
    expect(scanned.ok).toBe(false);
    expect(['cancelled', 'revoked']).toContain(scanned.result);

    // The seller sees the truth: resold, its refund delayed (no "Reembolsada").
    const view = ((await (await asBuyer(s.seller, `/tickets/${s.ticket.id}/resale`)).json()) as Answer).data;
    expect(view.status).toBe('refund_failed');
    const mine = (
      (await (await asBuyer(s.seller, '/tickets')).json()) as { data: { tickets: Record<string, unknown>[] }[] }
    ).data
      .flatMap((g) => g.tickets)
      .find((t) => t.id === s.ticket.id);
    expect(mine).toMatchObject({ status: 'cancelled', resale_refund: 'failed', refunded_cents: null });

    // The producer sees it in Finanzas, with the reason, the seller and the amount to give back.
    const finance = await asBuyer(admin, `/admin/finance?event_id=${s.event.event_id}&period=hoy`);
    expect(finance.status).toBe(200);
    const problems = ((await finance.json()) as { data: { resale_refunds: Record<string, unknown>[] } }).data
      .resale_refunds;
    expect(problems).toEqual([
      expect.objectContaining({
        ticket_id: s.ticket.id,
        status: 'failed',
        last_error: REFUND_MSG.mpRefused,
        amount_cents: 1050_00,
        seller_email: s.seller.email,
      }),
    ]);

    // The cron job leaves a refusal alone (a person decides): MercadoPago is not asked again.
    const calls = mp.calls;
    await runScheduledJobs(env);
    expect(mp.calls).toBe(calls);
    expect((await resaleRow(s.ticket.id))?.status).toBe('failed');

    // Only someone who may refund on the event retries.
    const retryPath = `/admin/events/${s.event.event_id}/resales/${s.ticket.id}/retry`;
    const stranger = await adminOf();
    expect((await asBuyer(stranger, retryPath, { method: 'POST' })).status).toBe(403);
    mp.refunds = 'ok';
    const retried = await Promise.all([
      asBuyer(admin, retryPath, { method: 'POST' }),
      asBuyer(admin, retryPath, { method: 'POST' }),
    ]);
    // Two clicks at once: one retry, the other told in Spanish.
    expect(retried.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = retried.find((r) => r.status === 409)!;
    expect(((await refused.json()) as Answer).message).toBe(RESALE_MSG.refundNotFailed);
    await eventually(async () => (await resaleRow(s.ticket.id))?.status === 'done', 'the retry refunds');
    expect(await resaleRow(s.ticket.id)).toMatchObject({ attempt: 1, outcome: 'refunded', amount_cents: 1050_00 });
    const keys = await env.DB.prepare(
      'select idempotency_key, status from refunds where order_id = ? order by created_at',
    )
      .bind(s.sellerOrder)
      .all<{ idempotency_key: string; status: string }>();
    expect(keys.results).toEqual([
      { idempotency_key: `resale:${s.ticket.id}`, status: 'failed' },
      { idempotency_key: `resale:${s.ticket.id}:1`, status: 'done' },
    ]);
    expect(await mpRefundsOf(s.ticket.id)).toEqual([
      { idempotency_key: `resale:${s.ticket.id}:1`, n: 1, cents: 1050_00 },
    ]);
    await runScheduledJobs(env);
    await assertRefundedAtMostOnce(s);
    await assertOneValidTicket(s);
    const after = ((await (await asBuyer(s.seller, `/tickets/${s.ticket.id}/resale`)).json()) as Answer).data;
    expect(after.status).toBe('refunded');
    expect((await asBuyer(admin, retryPath, { method: 'POST' })).status).toBe(409);
    const unknown = await asBuyer(admin, `/admin/events/${s.event.event_id}/resales/${crypto.randomUUID()}/retry`, {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Answer).message).toBe(RESALE_MSG.refundNotFound);
  });

  it('MercadoPago down: the old ticket is cancelled at once, the job completes the refund later, MercadoPago sees one', async () => {
    routeWithFaultyMercadoPago();
    const s = await resaleOnOffer();
    mp.refunds = 'down';
    await pay(s.waiting, s.offerOrder);
    await eventually(
      async () => (await resaleRow(s.ticket.id))?.last_error === REFUND_MSG.mpUnavailable,
      'the refund is tried and left pending',
    );
    expect((await resaleRow(s.ticket.id))?.status).toBe('pending');
    await assertOneValidTicket(s);
    await assertRefundedAtMostOnce(s);
    const pending = await env.DB.prepare('select status from refunds where idempotency_key = ?')
      .bind(`resale:${s.ticket.id}`)
      .first<{ status: string }>();
    expect(pending?.status).toBe('pending');
    expect(((await (await asBuyer(s.seller, `/tickets/${s.ticket.id}/resale`)).json()) as Answer).data.status).toBe(
      'refund_pending',
    );

    // The job while MercadoPago is still down changes nothing; once it is back, the job completes the refund.
    await runScheduledJobs(env);
    expect((await resaleRow(s.ticket.id))?.status).toBe('pending');
    mp.refunds = 'ok';
    await runScheduledJobs(env);
    expect(await resaleRow(s.ticket.id)).toMatchObject({ status: 'done', outcome: 'refunded', attempt: 0 });
    await runScheduledJobs(env);
    await runScheduledJobs(env);
    expect(await mpRefundsOf(s.ticket.id)).toEqual([
      { idempotency_key: `resale:${s.ticket.id}`, n: 1, cents: 1050_00 },
    ]);
    await assertRefundedAtMostOnce(s);
    await assertOneValidTicket(s);
    const refunds = await env.DB.prepare('select amount_cents, status from refunds where order_id = ?')
      .bind(s.sellerOrder)
      .all();
    expect(refunds.results).toEqual([{ amount_cents: 1050_00, status: 'done' }]);
  });

  it('a ticket on the waiting list is not transferred: refused while listed, and a pending transfer cannot be accepted once it is on offer', async () => {
    routeWithFaultyMercadoPago();
    const recipient = await createBuyer();
    let token = '';
    const s = await resaleOnOffer(async (seller, ticketId) => {
      const offered = await asBuyer(seller, `/tickets/${ticketId}/transfer`, {
        method: 'POST',
        json: { email: recipient.email },
      });
      expect(offered.status).toBe(200);
      const [mail] = await mailsTo(recipient.email);
      const link = (JSON.parse(mail.links) as string[]).find((l) => l.includes('/tickets/transfer?token='));
      token = new URL(link ?? '').searchParams.get('token') ?? '';
    });
    const again = await asBuyer(s.seller, `/tickets/${s.ticket.id}/transfer`, {
      method: 'POST',
      json: { email: recipient.email },
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Answer).message).toBe(RESALE_MSG.listedNoTransfer);
    const accepted = await asBuyer(recipient, '/tickets/transfers/accept', { method: 'POST', json: { token } });
    expect(accepted.status).toBe(409);
    expect(((await accepted.json()) as Answer).message).toBe(RESALE_MSG.offeredNoTransfer);
    expect(await ticketStatus(s.ticket.id)).toBe('valid');

    // The waiting buyer pays: the one valid ticket is theirs; no transferred copy exists.
    await pay(s.waiting, s.offerOrder);
    await eventually(async () => (await resaleRow(s.ticket.id))?.status === 'done', 'the seller is refunded');
    await assertOneValidTicket(s);
    await assertRefundedAtMostOnce(s);
    const copies = await env.DB.prepare('select count(*) as n from tickets where owner_user_id = ?')
      .bind(recipient.id)
      .first<{ n: number }>();
    expect(copies?.n).toBe(0);
  });

  it('property: under any interleaving of outages, refusals, retries and job runs, the seller is refunded at most once and once MercadoPago answers, exactly once', async () => {
    routeWithFaultyMercadoPago();
    type Step =
      | { kind: 'mp'; mode: 'ok' | 'down' | 'refuse' }
      | { kind: 'job' }
      | { kind: 'retry' }
      | { kind: 'retries' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('mp' as const),
        mode: fc.constantFrom('ok' as const, 'down' as const, 'refuse' as const),
      }),
      fc.constant({ kind: 'job' as const }),
      fc.constant({ kind: 'retry' as const }),
      fc.constant({ kind: 'retries' as const }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('ok' as const, 'down' as const, 'refuse' as const),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (atPayment, steps) => {
          mp.refunds = 'ok';
          const s = await resaleOnOffer();
          const admin = await adminOf(s.event.producer_id);
          const retryPath = `/admin/events/${s.event.event_id}/resales/${s.ticket.id}/retry`;
          mp.refunds = atPayment;
          await pay(s.waiting, s.offerOrder);
          await eventually(async () => (await resaleRow(s.ticket.id)) !== null, 'the resale is recorded');
          for (const st of steps) {
            if (st.kind === 'mp') mp.refunds = st.mode;
            else if (st.kind === 'job') await Promise.all([resumeResaleRefunds(env), resumeResaleRefunds(env)]);
            else if (st.kind === 'retry') await asBuyer(admin, retryPath, { method: 'POST' });
            else
              await Promise.all([
                asBuyer(admin, retryPath, { method: 'POST' }),
                resumeResaleRefunds(env),
                asBuyer(admin, retryPath, { method: 'POST' }),
              ]);
            await assertOneValidTicket(s);
            await assertRefundedAtMostOnce(s);
          }
          // MercadoPago answers again: a retry (if it failed) and the job finish it, exactly once.
          mp.refunds = 'ok';
          await asBuyer(admin, retryPath, { method: 'POST' });
          await resumeResaleRefunds(env);
          await resumeResaleRefunds(env);
          await vi.waitFor(
            async () => {
              await resumeResaleRefunds(env);
              expect((await resaleRow(s.ticket.id))?.status).toBe('done');
            },
            { timeout: 5000, interval: 50 },
          );
          await assertOneValidTicket(s);
          await assertRefundedAtMostOnce(s);
          const done = await env.DB.prepare("select count(*) as n from refunds where order_id = ? and status = 'done'")
            .bind(s.sellerOrder)
            .first<{ n: number }>();
          expect(done?.n).toBe(1);
        },
      ),
      { numRuns: 8 },
    );
  });
});
