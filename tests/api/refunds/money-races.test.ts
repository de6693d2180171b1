import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logCopied } from '../../../functions/api/services/checkin/scan';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { paidPurchase, signedNotification } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { ORIGIN, settledFetch } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { sellAtBoxOffice } from '../kit/sales';
import { assertMoneyOfEvent } from './money-invariants';

/**
 * Money under any interleaving: random mixes of whole, partial, overlapping, legacy and override refunds,
 * check-ins at the door, box-office sales, online purchases paid through the MercadoPago sandbox and replayed
 * payment notifications are fired at once against the real endpoints of one small event; after each run:
 * - refunded ≤ paid per order, and the order's refunded figure is the sum of its done refunds;
 * - each ticket is refunded at most once;
 * - the event's inventory object counts as sold exactly the valid plus used tickets;
 * - MercadoPago gave back exactly what our done refunds say (no refund paid twice);
 * - the ledger: payments − refunds − chargebacks equals what the orders kept.
 */

type Admin = Awaited<ReturnType<typeof adminOf>>;
type World = {
  eventId: number;
  typeId: number;
  admin: Admin;
  orders: string[];
};

type Command =
  | { kind: 'whole'; order: number }
  | { kind: 'partial'; order: number; mask: number }
  | { kind: 'legacy'; order: number }
  | { kind: 'override'; order: number }
  | { kind: 'checkin'; order: number; ticket: number }
  | { kind: 'box_office'; quantity: number }
  | { kind: 'purchase'; quantity: number }
  | { kind: 'webhook'; order: number }
  | { kind: 'chargeback'; order: number };

const order = fc.nat({ max: 2 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('whole' as const), order }),
  fc.record({ kind: fc.constant('partial' as const), order, mask: fc.integer({ min: 1, max: 7 }) }),
  fc.record({ kind: fc.constant('legacy' as const), order }),
  fc.record({ kind: fc.constant('override' as const), order }),
  fc.record({ kind: fc.constant('checkin' as const), order, ticket: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('box_office' as const), quantity: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('purchase' as const), quantity: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('webhook' as const), order }),
  fc.record({ kind: fc.constant('chargeback' as const), order }),
);

const paidOrder = async (eventId: number, typeId: number, quantity: number) =>
  (await paidPurchase(eventId, typeId, quantity)).orderId;

async function ticketIdsOf(orderId: string) {
  const { results } = await env.DB.prepare('select id, code from tickets where order_id = ? order by id')
    .bind(orderId)
    .all<{ id: string; code: string }>();
  return results;
}

let nonces = 0;

