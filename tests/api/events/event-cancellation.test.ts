import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  CANCEL_BATCH,
  processCancellation,
  resumeCancellations,
} from '../../../functions/api/services/events/cancellation';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { paidPurchase } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer } from '../kit/actors';
import { type Answer, call } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';
import { sellAtBoxOffice } from '../kit/sales';

/**
 * Cancelling an event refunds its buyers (issue 20): every paid order gets its whole amount back (the service
 * charge too) through services/refunds/refund.ts, one key per order, in the background and then by the cron
 * job; a retried cancel, the job and a manual refund racing it never give the money back twice.
 */

type Admin = Awaited<ReturnType<typeof adminOf>>;

/** How MercadoPago's refunds answer: normally, down (no answer), or refusing (a definite 400). */
let mpRefunds: 'ok' | 'down' | 'refuse' = 'ok';
/** Only these payments fail while mpRefunds is not 'ok' (empty: all of them). */
let failingPayments = new Set<string>();

/** The network routed to this worker, with MercadoPago's refunds failing on demand. */
function routeWithFaultyMercadoPago() {
  routeNetwork({
    mercadopago: (request, next) => {
      const payment = /\/v1\/payments\/(\d+)\/refunds/.exec(new URL(request.url).pathname)?.[1];
      if (payment && mpRefunds !== 'ok' && (failingPayments.size === 0 || failingPayments.has(payment))) {
        if (mpRefunds === 'down') throw new TypeError('network connection lost');
        return Response.json({ message: 'invalid refund', status: 400 }, { status: 400 });
      }
      return next();
    },
  });
}

const paidOrder = paidPurchase;

async function boxOfficeSale(admin: Admin, eventId: number, typeId: number, quantity: number) {
  const res = await sellAtBoxOffice(admin, { event_id: eventId, ticket_type_id: typeId, quantity });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { order_id: string } }).data.order_id;
}

const cancel = (admin: Admin, eventId: number, reason = 'Lluvia') =>
  asBuyer(admin, `/admin/events/${eventId}/cancel`, { method: 'POST', json: { reason } });

/** Runs the cron job's part until the cancellation is finished (bounded: a stuck one fails the test). */
async function finishByJob(eventId: number) {
  for (let i = 0; i < 30; i++) {
    await resumeCancellations(env);
    const row = await env.DB.prepare('select finished_at from event_cancellations where event_id = ?')
      .bind(eventId)
      .first<{ finished_at: string | null }>();
    if (row?.finished_at) return;
  }
  throw new Error(`cancellation of event ${eventId} never finished`);
}

/** Finanzas for the event today, as its admin reads it (typed as the handler answers it). */
async function financeOf(admin: Admin, eventId: number) {
  const { status, body } = await call(admin, 'GET /admin/finance', { query: { event_id: eventId, period: 'hoy' } });
  expect(status).toBe(200);
  return body.data;
}

