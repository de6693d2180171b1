import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { orderOf, startPurchase, ticketsOfOrderInDb } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { ORIGIN, settledFetch } from '../kit/http';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';
import { auditOf, paidOrder } from './admin-sales-fixtures';

const json = async <T>(res: Response) => (await res.json()) as Answer<T>;

describe('sales dashboard', () => {
  it("shows a paid order in its producer's figures, and nothing to another producer's admin", async () => {
    const { event, admin } = await paidOrder(2);
    const res = await asBuyer(admin, `/admin/sales/dashboard?event_id=${event.event_id}&period=hoy`);
    expect(res.status).toBe(200);
    const { data } = await json<{
      figures: Record<string, number>;
      series: unknown[];
      by_type: { tickets: number }[];
      latest: { buyer_email: string }[];
    }>(res);
    // 2 × $ 1.000 + service charge 2 × (10 % + $ 50).
    expect(data.figures).toMatchObject({
      orders: 1,
      tickets: 2,
      gross_cents: 2000_00,
      service_charges_cents: 300_00,
      total_cents: 2300_00,
      refunds_cents: 0,
      average_order_cents: 2300_00,
    });
    // Hourly buckets for today, one with the sale.
    expect(data.series).toHaveLength(24);
    expect(data.series.filter((b) => (b as { total: number }).total > 0)).toHaveLength(1);
    expect(data.by_type[0].tickets).toBe(2);
    const outsider = await adminOf();
    const denied = await asBuyer(outsider, `/admin/sales/dashboard?event_id=${event.event_id}`);
    expect(denied.status).toBe(403);
    // Without a filter, another producer's admin sees only their own (empty) producer.
    const own = await json<{ figures: { orders: number } }>(
      await asBuyer(outsider, '/admin/sales/dashboard?period=30d'),
    );
    expect(own.data.figures.orders).toBe(0);
  });

  it('refuses a buyer without a producer and an invalid period in Spanish', async () => {
    const buyer = await createBuyer();
    expect((await asBuyer(buyer, '/admin/sales/dashboard')).status).toBe(403);
    const admin = await adminOf();
    const bad = await asBuyer(admin, '/admin/sales/dashboard?period=custom&from=2026-02-10&to=2026-02-01');
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('Elegí un rango de fechas válido: desde y hasta, en ese orden.');
    expect((await asBuyer(admin, '/admin/sales/dashboard?period=ayer')).status).toBe(400);
  });
});

