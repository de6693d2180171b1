import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { logCopied } from '../../../functions/api/services/checkin/scan';
import { resumeRefunds } from '../../../functions/api/services/refunds/refund';
import { IllegalTransition, orderTransition, ticketTransition } from '../../../functions/domain/checkout/order-state';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { ticketsOfOrderInDb } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';
import { sellAtBoxOffice } from '../kit/sales';
import { auditOf, paidOrder } from '../sales/admin-sales-fixtures';

const json = async (res: Response) => (await res.json()) as Answer;

const refund = (admin: { auth: Record<string, string> }, orderId: string, json: Record<string, unknown> = {}) =>
  asBuyer(admin, `/admin/orders/${orderId}/refund`, { method: 'POST', json: { reason: 'Prueba', ...json } });

async function admit(staff: { auth: Record<string, string> }, eventId: number, code: string, copied = true) {
  const res = await asBuyer(staff, `/checkin/events/${eventId}/scan`, {
    method: 'POST',
    json: { code, nonce: `n-${crypto.randomUUID()}`, device: 'test' },
  });
  expect(res.status).toBe(200);
  if (copied) await logCopied(env, eventId);
}

describe('the order and ticket state machine', () => {
  it('refuses transitions its table does not allow, before writing anything', () => {
    expect(() => orderTransition(env.DB, { id: 'x' }, ['refunded'], 'paid')).toThrow(IllegalTransition);
    expect(() => orderTransition(env.DB, { id: 'x' }, ['paid'], 'held')).toThrow(IllegalTransition);
    expect(() => ticketTransition(env.DB, { ids: ['x'] }, ['used'], 'cancelled')).toThrow(IllegalTransition);
    expect(() => ticketTransition(env.DB, { ids: ['x'] }, ['cancelled'], 'valid')).toThrow(IllegalTransition);
  });

  it('is a conditional write: of two racing transitions from the same state only one wins', async () => {
    const { orderId } = await paidOrder(1);
    const [a, b] = await Promise.all([
      orderTransition(env.DB, { id: orderId }, ['paid'], 'refunded').run(),
      orderTransition(env.DB, { id: orderId }, ['paid'], 'refunded').run(),
    ]);
    expect(a.meta.changes + b.meta.changes).toBe(1);
    const row = await env.DB.prepare('select version from orders where id = ?')
      .bind(orderId)
      .first<{ version: number }>();
    // created (0) → pending_payment → paid → refunded: every transition bumped it once.
    expect(row!.version).toBe(3);
  });
});

