import { orderStatusLabel, ticketStatusLabel } from '../../../../src/shared/messages/checkout';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { paymentStatusLabel } from '../../../../src/shared/messages/payments';
import { ORDER_TIMELINE_TEXT as T } from '../../../../src/shared/messages/sales';
import { REFUND_METHOD_LABEL, type RefundMethod } from '../../../../src/shared/schemas/sales';
import { type OrderRow, orderItems } from '../checkout/orders';
import { type TicketDetail, venueLine } from '../checkout/ticket-list';
import { refundMethodOf } from '../refunds/refund';

export type TimelineEntry = { at: string; kind: string; label: string; by: string | null; reason: string | null };

/** Everything the back office shows of one order: buyer, items, tickets, payments and a timeline. */
export async function orderDetail(env: Env, order: OrderRow & { refunded_cents?: number; created_at?: string }) {
  const db = env.DB;
  const [items, batch] = await Promise.all([
    orderItems(env, order.id),
    db.batch([
      db
        .prepare(
          `select k.id, k.code, k.status, k.holder_name, k.holder_dni, k.used_at, k.created_at, tt.name as type_name,
                  k.seat_label, tt.named, k.refund_id, i.unit_price_cents, i.unit_fee_cents, d.starts_at
           from tickets k join ticket_types tt on tt.id = k.ticket_type_id join event_dates d on d.id = k.event_date_id
             left join order_items i on i.order_id = k.order_id and i.ticket_type_id = k.ticket_type_id
           where k.order_id = ? order by k.created_at, k.id`,
        )
        .bind(order.id),
      db
        .prepare(
          `select id, status, status_detail, payment_method_id, payment_type_id, amount_cents, fee_cents,
                  money_release_date, installments, updated_at from payments where order_id = ? order by updated_at`,
        )
        .bind(order.id),
      db
        .prepare('select action, reason, detail, actor_name, created_at from audit_log where order_id = ? order by id')
        .bind(order.id),
      db
        .prepare(
          `select x.to_email, x.accepted_at from ticket_transfers x join tickets k on k.id = x.ticket_id
           where k.order_id = ? and x.status = 'accepted'`,
        )
        .bind(order.id),
      db
        .prepare(
          'select e.title, v.name as venue, v.address, v.city from events e left join venues v on v.id = e.venue_id where e.id = ?',
        )
        .bind(order.event_id),
      db.prepare('select created_at, refunded_cents from orders where id = ?').bind(order.id),
      db
        .prepare(
          `select id, ticket_ids, amount_cents, fee_cents, method, status, created_at, done_at from refunds
           where order_id = ? order by created_at`,
        )
        .bind(order.id),
    ]),
  ]);
  const [ticketsRes, paymentsRes, auditRes, transfersRes, eventRes, extraRes, refundsRes] = batch;
  const tickets = ticketsRes.results as {
    id: string;
    code: string;
    status: string;
    holder_name: string | null;
    holder_dni: string | null;
    used_at: string | null;
    created_at: string;
    type_name: string;
    /** A seated ticket's seat ("Platea, fila F, butaca 12"), null for general admission (issue 33). */
    seat_label: string | null;
    named: number;
    refund_id: string | null;
    unit_price_cents: number | null;
    unit_fee_cents: number | null;
    /** The function (date) the ticket is for: an event with several nights prints which one. */
    starts_at: string;
  }[];
  const event = eventRes.results[0] as
    | (Pick<TicketDetail, 'venue' | 'address' | 'city'> & { title: string })
    | undefined;
  const refunds = (
    refundsRes.results as {
      id: string;
      ticket_ids: string;
      amount_cents: number;
      fee_cents: number;
      method: RefundMethod;
      status: string;
      created_at: string;
      done_at: string | null;
    }[]
  ).map((r) => ({
    ...r,
    ticket_ids: JSON.parse(r.ticket_ids) as string[],
    method_label: REFUND_METHOD_LABEL[r.method],
  }));
  const audits = auditRes.results as {
    action: string;
    reason: string;
    detail: string;
    actor_name: string;
    created_at: string;
  }[];
  const extra = extraRes.results[0] as { created_at: string; refunded_cents: number };
  const timeline: TimelineEntry[] = [
    { at: extra.created_at, kind: 'created', label: T.created, by: null, reason: null },
  ];
  if (order.paid_at) {
    timeline.push({ at: order.paid_at, kind: 'paid', label: T.paid, by: null, reason: null });
    const boxOffice = audits.some((a) => a.action === 'box_office_sale');
    if (order.buyer_email && !boxOffice)
      timeline.push({
        at: order.paid_at,
        kind: 'emailed',
        label: T.emailed,
        by: null,
        reason: null,
      });
  }
  for (const t of transfersRes.results as { to_email: string; accepted_at: string | null }[]) {
    if (t.accepted_at)
      timeline.push({
        at: t.accepted_at,
        kind: 'transferred',
        label: T.transferred(t.to_email),
        by: null,
        reason: null,
      });
  }
  for (const t of tickets) {
    if (t.used_at)
      timeline.push({
        at: t.used_at,
        kind: 'checked_in',
        label: `Ingreso: ${t.type_name} (${t.id})`,
        by: null,
        reason: null,
      });
  }
  const staffRefund = audits.some((a) => a.action === 'refund');
  if (order.status === 'refunded' && !staffRefund) {
    const reason = order.status_reason === 'sin_stock' ? T.noStock : paymentStatusLabel(order.payment_status);
    timeline.push({
      at: order.paid_at ?? extra.created_at,
      kind: 'refunded',
      label: T.refunded,
      by: null,
      reason,
    });
  }
  for (const r of refunds) {
    if (r.status === 'done' && r.done_at && order.buyer_email)
      timeline.push({
        at: r.done_at,
        kind: 'refund_email',
        label: T.refundEmail(order.buyer_email, REFUND_METHOD_LABEL[r.method]),
        by: null,
        reason: null,
      });
  }
  for (const a of audits) {
    timeline.push({
      at: a.created_at,
      kind: a.action,
      label: T.audit[a.action] ?? T.staffAction,
      by: a.actor_name,
      reason: a.reason,
    });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: order.id,
    status: order.status,
    status_label: orderStatusLabel(order.status, extra.refunded_cents),
    kind: order.kind,
    /** How a refund of this order gives the money back (what the refund dialog says). */
    refund_method: refundMethodOf(order, order.total_cents),
    refund_method_label: REFUND_METHOD_LABEL[refundMethodOf(order, order.total_cents)],
    refunds,
    event: {
      id: order.event_id,
      title: event?.title ?? EVENT_MSG.fallbackTitle,
      venue: event ? venueLine(event) : null,
    },
    buyer: { name: order.buyer_name, email: order.buyer_email, dni: order.buyer_dni, phone: order.buyer_phone },
    subtotal_cents: order.subtotal_cents,
    fee_cents: order.fee_cents,
    total_cents: order.total_cents,
    refunded_cents: extra.refunded_cents,
    created_at: extra.created_at,
    paid_at: order.paid_at,
    payment_id: order.payment_id,
    items: items.map((i) => ({
      ticket_type_id: i.ticket_type_id,
      name: i.name,
      quantity: i.quantity,
      unit_price_cents: i.unit_price_cents,
      unit_fee_cents: i.unit_fee_cents,
    })),
    tickets: tickets.map((t) => ({
      ...t,
      named: t.named === 1,
      unit_price_cents: t.unit_price_cents ?? 0,
      unit_fee_cents: t.unit_fee_cents ?? 0,
      status_label: ticketStatusLabel(t.status, Boolean(t.refund_id)),
    })),
    payments: paymentsRes.results as {
      id: string;
      status: string;
      status_detail: string | null;
      payment_method_id: string | null;
      payment_type_id: string | null;
      amount_cents: number;
      fee_cents: number;
      money_release_date: string | null;
      installments: number | null;
      updated_at: string;
    }[],
    timeline,
  };
}