describe('order search and detail', () => {
  it('finds the order by buyer e-mail, DNI and order number, paginated, only in scope', async () => {
    const { event, buyer, orderId, admin } = await paidOrder(1);
    const search = (q: string, who = admin) =>
      asBuyer(who, `/admin/orders?event_id=${event.event_id}&q=${encodeURIComponent(q)}`).then((r) =>
        json<{ id: string }[]>(r),
      );
    expect((await search(buyer.email.toUpperCase())).data.map((o) => o.id)).toEqual([orderId]);
    expect((await search('30123456')).data.map((o) => o.id)).toEqual([orderId]);
    expect((await search(orderId.slice(0, 8))).data.map((o) => o.id)).toEqual([orderId]);
    // The eight characters the back office shows can all be digits, like a DNI: both are searched.
    const digitsId = '01820056-1142-46bd-bee7-e8581d6a131f';
    await env.DB.prepare(
      `insert into orders (id, user_id, event_id, producer_id, hold_id, status, hold_expires_at, subtotal_cents,
         fee_cents, total_cents, buyer_name, buyer_email, buyer_dni, paid_at)
       select ?, user_id, event_id, producer_id, hold_id || '-copy', status, hold_expires_at, subtotal_cents,
         fee_cents, total_cents, buyer_name, buyer_email, '29999999', paid_at from orders where id = ?`,
    )
      .bind(digitsId, orderId)
      .run();
    expect((await search('01820056')).data.map((o) => o.id)).toEqual([digitsId]);
    await env.DB.prepare('delete from orders where id = ?').bind(digitsId).run();
    const [ticket] = await ticketsOfOrderInDb(orderId);
    expect((await search(ticket.id)).data.map((o) => o.id)).toEqual([orderId]);
    expect((await search('nadie@prueba.local')).data).toEqual([]);
    const page = await json<unknown[]>(
      await asBuyer(admin, `/admin/orders?event_id=${event.event_id}&status=paid&per_page=1&page=1`),
    );
    expect(page.pagination).toMatchObject({ total: 1, pages: 1 });
    const outsider = await adminOf();
    const mine = await json<{ id: string }[]>(
      await asBuyer(outsider, `/admin/orders?q=${encodeURIComponent(buyer.email)}`),
    );
    expect(mine.data).toEqual([]);
    expect((await asBuyer(outsider, `/admin/orders?event_id=${event.event_id}`)).status).toBe(403);
    expect((await asBuyer(admin, '/admin/orders?per_page=500')).status).toBe(400);
  });

  it('shows buyer, items, tickets, payment and a timeline; 404 for an unknown order, 403 for another producer', async () => {
    const { orderId, admin } = await paidOrder(2);
    const res = await asBuyer(admin, `/admin/orders/${orderId}`);
    expect(res.status).toBe(200);
    const { data } = await json<{
      buyer: { email: string };
      tickets: { status: string }[];
      payments: { status: string; amount_cents: number }[];
      timeline: { kind: string }[];
    }>(res);
    expect(data.tickets.map((t) => t.status)).toEqual(['valid', 'valid']);
    expect(data.payments[0]).toMatchObject({ status: 'approved', amount_cents: 2300_00 });
    expect(data.timeline.map((t) => t.kind)).toEqual(['created', 'paid', 'emailed']);
    expect((await asBuyer(admin, `/admin/orders/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await asBuyer(await adminOf(), `/admin/orders/${orderId}`)).status).toBe(403);
  });
});

describe('back-office actions', () => {
  it("names a payment's status in the timeline (a chargeback), never by its code", async () => {
    const { orderId, admin } = await paidOrder(1);
    const row = await env.DB.prepare('select payment_id from orders where id = ?')
      .bind(orderId)
      .first<{ payment_id: string }>();
    const settled = await settledFetch(`${ORIGIN}/dev/mercadopago/v1/payments/${row!.payment_id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'charged_back' }),
    });
    expect(settled.status).toBe(200);
    const detail = await json<{ timeline: { kind: string; reason: string | null }[] }>(
      await asBuyer(admin, `/admin/orders/${orderId}`),
    );
    expect(detail.data.timeline.find((t) => t.kind === 'refunded')).toMatchObject({ reason: 'Contracargo del banco' });
    expect(JSON.stringify(detail.data.timeline)).not.toContain('charged_back');
  });

  it('resends the tickets e-mail with a reason and logs it in the timeline', async () => {
    const { buyer, orderId, admin } = await paidOrder(1);
    const before = (await mailsTo(buyer.email, 0)).length;
    expect((await asBuyer(admin, `/admin/orders/${orderId}/resend`, { method: 'POST', json: {} })).status).toBe(400);
    const outsider = await adminOf();
    const denied = await asBuyer(outsider, `/admin/orders/${orderId}/resend`, {
      method: 'POST',
      json: { reason: 'No le llegó' },
    });
    expect(denied.status).toBe(403);
    const res = await asBuyer(admin, `/admin/orders/${orderId}/resend`, {
      method: 'POST',
      json: { reason: 'No le llegó' },
    });
    expect(res.status).toBe(200);
    expect((await mailsTo(buyer.email, 0)).length).toBe(before + 1);
    expect(await auditOf(orderId)).toEqual([{ action: 'resend', reason: 'No le llegó', actor_user_id: admin.id }]);
    const detail = await json<{ timeline: { kind: string; by: string }[] }>(
      await asBuyer(admin, `/admin/orders/${orderId}`),
    );
    expect(detail.data.timeline.at(-1)).toMatchObject({ kind: 'resend', by: 'Ana Compradora' });
  });

  it('refunds some tickets: partial MercadoPago refund, tickets revoked, stock back, order still paid', async () => {
    const { event, buyer, orderId, admin } = await paidOrder(3, 5);
    const [first, second] = await ticketsOfOrderInDb(orderId);
    const res = await asBuyer(admin, `/admin/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'No puede ir', ticket_ids: [first.id] },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { refunded_cents: number; whole: boolean } };
    expect(body.result).toMatchObject({
      refunded_cents: 1150_00,
      fee_cents: 150_00,
      tickets: 1,
      whole: false,
      method: 'mercadopago',
    });
    expect((await ticketsOfOrderInDb(orderId)).map((t) => t.status).sort()).toEqual(['cancelled', 'valid', 'valid']);
    expect((await orderOf(buyer, orderId)).status).toBe('paid');
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2, available: 3 });
    const payment = await env.DB.prepare(
      "select body from dev_mp_payments where json_extract(body, '$.external_reference') = ?",
    )
      .bind(orderId)
      .first<{ body: string }>();
    expect(JSON.parse(payment!.body)).toMatchObject({ status: 'approved', transaction_amount_refunded: 1150 });
    // Refunding a cancelled ticket again is refused.
    const again = await asBuyer(admin, `/admin/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'Otra vez', ticket_ids: [first.id] },
    });
    expect(again.status).toBe(409);
    const rest = await asBuyer(admin, `/admin/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'Cancela todo', ticket_ids: [second.id] },
    });
    expect(rest.status).toBe(200);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 1, available: 4 });
    const dashboard = await json<{ figures: { refunds_cents: number } }>(
      await asBuyer(admin, `/admin/sales/dashboard?event_id=${event.event_id}&period=hoy`),
    );
    expect(dashboard.data.figures.refunds_cents).toBe(2300_00);
    // Refunding the last valid ticket refunds the order.
    const last = (await ticketsOfOrderInDb(orderId)).filter((t) => t.status === 'valid');
    expect(last).toHaveLength(1);
    const final = await asBuyer(admin, `/admin/orders/${orderId}/refund`, { method: 'POST', json: { reason: 'Todo' } });
    expect(final.status).toBe(200);
    expect((await orderOf(buyer, orderId)).status).toBe('refunded');
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 0, available: 5 });
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual([
      'partial_refund',
      'partial_refund',
      'partial_refund',
    ]);
  });

  it('refunds the whole order, with a reason required, and not for another producer', async () => {
    const { event, buyer, orderId, admin } = await paidOrder(2, 4);
    const noReason = await asBuyer(admin, `/admin/orders/${orderId}/refund`, { method: 'POST', json: { reason: '' } });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).message).toBe('Contá el motivo (al menos 3 caracteres)');
    const outsider = await adminOf();
    expect(
      (await asBuyer(outsider, `/admin/orders/${orderId}/refund`, { method: 'POST', json: { reason: 'Fraude' } }))
        .status,
    ).toBe(403);
    const res = await asBuyer(admin, `/admin/orders/${orderId}/refund`, { method: 'POST', json: { reason: 'Fraude' } });
    expect(res.status).toBe(200);
    expect((await orderOf(buyer, orderId)).status).toBe('refunded');
    expect((await ticketsOfOrderInDb(orderId)).map((t) => t.status)).toEqual(['cancelled', 'cancelled']);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 0, available: 4 });
    expect(await auditOf(orderId)).toMatchObject([{ action: 'refund', reason: 'Fraude' }]);
  });

  it("changes a ticket's holder with a reason, validated, audited, not for another producer", async () => {
    const { orderId, admin } = await paidOrder(1);
    const [ticket] = await ticketsOfOrderInDb(orderId);
    const path = `/admin/tickets/${ticket.id}/holder`;
    const bad = await asBuyer(admin, path, {
      method: 'POST',
      json: { reason: 'Regalo', name: 'Beto Dos', dni: '123' },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('DNI debe tener exactamente 8 dígitos sin puntos');
    const input = { reason: 'Regalo', name: 'Beto Dos', dni: '30222222' };
    expect((await asBuyer(await adminOf(), path, { method: 'POST', json: input })).status).toBe(403);
    expect(
      (await asBuyer(admin, '/admin/tickets/AAAAAAAAAAAAAAAA/holder', { method: 'POST', json: input })).status,
    ).toBe(404);
    expect((await asBuyer(admin, path, { method: 'POST', json: input })).status).toBe(200);
    const row = await env.DB.prepare('select holder_name, holder_dni from tickets where id = ?')
      .bind(ticket.id)
      .first<{ holder_name: string; holder_dni: string }>();
    expect(row).toEqual({ holder_name: 'Beto Dos', holder_dni: '30222222' });
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(['holder_change']);
  });
});

describe('exports', () => {
  it('exports orders as CSV and XLSX with the order in them, audited, and not for another producer', async () => {
    const { event, orderId, admin } = await paidOrder(1);
    const csv = await asBuyer(admin, `/admin/exports/orders?event_id=${event.event_id}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain(orderId);
    expect(text).toContain(';1150;'); // amounts as numbers in pesos
    const xlsx = await asBuyer(admin, `/admin/exports/orders?event_id=${event.event_id}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe('PK'); // a zip: a real XLSX
    expect((await asBuyer(await adminOf(), `/admin/exports/orders?event_id=${event.event_id}`)).status).toBe(403);
    expect((await asBuyer(admin, `/admin/exports/orders?format=pdf`)).status).toBe(400);
    const exports = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'export' and actor_user_id = ?",
    )
      .bind(admin.id)
      .first<{ n: number }>();
    expect(exports?.n).toBe(2);
  });

  it('exports the attendee list as CSV and as a printable PDF', async () => {
    const { event, orderId, admin } = await paidOrder(2);
    const csv = await (await asBuyer(admin, `/admin/exports/attendees?event_id=${event.event_id}`)).text();
    const [ticket] = await ticketsOfOrderInDb(orderId);
    expect(csv).toContain(ticket.id);
    const pdf = await asBuyer(admin, `/admin/exports/attendees?event_id=${event.event_id}&format=pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await asBuyer(admin, '/admin/exports/attendees')).status).toBe(400);
  });
});