/** Every paid order of the event refunded whole, once: orders, tickets, MercadoPago, inventory, ledger, finance. */
async function assertAllRefundedOnce(admin: Admin, eventId: number) {
  const { results: orders } = await env.DB.prepare(
    `select id, status, total_cents, refunded_cents, payment_id from orders
     where event_id = ? and kind = 'sale' and paid_at is not null`,
  )
    .bind(eventId)
    .all<{ id: string; status: string; total_cents: number; refunded_cents: number; payment_id: string }>();
  expect(orders.length).toBeGreaterThan(0);
  for (const o of orders) {
    expect(o, `order ${o.id}`).toMatchObject({ status: 'refunded', refunded_cents: o.total_cents });
    const done = await env.DB.prepare(
      "select coalesce(sum(amount_cents), 0) as n from refunds where order_id = ? and status = 'done'",
    )
      .bind(o.id)
      .first<{ n: number }>();
    expect(done!.n, `order ${o.id}: its done refunds add up to what it paid`).toBe(o.total_cents);
    if (o.payment_id.startsWith('boleteria:')) continue;
    // MercadoPago gave back exactly the order's total: never twice.
    const mp = await env.DB.prepare('select body from dev_mp_payments where id = ?')
      .bind(Number(o.payment_id) - 1_000_000_000)
      .first<{ body: string }>();
    const given = Math.round(
      (JSON.parse(mp!.body) as { transaction_amount_refunded: number }).transaction_amount_refunded * 100,
    );
    expect(given, `MercadoPago refunds of order ${o.id}`).toBe(o.total_cents);
  }
  const { results: refunds } = await env.DB.prepare(
    "select r.ticket_ids from refunds r join orders o on o.id = r.order_id where o.event_id = ? and r.status = 'done'",
  )
    .bind(eventId)
    .all<{ ticket_ids: string }>();
  const refunded = refunds.flatMap((r) => JSON.parse(r.ticket_ids) as string[]);
  expect(new Set(refunded).size, 'a ticket refunded twice').toBe(refunded.length);
  const live = await env.DB.prepare(
    "select count(*) as n from tickets k join orders o on o.id = k.order_id where k.event_id = ? and o.kind = 'sale' and k.status in ('valid', 'used')",
  )
    .bind(eventId)
    .first<{ n: number }>();
  expect(live!.n, 'a sold ticket still valid').toBe(0);
  const revoked = await env.DB.prepare(
    "select count(*) as n from revocations v join tickets k on k.id = v.ticket_id join orders o on o.id = k.order_id where v.event_id = ? and o.kind = 'sale'",
  )
    .bind(eventId)
    .first<{ n: number }>();
  expect(revoked!.n, 'every cancelled ticket revoked at the door').toBe(refunded.length);
  expect((await inventoryOf(env, eventId).availability())[0]).toMatchObject({ sold: 0, held: 0 });

  // The ledger and Finanzas: everything collected went back; the net is what MercadoPago kept (its fees).
  const paid = orders.reduce((s, o) => s + o.total_cents, 0);
  const ledger = await env.DB.prepare(
    `select coalesce(sum(case when kind in ('payment', 'box_office') then amount_cents else 0 end), 0) as gross,
            coalesce(sum(case when kind = 'refund' then amount_cents else 0 end), 0) as back
     from ledger_entries where event_id = ?`,
  )
    .bind(eventId)
    .first<{ gross: number; back: number }>();
  expect(ledger).toEqual({ gross: paid, back: paid });
  const finance = await financeOf(admin, eventId);
  const t = finance.totals;
  expect(t.total_cents).toBe(paid);
  expect(t.refunds_cents).toBe(paid);
  expect(t.net_cents).toBe(-t.mp_fees_cents);
  expect(finance.available_cents + finance.to_release_cents).toBe(t.net_cents);
  expect(finance.reconciliation.refund_mismatches).toEqual([]);
  expect(finance.reconciliation.orders_missing_from_ledger).toEqual([]);
  return { orders, finance };
}

