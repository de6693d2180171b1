import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { inventoryOf } from '../../functions/durable-objects/stubs';
import { asBuyer } from './checkout-fixtures';

/**
 * The money invariants of one event, read from D1, the inventory object and the MercadoPago sandbox (call after
 * the door's log reached D1): refunded ≤ paid per order and equal to its done refunds; each ticket refunded at
 * most once; the inventory's sold = valid + used tickets, held + sold ≤ capacity (a resale offer's hold aside); MercadoPago gave back exactly
 * our done MercadoPago refunds; the ledger says what the orders say; Finanzas' identities; the dashboard's
 * rollups and figures say what the ledger and tickets say.
 */
export async function assertMoneyOfEvent(eventId: number, admin: { auth: Record<string, string> }) {
  const { results: orders } = await env.DB.prepare(
    `select o.id, o.status, o.total_cents, o.refunded_cents, o.payment_id,
       coalesce((select sum(amount_cents) from refunds r where r.order_id = o.id and r.status = 'done'), 0) as done
     from orders o where o.event_id = ? and o.paid_at is not null`,
  )
    .bind(eventId)
    .all<{
      id: string;
      status: string;
      total_cents: number;
      refunded_cents: number;
      payment_id: string;
      done: number;
    }>();
  for (const o of orders) {
    expect(o.refunded_cents, `order ${o.id} refunded more than paid`).toBeLessThanOrEqual(o.total_cents);
    expect(o.refunded_cents, `order ${o.id} figure vs its refunds`).toBe(o.done);
    if (o.status === 'refunded') expect(o.refunded_cents).toBe(o.total_cents);
  }

  const { results: refunds } = await env.DB.prepare(
    "select r.ticket_ids from refunds r join orders o on o.id = r.order_id where o.event_id = ? and r.status = 'done'",
  )
    .bind(eventId)
    .all<{ ticket_ids: string }>();
  const refundedTickets = refunds.flatMap((r) => JSON.parse(r.ticket_ids) as string[]);
  expect(new Set(refundedTickets).size, 'a ticket refunded twice').toBe(refundedTickets.length);

  // Per ticket type: the inventory's sold = valid + used tickets, within capacity. A resale offer's hold is held
  // over the sold ticket it would replace (durable-objects/inventory/resale.ts), so it is left out of held + sold.
  const { results: tickets } = await env.DB.prepare('select id, ticket_type_id, status from tickets where event_id = ?')
    .bind(eventId)
    .all<{ id: string; ticket_type_id: number; status: string }>();
  const offered = await Promise.all(tickets.map((t) => inventoryOf(env, eventId).resaleStatus(t.id)));
  for (const type of await inventoryOf(env, eventId).availability()) {
    const mine = tickets.filter((t) => t.ticket_type_id === type.typeId);
    const live = mine.filter((t) => t.status === 'valid' || t.status === 'used').length;
    const offers = mine.filter((t) => offered[tickets.indexOf(t)] === 'offered').length;
    expect(type.sold, `type ${type.typeId}: inventory sold vs valid + used tickets`).toBe(live);
    expect(type.sold, `type ${type.typeId}: sold vs capacity`).toBeLessThanOrEqual(type.capacity);
    expect(type.sold + type.held - offers, `type ${type.typeId}: sold + held vs capacity`).toBeLessThanOrEqual(
      type.capacity,
    );
  }

  // MercadoPago's side: what the sandbox gave back per payment equals our done MercadoPago refunds.
  for (const o of orders.filter((x) => !x.payment_id.startsWith('boleteria:'))) {
    const mp = await env.DB.prepare('select body from dev_mp_payments where id = ?')
      .bind(Number(o.payment_id) - 1_000_000_000)
      .first<{ body: string }>();
    const given = Math.round(
      (JSON.parse(mp!.body) as { transaction_amount_refunded: number }).transaction_amount_refunded * 100,
    );
    const ours = await env.DB.prepare(
      "select coalesce(sum(amount_cents), 0) as n from refunds where order_id = ? and status = 'done' and method = 'mercadopago'",
    )
      .bind(o.id)
      .first<{ n: number }>();
    expect(given, `MercadoPago refunds of order ${o.id}`).toBe(ours!.n);
  }

  // The ledger says the same as the orders: money in − money back = what the orders kept.
  const ledger = await env.DB.prepare(
    `select coalesce(sum(case when kind in ('payment', 'box_office') then amount_cents else 0 end), 0) as gross,
            coalesce(sum(case when kind in ('refund', 'chargeback') then amount_cents else 0 end), 0) as back
     from ledger_entries where event_id = ?`,
  )
    .bind(eventId)
    .first<{ gross: number; back: number }>();
  const paid = orders.reduce((s, o) => s + o.total_cents, 0);
  const back = orders.reduce((s, o) => s + o.refunded_cents, 0);
  expect(ledger).toEqual({ gross: paid, back });

  // Finance, read from the ledger: gross − MercadoPago fees − refunds − chargebacks = net = available + to be released.
  const res = await asBuyer(admin, `/admin/finance?event_id=${eventId}&period=hoy`);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as {
    data: {
      totals: Record<string, number>;
      available_cents: number;
      to_release_cents: number;
      reconciliation: Record<string, unknown[]>;
    };
  };
  const t = data.totals;
  expect(t.total_cents - t.mp_fees_cents - t.refunds_cents - t.chargebacks_cents).toBe(t.net_cents);
  expect(data.available_cents + data.to_release_cents).toBe(t.net_cents);
  expect(t.refunds_cents + t.chargebacks_cents).toBe(back);
  expect(data.reconciliation.orders_missing_from_ledger).toEqual([]);

  // The dashboard's hourly rollups (migration 0053) say what the ledger and tickets say.
  const rolled = await env.DB.prepare(
    `select coalesce(sum(orders), 0) as orders, coalesce(sum(total_cents), 0) as gross, coalesce(sum(refunds_cents), 0) as back
     from ledger_hourly where event_id = ?`,
  )
    .bind(eventId)
    .first<{ orders: number; gross: number; back: number }>();
  const direct = await env.DB.prepare(
    `select count(distinct case when kind in ('payment', 'box_office') then order_id end) as orders
     from ledger_entries where event_id = ?`,
  )
    .bind(eventId)
    .first<{ orders: number }>();
  expect(rolled).toEqual({ orders: direct!.orders, gross: paid, back });
  const issued = await env.DB.prepare(
    `select (select count(*) from tickets where event_id = ?1) as tickets,
            (select coalesce(sum(tickets), 0) from ticket_sales_hourly where event_id = ?1) as rolled`,
  )
    .bind(eventId)
    .first<{ tickets: number; rolled: number }>();
  expect(issued!.rolled, 'tickets counted by the hourly rollup').toBe(issued!.tickets);
  // The dashboard's tickets: the standing ones (valid or used), whatever was refunded meanwhile, invitations aside
  // (free tickets, not sales: the dashboard counts them apart).
  const { results: invited } = await env.DB.prepare(
    'select t.id from tickets t join guest_invitations g on g.order_id = t.order_id where t.event_id = ?',
  )
    .bind(eventId)
    .all<{ id: string }>();
  const invitedIds = new Set(invited.map((x) => x.id));
  const standing = tickets.filter((x) => (x.status === 'valid' || x.status === 'used') && !invitedIds.has(x.id)).length;
  const board = await asBuyer(admin, `/admin/sales/dashboard?event_id=${eventId}&period=hoy`);
  const figures = ((await board.json()) as { data: { figures: { tickets: number; orders: number } } }).data.figures;
  expect(figures.tickets, 'dashboard tickets vs standing tickets').toBe(standing);
  expect(figures.orders, 'dashboard orders vs the ledger').toBe(direct!.orders);
}