async function run(world: World, c: Command): Promise<number> {
  const { admin } = world;
  const orderId = world.orders[('order' in c ? c.order : 0) % world.orders.length];
  const refund = (json: Record<string, unknown>) =>
    asBuyer(admin, `/admin/orders/${orderId}/refund`, { method: 'POST', json: { reason: 'Prueba', ...json } });
  switch (c.kind) {
    case 'whole':
      return (await refund({})).status;
    case 'override':
      return (await refund({ confirm_used: 'ya ingresó: reembolsar igual' })).status;
    case 'partial': {
      const tickets = await ticketIdsOf(orderId);
      const ids = tickets.filter((_, i) => c.mask & (1 << i)).map((t) => t.id);
      return (await refund({ ticket_ids: ids.length > 0 ? ids : [tickets[0].id] })).status;
    }
    case 'legacy':
      return (await asBuyer(admin, `/orders/${orderId}/refund`, { method: 'POST', json: { reason: 'Prueba' } })).status;
    case 'checkin': {
      const tickets = await ticketIdsOf(orderId);
      const ticket = tickets[c.ticket % tickets.length];
      const res = await asBuyer(admin, `/checkin/events/${world.eventId}/scan`, {
        method: 'POST',
        json: { code: ticket.code, nonce: `race-${Date.now()}-${nonces++}`, device: 'race' },
      });
      return res.status;
    }
    case 'box_office':
      return (
        await sellAtBoxOffice(admin, { event_id: world.eventId, ticket_type_id: world.typeId, quantity: c.quantity })
      ).status;
    case 'purchase':
      try {
        await paidOrder(world.eventId, world.typeId, c.quantity);
        return 200;
      } catch (err) {
        // Sold out is a fair answer under contention; anything else is not.
        if (/hold failed: 409/.test(String(err))) return 409;
        throw err;
      }
    case 'chargeback': {
      const row = await env.DB.prepare('select payment_id from orders where id = ?')
        .bind(orderId)
        .first<{ payment_id: string }>();
      if (row!.payment_id.startsWith('boleteria:')) return 409;
      // The buyer's bank takes the payment back: MercadoPago notifies it like any other change.
      const res = await settledFetch(`${ORIGIN}/dev/mercadopago/v1/payments/${row!.payment_id}/settle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: 'charged_back' }),
      });
      return res.status === 200 ? 200 : res.status;
    }
    case 'webhook': {
      const row = await env.DB.prepare('select payment_id from orders where id = ?')
        .bind(orderId)
        .first<{ payment_id: string }>();
      return (await signedNotification(row!.payment_id)).status;
    }
  }
}

/** Every invariant of the issue, read from D1, the inventory object and the MercadoPago sandbox. */
async function assertInvariants(world: World) {
  await logCopied(env, world.eventId);
  await assertMoneyOfEvent(world.eventId, world.admin);
}

describe('money under any interleaving (property test against the real endpoints)', () => {
  it('keeps refunded ≤ paid, each ticket refunded once and sold = valid + used', async () => {
    routeNetwork();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 8 }), async (commands) => {
        const event = await createTestEvent(env, { capacity: 8, price_cents: 1000_00 });
        const admin = await adminOf(event.producer_id);
        const world: World = { eventId: event.event_id, typeId: event.ticket_type_id, admin, orders: [] };
        world.orders.push(await paidOrder(event.event_id, event.ticket_type_id, 2));
        world.orders.push(await paidOrder(event.event_id, event.ticket_type_id, 3));
        const box = await sellAtBoxOffice(admin, event);
        world.orders.push(((await box.json()) as { data: { order_id: string } }).data.order_id);
        const statuses = await Promise.all(commands.map((c) => run(world, c)));
        for (const [i, s] of statuses.entries()) {
          expect([200, 201, 409], `${JSON.stringify(commands[i])} answered ${s}`).toContain(s);
        }
        await assertInvariants(world);
      }),
      { numRuns: 12, seed: Number(process.env.MONEY_RACES_SEED ?? Date.now() % 100_000), endOnFailure: true },
    );
  }, 240_000);

  it('ten simultaneous refunds of the same ticket: one wins, stock back once, never oversold', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 4, price_cents: 1000_00 });
    const admin = await adminOf(event.producer_id);
    const orderId = await paidOrder(event.event_id, event.ticket_type_id, 4);
    const [ticket] = await ticketIdsOf(orderId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        asBuyer(admin, `/admin/orders/${orderId}/refund`, {
          method: 'POST',
          json: { reason: 'Prueba', ticket_ids: [ticket.id] },
        }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s === 409)).toHaveLength(9);
    const row = await env.DB.prepare('select refunded_cents from orders where id = ?')
      .bind(orderId)
      .first<{ refunded_cents: number }>();
    expect(row!.refunded_cents).toBe(1150_00);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 3, available: 1 });
    // The place came back once: one more can be sold, not two.
    const buyer = await createBuyer();
    const hold = (quantity: number) =>
      asBuyer(buyer, '/holds', {
        method: 'POST',
        json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity }] },
      });
    expect((await hold(2)).status).toBe(409);
    expect((await hold(1)).status).toBe(201);
  });

  it('overlapping partial refunds and a whole one at once: tickets claimed once, one MercadoPago key each', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 6, price_cents: 1000_00 });
    const admin = await adminOf(event.producer_id);
    const orderId = await paidOrder(event.event_id, event.ticket_type_id, 3);
    const [t1, t2] = await ticketIdsOf(orderId);
    const refund = (json: Record<string, unknown>) =>
      asBuyer(admin, `/admin/orders/${orderId}/refund`, { method: 'POST', json: { reason: 'Prueba', ...json } });
    const answers = await Promise.all([
      refund({ ticket_ids: [t1.id] }),
      refund({ ticket_ids: [t1.id, t2.id] }),
      refund({}),
      asBuyer(admin, `/orders/${orderId}/refund`, { method: 'POST', json: { reason: 'Prueba' } }),
    ]);
    expect(answers.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const row = await env.DB.prepare('select refunded_cents, total_cents from orders where id = ?')
      .bind(orderId)
      .first<{ refunded_cents: number; total_cents: number }>();
    expect(row!.refunded_cents).toBeLessThanOrEqual(row!.total_cents);
    const keys = await env.DB.prepare(
      "select count(*) as n, count(distinct idempotency_key) as k from refunds where order_id = ? and status = 'done'",
    )
      .bind(orderId)
      .first<{ n: number; k: number }>();
    expect(keys!.n).toBe(keys!.k);
    const mp = await env.DB.prepare(
      'select count(*) as n, coalesce(sum(amount_cents), 0) as cents from dev_mp_refunds where payment_id = (select cast(payment_id as integer) from orders where id = ?)',
    )
      .bind(orderId)
      .first<{ n: number; cents: number }>();
    expect(mp!.n).toBe(keys!.n);
    expect(mp!.cents).toBe(row!.refunded_cents);
  });
});
