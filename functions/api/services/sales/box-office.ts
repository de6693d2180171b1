import { INVITATION_MSG } from '../../../../src/shared/messages/invitations';
import { boxOfficeMethodLabel } from '../../../../src/shared/messages/payments';
import { SALES_MSG } from '../../../../src/shared/messages/sales';
import type { BoxOfficeSale } from '../../../../src/shared/schemas/sales';
import { orderTransition } from '../../../domain/checkout/order-state';
import type { Actor } from '../../../domain/events/access';
import { inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';
import { createHold } from '../checkout/holds';
import { ensureTickets } from '../checkout/issue-tickets';
import { findOrder, nowIso, type OrderRow } from '../checkout/orders';
import { ticketsOfOrder } from '../checkout/ticket-list';
import { printable, sendOrderTickets } from '../checkout/ticket-mail';
import { ticketsPdf } from '../checkout/ticket-pdf';
import { auditStatement } from './audit';
import { BOX_OFFICE_PAYMENT_PREFIX } from './box-office-payment';
import type { SalesScope } from './scope';

type Defer = (work: Promise<unknown>) => void;

/**
 * A sale at the door or the ticket office, paid at once. It goes through the event's inventory object like
 * an online sale (sell: the same atomic check against capacity, holds and sold), under its own hold key so
 * it never replaces the staff member's own holds, and is committed at once. No service charge: the buyer
 * did not use the platform. The tickets belong to the buyer's account when their e-mail has one, else to
 * the staff member who sold them; they are e-mailed when there is an e-mail, and printable in any case.
 */
export async function boxOfficeSale(env: Env, actor: Actor, input: BoxOfficeSale, defer: Defer) {
  const saleId = crypto.randomUUID();
  const account = input.buyer.email
    ? await env.DB.prepare('select id from users where email = ? collate nocase')
        .bind(input.buyer.email)
        .first<{ id: number }>()
    : null;
  const ownerId = account?.id ?? actor.userId;
  // The route checked tickets.sell on this event: that permission is what lets the box office sell during a
  // queued on-sale without a queue pass (the one exemption of "Venta con fila").
  const hold = await createHold(env, ownerId, input, `boleteria:${saleId}`, 'box_office');
  const committed = await inventoryOf(env, input.event_id).commit(hold.holdId);
  if (!committed.ok) fail(409, SALES_MSG.boxOfficeSoldOut);
  const paymentId = `${BOX_OFFICE_PAYMENT_PREFIX}${saleId}`;
  const now = nowIso();
  const amount = hold.subtotalCents;
  await env.DB.batch([
    env.DB.prepare('update order_items set unit_fee_cents = 0 where order_id = ?').bind(hold.orderId),
    orderTransition(env.DB, { id: hold.orderId }, ['held'], 'paid', {
      set: {
        buyer_name: input.buyer.name || null,
        buyer_email: input.buyer.email || null,
        buyer_dni: input.buyer.dni || null,
        payment_id: paymentId,
        payment_status: 'approved',
        paid_at: now,
      },
      setSql: 'fee_cents = 0, total_cents = subtotal_cents',
    }),
    env.DB.prepare(
      `insert into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, ref)
       select id, producer_id, event_id, 'box_office', ?, ?, ? from orders where id = ? and payment_id = ?`,
    ).bind(input.method, amount, paymentId, hold.orderId, paymentId),
    env.DB.prepare(
      `insert into payments (id, order_id, status, status_detail, payment_method_id, payment_type_id, amount_cents, money_release_date, updated_at)
       values (?, ?, 'approved', 'boleteria', ?, ?, ?, ?, ?)`,
    ).bind(paymentId, hold.orderId, input.method, `boleteria_${input.method}`, amount, now, now),
    auditStatement(env.DB, actor, {
      producerId: null,
      eventId: input.event_id,
      orderId: hold.orderId,
      action: 'box_office_sale',
      detail: { method: input.method, amount_cents: amount },
    }),
  ]);
  const order = await findOrder(env, hold.orderId);
  if (!order) fail(500, SALES_MSG.notRecorded);
  await ensureTickets(env, order);
  if (order.buyer_email) defer(sendOrderTickets(env, order));
  return {
    order_id: order.id,
    total_cents: amount,
    method: input.method,
    method_label: boxOfficeMethodLabel(input.method),
    buyer_email: order.buyer_email,
  };
}

/** What each staff member sold at the box office in the period, by payment method (cash to account for). */
export async function boxOfficeReport(db: D1Database, scope: SalesScope, range: { from: string; to: string } | null) {
  const { results } = await db
    .prepare(
      `select a.actor_user_id as user_id, a.actor_name as name, p.payment_method_id as method, count(*) as sales,
              sum(p.amount_cents) as amount_cents
       from audit_log a join orders o on o.id = a.order_id join payments p on p.id = o.payment_id
       where a.action = 'box_office_sale' and ${scope.sql} and o.status = 'paid' and a.created_at >= ? and a.created_at < ?
       group by a.actor_user_id, p.payment_method_id order by name, method`,
    )
    .bind(...scope.binds, range?.from ?? '', range?.to ?? '9999')
    .all<{ user_id: number; name: string; method: string; sales: number; amount_cents: number }>();
  return results.map((r) => ({ ...r, method_label: boxOfficeMethodLabel(r.method) }));
}

/** The order's valid tickets as a PDF (one page each), for the box office to hand over or print. */
export async function boxOfficeTicketsPdf(env: Env, order: OrderRow): Promise<Uint8Array> {
  if (order.status !== 'paid') fail(409, SALES_MSG.onlyPaidPrint);
  const tickets = await ticketsOfOrder(env, order.id);
  if (tickets.length === 0) fail(409, SALES_MSG.noValidTickets);
  return ticketsPdf(printable(tickets));
}

/**
 * E-mails the order's tickets to an address given at the box office (a walk-in buyer without e-mail is
 * normal: this is optional). The address becomes the order's buyer e-mail when it had none. Audited.
 */
export async function mailBoxOfficeTickets(env: Env, actor: Actor, order: OrderRow, email: string) {
  if (order.status !== 'paid') fail(409, SALES_MSG.onlyPaidSend);
  if (order.kind === 'invitation') fail(409, INVITATION_MSG.notResendable);
  await env.DB.batch([
    env.DB.prepare('update orders set buyer_email = coalesce(buyer_email, ?), updated_at = ? where id = ?').bind(
      email,
      nowIso(),
      order.id,
    ),
    auditStatement(env.DB, actor, {
      producerId: order.producer_id,
      eventId: order.event_id,
      orderId: order.id,
      action: 'resend',
      reason: SALES_MSG.sentFromBoxOffice,
      detail: { to: email },
    }),
  ]);
  await sendOrderTickets(env, { ...order, buyer_email: email });
}