describe('finance', () => {
  it('breaks down gross, service charges, MercadoPago fees, refunds, net and what is to be released', async () => {
    const { event, orderId, admin } = await paidOrder(2);
    const [first] = await ticketsOfOrderInDb(orderId);
    await asBuyer(admin, `/admin/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'No puede ir', ticket_ids: [first.id] },
    });
    const res = await asBuyer(admin, `/admin/finance?event_id=${event.event_id}&period=hoy`);
    expect(res.status).toBe(200);
    const { data } = await json<{
      totals: Record<string, number>;
      available_cents: number;
      to_release_cents: number;
      series: unknown[];
      reconciliation: Record<string, unknown[]>;
    }>(res);
    // Sandbox fee: 7.61 % of $ 2.300 = $ 175,03; released in 14 days.
    expect(data.totals).toMatchObject({
      gross_cents: 2000_00,
      service_charges_cents: 300_00,
      total_cents: 2300_00,
      mp_fees_cents: 175_03,
      refunds_cents: 1150_00,
      chargebacks_cents: 0,
      // gross − MercadoPago fees − refunds − chargebacks (read from the ledger).
      net_cents: 2300_00 - 175_03 - 1150_00,
    });
    // The refund left at once; the payment (net of its fee) is released in 14 days: together, the net.
    expect(data.available_cents).toBe(-1150_00);
    expect(data.to_release_cents).toBe(2300_00 - 175_03);
    expect(data.available_cents + data.to_release_cents).toBe(data.totals.net_cents);
    expect(data.series).toHaveLength(1);
    expect(data.reconciliation).toEqual({
      payments_without_paid_order: [],
      paid_orders_without_payment: [],
      amount_mismatches: [],
      refund_mismatches: [],
      orders_missing_from_ledger: [],
    });
    expect((await asBuyer(await adminOf(), `/admin/finance?event_id=${event.event_id}`)).status).toBe(403);
    const xlsx = await asBuyer(admin, `/admin/exports/finance?event_id=${event.event_id}&period=hoy&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('.xlsx');
  });

  it('lists a paid order whose payment is missing as a mismatch', async () => {
    const { event, orderId, admin } = await paidOrder(1);
    await env.DB.prepare('delete from payments where order_id = ?').bind(orderId).run();
    const { data } = await json<{ reconciliation: { paid_orders_without_payment: { order_id: string }[] } }>(
      await asBuyer(admin, `/admin/finance?event_id=${event.event_id}&period=hoy`),
    );
    expect(data.reconciliation.paid_orders_without_payment.map((r) => r.order_id)).toEqual([orderId]);
  });
});

describe('box office', () => {
  it('sells at once through the inventory authority, issues tickets, shows in finance and the staff report', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 3, price_cents: 500_00 });
    const admin = await adminOf(event.producer_id);
    const sale = (json: unknown, who = admin) => asBuyer(who, '/admin/box-office/sales', { method: 'POST', json });
    const items = [{ ticket_type_id: event.ticket_type_id, quantity: 2 }];
    const badMethod = await sale({ event_id: event.event_id, items, method: 'cheque' });
    expect(badMethod.status).toBe(400);
    expect((await json(badMethod)).message).toBe('Elegí cómo pagó: efectivo, tarjeta o transferencia');
    expect((await sale({ event_id: event.event_id, items, method: 'cash' }, await adminOf())).status).toBe(403);
    // An online buyer holds 2 of 3: the box office cannot sell 2 more.
    const buyer = await createBuyer();
    await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
    const refused = await sale({ event_id: event.event_id, items, method: 'cash' });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe('Quedan solo 1 entradas de General.');
    const ok = await sale({
      event_id: event.event_id,
      items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }],
      method: 'cash',
      buyer: { name: 'Carla Puerta', email: '', dni: '' },
    });
    expect(ok.status).toBe(201);
    const { data } = await json<{ order_id: string; total_cents: number; method_label: string }>(ok);
    expect(data.total_cents).toBe(500_00);
    expect(data.method_label).toBe('Efectivo en boletería');
    expect((await ticketsOfOrderInDb(data.order_id)).map((t) => t.status)).toEqual(['valid']);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({
      sold: 1,
      held: 2,
      available: 0,
    });
    const fin = await json<{ totals: { total_cents: number; service_charges_cents: number } }>(
      await asBuyer(admin, `/admin/finance?event_id=${event.event_id}&period=hoy`),
    );
    expect(fin.data.totals).toMatchObject({ total_cents: 500_00, service_charges_cents: 0 });
    const report = await json<{ name: string; method: string; amount_cents: number }[]>(
      await asBuyer(admin, `/admin/box-office/report?event_id=${event.event_id}&period=hoy`),
    );
    expect(report.data).toEqual([
      expect.objectContaining({
        user_id: admin.id,
        method: 'cash',
        method_label: 'Efectivo en boletería',
        sales: 1,
        amount_cents: 500_00,
      }),
    ]);
    const detail = await json<{ timeline: { kind: string }[] }>(await asBuyer(admin, `/admin/orders/${data.order_id}`));
    expect(detail.data.timeline.map((t) => t.kind)).toEqual(['created', 'paid', 'box_office_sale']);
    // Refunding a box-office sale gives the ticket back without MercadoPago.
    const refund = await asBuyer(admin, `/admin/orders/${data.order_id}/refund`, {
      method: 'POST',
      json: { reason: 'Se arrepintió' },
    });
    expect(refund.status).toBe(200);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 0 });
  });
});