describe('cancelling an event refunds its buyers', { timeout: 60_000 }, () => {
  it('refunds every paid order whole (service charge included), once, e-mails the refund and shows the progress', async () => {
    routeWithFaultyMercadoPago();
    mpRefunds = 'ok';
    const event = await createTestEvent(env, { capacity: 20, price_cents: 1000_00 });
    const admin = await adminOf(event.producer_id);
    const one = await paidOrder(event.event_id, event.ticket_type_id, 2);
    const two = await paidOrder(event.event_id, event.ticket_type_id, 1);
    const cash = await boxOfficeSale(admin, event.event_id, event.ticket_type_id, 2);
    // A ticket of the first order was already refunded by hand: the cancellation gives back the rest.
    const [first] = (
      await env.DB.prepare('select id from tickets where order_id = ? order by id')
        .bind(one.orderId)
        .all<{ id: string }>()
    ).results;
    const manual = await asBuyer(admin, `/admin/orders/${one.orderId}/refund`, {
      method: 'POST',
      json: { reason: 'Pidió una', ticket_ids: [first.id] },
    });
    expect(manual.status).toBe(200);

    const res = await cancel(admin, event.event_id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.refunds).toBe(3);
    expect(body.message).toBe('Evento cancelado. Estamos reembolsando 3 compras: seguí el avance en Finanzas.');
    // Cancelling again changes nothing and says so.
    const again = await cancel(admin, event.event_id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Answer).message).toBe('El evento ya está cancelado o finalizado');

    await finishByJob(event.event_id);
    const { finance } = await assertAllRefundedOnce(admin, event.event_id);
    // Each order's cancellation refund used its own key.
    const keys = await env.DB.prepare(
      `select r.idempotency_key, r.method, r.amount_cents from refunds r join orders o on o.id = r.order_id
       where o.event_id = ? and r.idempotency_key like 'cancel:%' order by r.amount_cents`,
    )
      .bind(event.event_id)
      .all<{ idempotency_key: string; method: string; amount_cents: number }>();
    expect(keys.results).toEqual(
      expect.arrayContaining([
        { idempotency_key: `cancel:${one.orderId}`, method: 'mercadopago', amount_cents: 1150_00 },
        { idempotency_key: `cancel:${two.orderId}`, method: 'mercadopago', amount_cents: 1150_00 },
        { idempotency_key: `cancel:${cash}`, method: 'cash', amount_cents: expect.any(Number) },
      ]),
    );
    expect(keys.results).toHaveLength(3);

    // The back office: refunded 3 of 3, the cash one to give back at the box office, no failures.
    const progress = finance.cancellations.find((c) => c.event_id === event.event_id)!;
    expect(progress).toMatchObject({ orders: 3, done: 3, pending: 0, failed: 0, cash_orders: 1, problems: [] });
    expect(progress.finished_at).not.toBeNull();

    // The buyers' e-mails: the cancellation says what comes back and when; the refund confirms it.
    await vi.waitFor(
      async () => {
        const mails = await mailsTo(two.buyer.email, 0);
        const notice = mails.find((m) => m.subject.startsWith('Evento cancelado'));
        expect(notice?.html).toContain('Te devolvemos automáticamente $\u00a01.150');
        expect(notice?.html).toContain('Puede tardar hasta 10 días hábiles en verse en tu resumen.');
        const refund = mails.find((m) => m.subject.startsWith('Reembolso de $\u00a01.150'));
        expect(refund?.html).toContain('cargo por servicio incluido');
        expect(refund?.html).toContain('Puede tardar hasta 10 días hábiles en verse en tu resumen.');
      },
      { timeout: 10_000, interval: 100 },
    );
    // The box-office sale had no buyer e-mail (its tickets sit on the seller's account): the seller gets no notice.
    expect((await mailsTo(admin.email, 0)).filter((m) => m.subject.startsWith('Evento cancelado'))).toEqual([]);
    // Audited as the admin who cancelled, whichever run completed it.
    const audit = await env.DB.prepare(
      "select actor_user_id, reason from audit_log where order_id = ? and action = 'refund'",
    )
      .bind(two.orderId)
      .first<{ actor_user_id: number; reason: string }>();
    expect(audit).toEqual({ actor_user_id: admin.id, reason: 'Evento cancelado: Lluvia' });
  });

  it('a large event is refunded in batches: the request does a part, the job resumes until done', async () => {
    routeWithFaultyMercadoPago();
    mpRefunds = 'ok';
    const event = await createTestEvent(env, { capacity: 10, price_cents: 500_00 });
    const admin = await adminOf(event.producer_id);
    for (let i = 0; i < 4; i++) await paidOrder(event.event_id, event.ticket_type_id, 1);
    // The intent is recorded by the request; a budget of 1 per run stands for CANCEL_BATCH on a large event.
    expect(CANCEL_BATCH).toBeGreaterThan(1);
    failingPayments = new Set();
    mpRefunds = 'down'; // the request's own background run gets nowhere: every order stays pending
    expect((await cancel(admin, event.event_id)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const tried = await env.DB.prepare(
          "select count(*) as n from cancellation_refunds where event_id = ? and status = 'pending' and last_error is not null",
        )
          .bind(event.event_id)
          .first<{ n: number }>();
        expect(tried!.n).toBe(4);
      },
      { timeout: 20_000, interval: 100 },
    );
    mpRefunds = 'ok';
    expect(await processCancellation(env, event.event_id, () => {}, 1)).toBe(3);
    await finishByJob(event.event_id);
    await assertAllRefundedOnce(admin, event.event_id);
  });

  it('a MercadoPago outage mid-way leaves some orders pending; the job completes them with the same key', async () => {
    routeWithFaultyMercadoPago();
    mpRefunds = 'ok';
    const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
    const admin = await adminOf(event.producer_id);
    const a = await paidOrder(event.event_id, event.ticket_type_id, 1);
    const b = await paidOrder(event.event_id, event.ticket_type_id, 2);
    const paymentOf = async (id: string) =>
      (await env.DB.prepare('select payment_id from orders where id = ?').bind(id).first<{ payment_id: string }>())!
        .payment_id;
    failingPayments = new Set([String(Number(await paymentOf(b.orderId)) - 1_000_000_000), await paymentOf(b.orderId)]);
    mpRefunds = 'down';
    expect((await cancel(admin, event.event_id)).status).toBe(200);
    await processCancellation(env, event.event_id, () => {});
    // The request's own background run may still be at work: wait for both runs to settle.
    await vi.waitFor(
      async () => {
        const rows = await env.DB.prepare(
          'select order_id, status, last_error from cancellation_refunds where event_id = ?',
        )
          .bind(event.event_id)
          .all<{ order_id: string; status: string; last_error: string | null }>();
        const byOrder = Object.fromEntries(rows.results.map((r) => [r.order_id, r]));
        expect(byOrder[a.orderId].status).toBe('done');
        expect(byOrder[b.orderId]).toMatchObject({ status: 'pending' });
        expect(byOrder[b.orderId].last_error).toContain('MercadoPago');
      },
      { timeout: 20_000, interval: 100 },
    );
    const midway = (await financeOf(admin, event.event_id)).cancellations[0];
    expect(midway).toMatchObject({ orders: 2, done: 1, pending: 1 });
    expect(midway.problems.map((p) => p.order_id)).toEqual([b.orderId]);

    // MercadoPago is back: the job drives the pending refund again with its key, once.
    mpRefunds = 'ok';
    failingPayments = new Set();
    await finishByJob(event.event_id);
    await assertAllRefundedOnce(admin, event.event_id);
    const ofB = await env.DB.prepare('select idempotency_key, status from refunds where order_id = ?')
      .bind(b.orderId)
      .all<{ idempotency_key: string; status: string }>();
    expect(ofB.results).toEqual([{ idempotency_key: `cancel:${b.orderId}`, status: 'done' }]);
  });

  it('a refusal by MercadoPago is a failure shown with "Reintentar"; the retry refunds with a new key', async () => {
    routeWithFaultyMercadoPago();
    const event = await createTestEvent(env, { capacity: 10, price_cents: 1000_00 });
    const admin = await adminOf(event.producer_id);
    const a = await paidOrder(event.event_id, event.ticket_type_id, 1);
    mpRefunds = 'refuse';
    failingPayments = new Set();
    expect((await cancel(admin, event.event_id)).status).toBe(200);
    await processCancellation(env, event.event_id, () => {});
    const failed = await vi.waitFor(
      async () => {
        const progress = (await financeOf(admin, event.event_id)).cancellations[0];
        expect(progress).toMatchObject({ orders: 1, done: 0, failed: 1 });
        return progress;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(failed.problems).toEqual([
      expect.objectContaining({
        order_id: a.orderId,
        status: 'failed',
        last_error: expect.stringContaining('no aceptó'),
      }),
    ]);
    // Only someone who may refund retries.
    const stranger = await adminOf();
    expect(
      (await asBuyer(stranger, `/admin/events/${event.event_id}/cancellation/retry`, { method: 'POST' })).status,
    ).toBe(403);
    mpRefunds = 'ok';
    const retry = await asBuyer(admin, `/admin/events/${event.event_id}/cancellation/retry`, { method: 'POST' });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Answer).message).toBe('Volvemos a intentar los reembolsos que fallaron.');
    await finishByJob(event.event_id);
    await assertAllRefundedOnce(admin, event.event_id);
    const keys = await env.DB.prepare(
      'select idempotency_key, status from refunds where order_id = ? order by created_at',
    )
      .bind(a.orderId)
      .all<{ idempotency_key: string; status: string }>();
    expect(keys.results).toEqual([
      { idempotency_key: `cancel:${a.orderId}`, status: 'failed' },
      { idempotency_key: `cancel:${a.orderId}:1`, status: 'done' },
    ]);
    // A retry of an event that was not cancelled is refused in Spanish.
    const other = await createTestEvent(env, { capacity: 2 });
    const notCancelled = await asBuyer(admin, `/admin/events/${other.event_id}/cancellation/retry`, { method: 'POST' });
    expect(notCancelled.status).toBe(404);
    expect(((await notCancelled.json()) as Answer).message).toBe('Ese evento no fue cancelado.');
  });

  type Command =
    | { kind: 'cancel' }
    | { kind: 'job' }
    | { kind: 'whole'; order: number }
    | { kind: 'partial'; order: number }
    | { kind: 'retry' };
  const command: fc.Arbitrary<Command> = fc.oneof(
    fc.constant({ kind: 'cancel' as const }),
    fc.constant({ kind: 'job' as const }),
    fc.constant({ kind: 'retry' as const }),
    fc.record({ kind: fc.constant('whole' as const), order: fc.nat({ max: 2 }) }),
    fc.record({ kind: fc.constant('partial' as const), order: fc.nat({ max: 2 }) }),
  );

  it('refunds every paid order exactly once under any mix of cancels, retries, job runs and manual refunds', async () => {
    routeWithFaultyMercadoPago();
    mpRefunds = 'ok';
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 2, maxLength: 7 }), async (commands) => {
        const event = await createTestEvent(env, { capacity: 8, price_cents: 1000_00 });
        const admin = await adminOf(event.producer_id);
        const orders = [
          (await paidOrder(event.event_id, event.ticket_type_id, 2)).orderId,
          (await paidOrder(event.event_id, event.ticket_type_id, 1)).orderId,
          await boxOfficeSale(admin, event.event_id, event.ticket_type_id, 1),
        ];
        const run = async (c: Command): Promise<number> => {
          switch (c.kind) {
            case 'cancel':
              return (await cancel(admin, event.event_id)).status;
            case 'job':
              await resumeCancellations(env);
              return 200;
            case 'retry':
              return (await asBuyer(admin, `/admin/events/${event.event_id}/cancellation/retry`, { method: 'POST' }))
                .status;
            case 'whole':
              return (
                await asBuyer(admin, `/admin/orders/${orders[c.order]}/refund`, {
                  method: 'POST',
                  json: { reason: 'A mano' },
                })
              ).status;
            case 'partial': {
              const ticket = await env.DB.prepare('select id from tickets where order_id = ? order by id limit 1')
                .bind(orders[c.order])
                .first<{ id: string }>();
              return (
                await asBuyer(admin, `/admin/orders/${orders[c.order]}/refund`, {
                  method: 'POST',
                  json: { reason: 'A mano', ticket_ids: [ticket!.id] },
                })
              ).status;
            }
          }
        };
        // The cancel always happens, racing everything else at once.
        const all: Command[] = [{ kind: 'cancel' }, ...commands];
        const statuses = await Promise.all(all.map(run));
        for (const [i, s] of statuses.entries()) {
          // 404: a retry that ran before the cancellation was recorded.
          expect([200, 404, 409], `${JSON.stringify(all[i])} answered ${s}`).toContain(s);
        }
        await finishByJob(event.event_id);
        await assertAllRefundedOnce(admin, event.event_id);
      }),
      { numRuns: 6, seed: Number(process.env.CANCEL_RACES_SEED ?? Date.now() % 100_000), endOnFailure: true },
    );
  }, 240_000);
});