describe('refunds', () => {
  it('writes the refund row first, answers the amount, service charge and method, and e-mails the buyer', async () => {
    const { buyer, orderId, admin, event } = await paidOrder(2);
    const [first] = await ticketsOfOrderInDb(orderId);
    const res = await refund(admin, orderId, { ticket_ids: [first.id], idempotency_key: 'clave-de-prueba-1' });
    expect(res.status).toBe(200);
    expect((await json(res)).result).toMatchObject({
      refunded_cents: 1150_00,
      fee_cents: 150_00,
      method: 'mercadopago',
      status: 'done',
      whole: false,
    });
    const row = await env.DB.prepare('select * from refunds where idempotency_key = ?')
      .bind('clave-de-prueba-1')
      .first<{ status: string; amount_cents: number; ticket_ids: string; created_by: number }>();
    expect(row).toMatchObject({ status: 'done', amount_cents: 1150_00, created_by: admin.id });
    expect(JSON.parse(row!.ticket_ids)).toEqual([first.id]);
    // The same key again is the same refund: nothing more given back, nothing more sent to MercadoPago.
    const again = await refund(admin, orderId, { ticket_ids: [first.id], idempotency_key: 'clave-de-prueba-1' });
    expect(again.status).toBe(200);
    const mp = await env.DB.prepare(
      "select count(*) as n from dev_mp_refunds where idempotency_key = 'clave-de-prueba-1'",
    ).first<{ n: number }>();
    expect(mp!.n).toBe(1);
    // The buyer's e-mail: the amount, the method, when to expect it.
    await vi.waitFor(async () => {
      const mails = await mailsTo(buyer.email, 0);
      const mail = mails.find((m) => m.subject.startsWith('Reembolso de $\u00a01.150'));
      expect(mail).toBeDefined();
      expect(mail!.html).toContain('MercadoPago, al medio de pago original');
      expect(mail!.html).toContain('hasta 10 días hábiles');
      expect(mail!.html).toContain('$\u00a0150');
    });
    // The back office: "Reembolso parcial", the ticket "Reembolsada", the e-mail in the timeline.
    const detail = await json(await asBuyer(admin, `/admin/orders/${orderId}`));
    const data = detail.data as {
      status_label: string;
      tickets: { id: string; status_label: string }[];
      timeline: { kind: string }[];
      refunds: { amount_cents: number }[];
    };
    expect(data.status_label).toBe('Reembolso parcial');
    expect(data.tickets.find((t) => t.id === first.id)?.status_label).toBe('Reembolsada');
    expect(data.timeline.map((t) => t.kind)).toContain('refund_email');
    expect(data.refunds).toHaveLength(1);
    // The rest: the order is "Reembolsada".
    expect((await refund(admin, orderId)).status).toBe(200);
    const whole = (await json(await asBuyer(admin, `/admin/orders/${orderId}`))).data as { status_label: string };
    expect(whole.status_label).toBe('Reembolsada');
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 0 });
  });

  it('a key used for another order is refused in Spanish', async () => {
    const one = await paidOrder(1);
    const two = await paidOrder(1);
    expect((await refund(one.admin, one.orderId, { idempotency_key: 'clave-compartida' })).status).toBe(200);
    const other = await refund(two.admin, two.orderId, { idempotency_key: 'clave-compartida' });
    expect(other.status).toBe(409);
    expect((await json(other)).message).toBe('Esa clave de idempotencia ya se usó para otro reembolso.');
  });

  it('a MercadoPago outage leaves the refund pending; the retry uses the same key and refunds once', async () => {
    const { orderId, admin } = await paidOrder(2);
    let refundCalls = 0;
    routeNetwork({
      // MercadoPago's notifications are lost too: only a retry can finish the refund.
      webhooks: false,
      mercadopago: async (request, next) => {
        const answer = await next();
        // The first refund reaches MercadoPago, but its answer never comes back.
        if (new URL(request.url).pathname.endsWith('/refunds') && refundCalls++ === 0)
          throw new TypeError('network connection lost');
        return answer;
      },
    });
    const first = await refund(admin, orderId);
    expect(first.status).toBe(502);
    expect((await json(first)).message).toContain('MercadoPago no respondió');
    const pending = await env.DB.prepare('select status from refunds where order_id = ?')
      .bind(orderId)
      .first<{ status: string }>();
    expect(pending!.status).toBe('pending');
    // Another refund request of the order drives the pending one with its own key: done once.
    const retry = await refund(admin, orderId);
    expect(retry.status).toBe(409); // nothing left to refund: the pending refund took every ticket and is done now
    const rows = await env.DB.prepare('select status, amount_cents from refunds where order_id = ?')
      .bind(orderId)
      .all<{ status: string; amount_cents: number }>();
    expect(rows.results).toEqual([{ status: 'done', amount_cents: 2300_00 }]);
    const order = await env.DB.prepare('select status, refunded_cents from orders where id = ?')
      .bind(orderId)
      .first<{ status: string; refunded_cents: number }>();
    expect(order).toEqual({ status: 'refunded', refunded_cents: 2300_00 });
    const mp = await env.DB.prepare(
      'select count(*) as n, sum(amount_cents) as cents from dev_mp_refunds where payment_id = (select cast(payment_id as integer) from orders where id = ?)',
    )
      .bind(orderId)
      .first<{ n: number; cents: number }>();
    expect(mp).toEqual({ n: 1, cents: 2300_00 });
  });

  it('a box-office order is refunded in cash: recorded as cash, nothing asked of MercadoPago', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 3, price_cents: 500_00 });
    const admin = await adminOf(event.producer_id);
    const sale = await sellAtBoxOffice(admin, { ...event, quantity: 2 });
    const { order_id } = (await json(sale)).data as { order_id: string };
    const detail = (await json(await asBuyer(admin, `/admin/orders/${order_id}`))).data as {
      refund_method_label: string;
    };
    expect(detail.refund_method_label).toBe('Efectivo en boletería');
    const [ticket] = await ticketsOfOrderInDb(order_id);
    const res = await refund(admin, order_id, { ticket_ids: [ticket.id] });
    expect((await json(res)).result).toMatchObject({ method: 'cash', refunded_cents: 500_00, fee_cents: 0 });
    const ledger = await env.DB.prepare(
      'select kind, method, amount_cents from ledger_entries where order_id = ? order by id',
    )
      .bind(order_id)
      .all();
    expect(ledger.results).toEqual([
      { kind: 'box_office', method: 'cash', amount_cents: 1000_00 },
      { kind: 'refund', method: 'cash', amount_cents: 500_00 },
    ]);
  });
});

