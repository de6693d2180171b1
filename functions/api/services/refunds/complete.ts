import {
  MAIL_CANCELLATION,
  MAIL_PARTIAL_REFUND,
  REFUND_METHOD_LABEL,
  REFUND_WHEN,
  USED_OVERRIDE_PHRASE,
} from '../../../../src/shared/messages/refunds';
import { formatMoney } from '../../../../src/shared/money';
import { orderTransition, ticketTransition } from '../../../domain/checkout/order-state';
import { commitChanges } from '../../../domain/commit';
import { inventoryOf } from '../../../durable-objects/stubs';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';
import { eventSummary, nowIso, type OrderRow } from '../checkout/orders';
import { summaryTable } from '../checkout/ticket-mail';
import { CANCEL_KEY_PREFIX, type RefundRow, UNREFUNDED_TICKET_SQL } from './rows';

/** A refund's end: its completion written once, its stock given back, its buyer told. */

/**
 * Completes a pending refund exactly once: every statement of the batch is conditional on this call's own
 * completion token having won the `pending → done` write, so a racing completion changes nothing.
 */
export async function completeRefund(env: Env, order: OrderRow, row: RefundRow): Promise<boolean> {
  const token = crypto.randomUUID();
  const now = nowIso();
  const ids = JSON.parse(row.ticket_ids) as string[];
  const won = { sql: 'exists (select 1 from refunds where id = ? and completion = ?)', binds: [row.id, token] };
  const wonSql = 'exists (select 1 from refunds where id = ? and completion = ?)';
  const statements = [
    env.DB.prepare(
      "update refunds set status = 'done', completion = ?, done_at = ? where id = ? and status = 'pending'",
    ).bind(token, now, row.id),
    env.DB.prepare(
      `insert or ignore into revocations (ticket_id, event_id, reason)
       select id, event_id, 'cancelled' from tickets where id in (${ids.map(() => '?').join(',')}) and status = 'valid'
         and ${wonSql}`,
    ).bind(...ids, row.id, token),
    ticketTransition(env.DB, { ids }, ['valid'], 'cancelled', { set: { refund_id: row.id }, where: won }),
    // An admitted ticket refunded with the override keeps its state (the person is inside): only marked.
    env.DB.prepare(
      `update tickets set refund_id = ? where id in (${ids.map(() => '?').join(',')}) and refund_id is null and ${wonSql}`,
    ).bind(row.id, ...ids, row.id, token),
    env.DB.prepare(
      `update orders set refunded_cents = refunded_cents + ?, updated_at = ? where id = ? and ${wonSql}`,
    ).bind(row.amount_cents, now, order.id, row.id, token),
    // Every ticket refunded: the order is refunded. Tickets given up without money back (a person deleting
    // their account chose to cancel them: method 'none') leave a paid order paid, since its money was kept.
    orderTransition(env.DB, { id: order.id }, ['paid'], 'refunded', {
      set: { status_reason: row.method === 'chargeback' ? 'contracargo' : 'productora' },
      where: {
        sql: `${wonSql} and not exists (select 1 from tickets k where k.order_id = orders.id and ${UNREFUNDED_TICKET_SQL})
          and (? <> 'none' or orders.refunded_cents = orders.total_cents)`,
        binds: [row.id, token, row.method],
      },
    }),
    env.DB.prepare(
      `insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, ref)
       select ?, ?, ?, ?, ?, ?, ? where ${wonSql}`,
    ).bind(
      order.id,
      order.producer_id,
      order.event_id,
      row.method === 'chargeback' ? 'chargeback' : 'refund',
      row.method,
      row.amount_cents,
      row.id,
      row.id,
      token,
    ),
  ];
  // Audited as whoever asked for the refund, whichever request completes it (a retry, the cron job).
  const whole = row.amount_cents === order.total_cents;
  const auditSql = (detail: string, extra = '') =>
    env.DB.prepare(
      `insert into audit_log (producer_id, event_id, order_id, actor_user_id, actor_name, action, reason, detail)
       select ?, ?, ?, u.id, u.name, ?, ?, ${detail} from users u where u.id = ? and ${wonSql}${extra}`,
    );
  if (row.created_by !== null) {
    statements.push(
      auditSql('?').bind(
        order.producer_id,
        order.event_id,
        order.id,
        whole ? 'refund' : 'partial_refund',
        row.reason,
        JSON.stringify({
          refund_id: row.id,
          tickets: ids,
          amount_cents: row.amount_cents,
          fee_cents: row.fee_cents,
          method: row.method,
        }),
        row.created_by,
        row.id,
        token,
      ),
      // The override: tickets already admitted were refunded because the refund-permission holder confirmed it.
      auditSql(
        `json_object('refund_id', ?, 'confirmed', ?, 'tickets',
           (select json_group_array(id) from tickets where refund_id = ? and status = 'used'))`,
        " and exists (select 1 from tickets where refund_id = ? and status = 'used')",
      ).bind(
        order.producer_id,
        order.event_id,
        order.id,
        'refund_used_override',
        row.reason,
        row.id,
        USED_OVERRIDE_PHRASE,
        row.id,
        row.created_by,
        row.id,
        token,
        row.id,
      ),
    );
  }
  // order.refunded is staged by the change, conditional on this completion winning like every statement above.
  const [first] = await commitChanges(env, statements, {
    kind: 'refundCompleted',
    eventId: order.event_id,
    refundId: row.id,
    completion: token,
  });
  return first.meta.changes === 1;
}

/**
 * Gives a done refund's cancelled tickets back to the event's inventory object (once per ticket id there,
 * so calling this again is harmless). Admitted tickets refunded with the override keep their place.
 */
export async function returnStock(env: Env, order: Pick<OrderRow, 'event_id' | 'hold_id'>, refundId: string) {
  const { results } = await env.DB.prepare(
    `select k.id, k.ticket_type_id, k.seat_id from tickets k join refunds r on r.id = k.refund_id
     where k.refund_id = ? and k.status = 'cancelled' and r.status = 'done' and r.stock_returned = 0`,
  )
    .bind(refundId)
    .all<{ id: string; ticket_type_id: number; seat_id: string | null }>();
  if (results.length > 0) {
    await inventoryOf(env, order.event_id).returnTickets(
      order.hold_id,
      results.map((t) => ({ ticketId: t.id, typeId: t.ticket_type_id, seatId: t.seat_id })),
    );
  }
  await env.DB.prepare("update refunds set stock_returned = 1 where id = ? and status = 'done'").bind(refundId).run();
}

/** The buyer's e-mail: amount (and the service charge in it), how the money goes back and when. */
export async function sendRefundMail(env: Env, order: OrderRow, row: RefundRow): Promise<void> {
  if (!order.buyer_email) return;
  const event = await eventSummary(env, order.event_id);
  const count = (JSON.parse(row.ticket_ids) as string[]).length;
  const T = MAIL_PARTIAL_REFUND;
  // An event cancellation's refund (services/events/cancellation.ts): everything back, and when it shows.
  const cancelled = row.idempotency_key.startsWith(CANCEL_KEY_PREFIX);
  const when = cancelled ? MAIL_CANCELLATION.refundWhen[row.method] : REFUND_WHEN[row.method];
  const rendered = renderEmail({
    title: T.title,
    preheader: T.preheader(formatMoney(row.amount_cents), event.title),
    bodyHtml:
      paragraph(
        `${T.intro(count)[0]}<strong>${escapeHtml(event.title)}</strong>${T.intro(count)[1]}${escapeHtml(order.id.slice(0, 8))}${T.intro(count)[2]}`,
      ) +
      summaryTable([
        [T.amountRow, formatMoney(row.amount_cents)],
        [T.feeRow, formatMoney(row.fee_cents)],
        [T.methodRow, REFUND_METHOD_LABEL[row.method]],
      ]) +
      (cancelled ? paragraph(escapeHtml(MAIL_CANCELLATION.refundWhole)) : '') +
      paragraph(escapeHtml(when)) +
      paragraph(T.cancelled),
    cta: { label: T.cta, url: `${env.PUBLIC_ORIGIN}/mis-tickets` },
  });
  await sendMail(env, {
    to: order.buyer_email,
    subject: T.subject(formatMoney(row.amount_cents), event.title),
    ...rendered,
  });
}