describe('tickets used at the door', () => {
  it('a ticket admitted a moment ago (its log not yet in D1) is refused without the override too', async () => {
    const { orderId, admin, event } = await paidOrder(1, 1);
    const [inside] = await ticketsOfOrderInDb(orderId);
    await admit(admin, event.event_id, inside.code, false);
    const refused = await refund(admin, orderId);
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe(
      'Alguna de esas entradas ya ingresó al evento. Para reembolsarla igual, confirmá "ya ingresó: reembolsar igual".',
    );
  });

  it('the check-in log marks the ticket used; refund refused (409) until the override, which is audited', async () => {
    const { orderId, admin, event } = await paidOrder(2, 2);
    const [inside, outside] = await ticketsOfOrderInDb(orderId);
    await admit(admin, event.event_id, inside.code);
    const row = await env.DB.prepare('select status, used_at from tickets where id = ?')
      .bind(inside.id)
      .first<{ status: string; used_at: string }>();
    expect(row!.status).toBe('used');
    expect(row!.used_at).toBeTruthy();

    const refused = await refund(admin, orderId, { ticket_ids: [inside.id] });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe(
      'Alguna de esas entradas ya ingresó al evento. Para reembolsarla igual, confirmá "ya ingresó: reembolsar igual".',
    );
    // The whole order includes the admitted ticket: refused too, and nothing changed.
    expect((await refund(admin, orderId)).status).toBe(409);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2 });
    // The holder of an admitted ticket cannot change.
    const holder = await asBuyer(admin, `/admin/tickets/${inside.id}/holder`, {
      method: 'POST',
      json: { reason: 'Regalo', name: 'Beto Dos', dni: '30222222' },
    });
    expect(holder.status).toBe(409);
    expect((await json(holder)).message).toBe('Esta entrada ya ingresó al evento: no se puede cambiar su titular.');
    // A wrong confirmation is a 400 in Spanish.
    const wrong = await refund(admin, orderId, { ticket_ids: [inside.id], confirm_used: 'sí' });
    expect(wrong.status).toBe(400);

    const overridden = await refund(admin, orderId, { confirm_used: 'ya ingresó: reembolsar igual' });
    expect(overridden.status).toBe(200);
    const tickets = await env.DB.prepare('select id, status, refund_id from tickets where order_id = ? order by id')
      .bind(orderId)
      .all<{ id: string; status: string; refund_id: string | null }>();
    // The person inside keeps their place: the admitted ticket stays used (refunded), the other is cancelled.
    expect(tickets.results.find((t) => t.id === inside.id)).toMatchObject({ status: 'used' });
    expect(tickets.results.find((t) => t.id === outside.id)).toMatchObject({ status: 'cancelled' });
    expect(tickets.results.every((t) => t.refund_id)).toBe(true);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 1, available: 1 });
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(['refund', 'refund_used_override']);
  });

  it('a DOOR member (no refund permission) cannot use the override', async () => {
    const { orderId, event } = await paidOrder(1);
    const door = await createBuyer('COLABORATORS');
    await env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'DOOR')")
      .bind(event.producer_id, door.id)
      .run();
    const res = await refund(door, orderId, { confirm_used: 'ya ingresó: reembolsar igual' });
    expect(res.status).toBe(403);
  });
});

describe('the ledger', () => {
  it('is immutable: entries are never updated or deleted', async () => {
    const { orderId } = await paidOrder(1);
    const kinds = await env.DB.prepare('select kind, amount_cents from ledger_entries where order_id = ? order by id')
      .bind(orderId)
      .all<{ kind: string; amount_cents: number }>();
    expect(kinds.results.map((k) => k.kind)).toEqual(['payment', 'service_charge', 'mp_fee']);
    expect(kinds.results[0].amount_cents).toBe(1150_00);
    await expect(
      env.DB.prepare('update ledger_entries set amount_cents = 0 where order_id = ?').bind(orderId).run(),
    ).rejects.toThrow(/immutable/);
    await expect(env.DB.prepare('delete from ledger_entries where order_id = ?').bind(orderId).run()).rejects.toThrow(
      /immutable/,
    );
  });
});

describe('box office hand-over', () => {
  it('a walk-in sale without e-mail: PDF of the tickets, optional e-mail later, scanner admits the ticket', async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 5, price_cents: 500_00 });
    const admin = await adminOf(event.producer_id);
    const sale = await sellAtBoxOffice(admin, {
      ...event,
      quantity: 2,
      method: 'card',
      buyer: { name: 'Sin Correo', email: '', dni: '' },
    });
    expect(sale.status).toBe(201);
    const { order_id, method, buyer_email } = (await json(sale)).data as {
      order_id: string;
      method: string;
      buyer_email: string | null;
    };
    expect({ method, buyer_email }).toEqual({ method: 'card', buyer_email: null });
    const pdf = await asBuyer(admin, `/admin/orders/${order_id}/tickets.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await asBuyer(await adminOf(), `/admin/orders/${order_id}/tickets.pdf`)).status).toBe(403);
    // Resending to nobody is refused in Spanish (not "a null").
    const resend = await asBuyer(admin, `/admin/orders/${order_id}/resend`, {
      method: 'POST',
      json: { reason: 'Pidió' },
    });
    expect(resend.status).toBe(409);
    expect((await json(resend)).message).toBe('La orden no tiene e-mail del comprador.');
    const bad = await asBuyer(admin, `/admin/orders/${order_id}/tickets-mail`, {
      method: 'POST',
      json: { email: 'x' },
    });
    expect(bad.status).toBe(400);
    const email = `boleteria-${Date.now()}@prueba.local`;
    const sent = await asBuyer(admin, `/admin/orders/${order_id}/tickets-mail`, { method: 'POST', json: { email } });
    expect(sent.status).toBe(200);
    expect((await json(sent)).message).toBe(`Enviamos las entradas a ${email}.`);
    expect((await mailsTo(email, 0)).map((m) => m.subject)).toEqual([expect.stringContaining('Tus entradas para')]);
    const [ticket] = await ticketsOfOrderInDb(order_id);
    await admit(admin, event.event_id, ticket.code);
  });
});

describe('stock returned once per ticket', () => {
  it('the inventory object returns a ticket once, whoever asks again (a retry, the cron job)', async () => {
    const { orderId, admin, event } = await paidOrder(3, 3);
    const [first] = await ticketsOfOrderInDb(orderId);
    expect((await refund(admin, orderId, { ticket_ids: [first.id] })).status).toBe(200);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2, available: 1 });
    const order = await env.DB.prepare(
      'select hold_id, ticket_type_id from orders o join order_items i on i.order_id = o.id where o.id = ?',
    )
      .bind(orderId)
      .first<{ hold_id: string; ticket_type_id: number }>();
    // Asked again directly: nothing more comes back.
    const again = await inventoryOf(env, event.event_id).returnTickets(order!.hold_id, [
      { ticketId: first.id, typeId: order!.ticket_type_id },
    ]);
    expect(again).toEqual([]);
    // The cron job finds the refund as if its stock return had been lost: still once.
    await env.DB.prepare('update refunds set stock_returned = 0 where order_id = ?').bind(orderId).run();
    await resumeRefunds(env);
    expect((await inventoryOf(env, event.event_id).availability())[0]).toMatchObject({ sold: 2, available: 1 });
    const row = await env.DB.prepare('select stock_returned from refunds where order_id = ?')
      .bind(orderId)
      .first<{ stock_returned: number }>();
    expect(row!.stock_returned).toBe(1);
  });
});
