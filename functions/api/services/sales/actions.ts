import { INVITATION_MSG } from '../../../../src/shared/schemas/invitations';
import { mercadoPago } from '../../../payments/mercadopago';
import { fail } from '../../lib/errors';
import { pushTicketChanges } from '../checkin/push';
import { mpCredentialsOf } from '../checkout/config';
import { inventoryOf } from '../checkout/inventory';
import { findOrder, nowIso, type OrderRow, orderItems } from '../checkout/orders';
import type { Actor } from '../events/access';
import { refundOrder } from '../payments/refund';
import { sendOrderTickets } from '../tickets/mail';
import { audit, auditStatement } from './audit';
import { isBoxOfficePayment } from './box-office-payment';

type Defer = (work: Promise<unknown>) => void;

/** Sends the order's valid tickets to the buyer again, and logs who asked and why. */
export async function resendTickets(env: Env, actor: Actor, order: OrderRow, reason: string) {
  if (order.status !== 'paid') fail(409, 'Solo se pueden reenviar las entradas de órdenes pagadas.');
  if (order.kind === 'invitation') fail(409, INVITATION_MSG.notResendable);
  if (!order.buyer_email) fail(409, 'La orden no tiene e-mail del comprador.');
  await sendOrderTickets(env, order);
  await audit(env.DB, actor, {
    producerId: order.producer_id,
    eventId: order.event_id,
    orderId: order.id,
    action: 'resend',
    reason,
    detail: { to: order.buyer_email },
  });
}

/**
 * Refund of the whole order (ticket_ids left out, or every ticket still valid) or of some of its tickets:
 * MercadoPago refunds the tickets' price and service charge first (if it fails nothing changes), then
 * the tickets are revoked and their stock goes back on sale through the event's inventory object.
 */
export async function refundTickets(
  env: Env,
  actor: Actor,
  order: OrderRow,
  reason: string,
  ticketIds: string[] | undefined,
  defer: Defer,
) {
  if (order.status !== 'paid') fail(409, 'Solo se pueden reembolsar órdenes pagadas.');
  // Nothing was paid, and its tag's count lives with the invitation: revoking is the way to cancel it.
  if (order.kind === 'invitation') fail(409, INVITATION_MSG.notRefundable);
  const { results: valid } = await env.DB.prepare(
    "select id, ticket_type_id from tickets where order_id = ? and status = 'valid'",
  )
    .bind(order.id)
    .all<{ id: string; ticket_type_id: number }>();
  const wanted = ticketIds ? [...new Set(ticketIds)] : valid.map((t) => t.id);
  const chosen = valid.filter((t) => wanted.includes(t.id));
  if (chosen.length !== wanted.length || chosen.length === 0)
    fail(409, 'Elegí entradas válidas de esta orden: alguna ya fue usada, cancelada o no es de esta orden.');

  const refunded = await env.DB.prepare('select refunded_cents from orders where id = ?')
    .bind(order.id)
    .first<{ refunded_cents: number }>();
  if (chosen.length === valid.length && (refunded?.refunded_cents ?? 0) === 0) {
    await refundOrder(env, order, defer);
    await env.DB.batch([
      env.DB.prepare('update orders set refunded_cents = total_cents where id = ?').bind(order.id),
      auditStatement(env.DB, actor, {
        producerId: order.producer_id,
        eventId: order.event_id,
        orderId: order.id,
        action: 'refund',
        reason,
        detail: { tickets: chosen.map((t) => t.id), amount_cents: order.total_cents },
      }),
    ]);
    return { refunded_cents: order.total_cents, tickets: chosen.length, whole: true };
  }

  const prices = new Map((await orderItems(env, order.id)).map((i) => [i.ticket_type_id, i]));
  const amount = chosen.reduce((sum, t) => {
    const item = prices.get(t.ticket_type_id);
    return sum + (item ? item.unit_price_cents + item.unit_fee_cents : 0);
  }, 0);
  if (order.payment_id && !isBoxOfficePayment(order.payment_id) && amount > 0) {
    const { accessToken } = await mpCredentialsOf(env, order.producer_id, order.mp_collector_id);
    const key = chosen
      .map((t) => t.id)
      .sort()
      .join('.');
    await mercadoPago(env, accessToken).refundPart(order.payment_id, amount, key);
  }
  const ids = chosen.map((t) => t.id);
  const marks = ids.map(() => '?').join(',');
  const [, cancelled] = await env.DB.batch([
    env.DB.prepare(
      `insert or ignore into revocations (ticket_id, event_id, reason)
       select id, event_id, 'cancelled' from tickets where id in (${marks}) and status = 'valid'`,
    ).bind(...ids),
    env.DB.prepare(`update tickets set status = 'cancelled' where id in (${marks}) and status = 'valid'`).bind(...ids),
    // The last valid tickets refunded: the order is refunded as a whole.
    env.DB.prepare(
      `update orders set refunded_cents = refunded_cents + ?, updated_at = ?,
         status = case when ? then 'refunded' else status end where id = ?`,
    ).bind(amount, nowIso(), chosen.length === valid.length ? 1 : 0, order.id),
    auditStatement(env.DB, actor, {
      producerId: order.producer_id,
      eventId: order.event_id,
      orderId: order.id,
      action: 'partial_refund',
      reason,
      detail: { tickets: ids, amount_cents: amount },
    }),
  ]);
  await pushTicketChanges(env, order.event_id, ids);
  const byType = new Map<number, number>();
  for (const t of chosen) byType.set(t.ticket_type_id, (byType.get(t.ticket_type_id) ?? 0) + 1);
  await inventoryOf(env, order.event_id).refundSome(
    order.hold_id,
    [...byType].map(([typeId, quantity]) => ({ typeId, quantity })),
  );
  return { refunded_cents: amount, tickets: cancelled.meta.changes, whole: false };
}

/** Changes the holder of a named (or any valid) ticket; its QR code does not carry the holder, so it stays. */
export async function changeHolder(
  env: Env,
  actor: Actor,
  ticketId: string,
  input: { name: string; dni: string; reason: string },
) {
  const ticket = await ticketForStaff(env, ticketId);
  if (ticket.status !== 'valid') fail(409, 'Solo se puede cambiar el titular de una entrada válida.');
  await env.DB.batch([
    env.DB.prepare("update tickets set holder_name = ?, holder_dni = ? where id = ? and status = 'valid'").bind(
      input.name,
      input.dni,
      ticketId,
    ),
    auditStatement(env.DB, actor, {
      producerId: ticket.producer_id,
      eventId: ticket.event_id,
      orderId: ticket.order_id,
      ticketId,
      action: 'holder_change',
      reason: input.reason,
      detail: {
        from: { name: ticket.holder_name, dni: ticket.holder_dni },
        to: { name: input.name, dni: input.dni },
      },
    }),
  ]);
  await pushTicketChanges(env, ticket.event_id, [ticketId]);
  return { ...ticket, holder_name: input.name, holder_dni: input.dni };
}

export async function ticketForStaff(env: Env, ticketId: string) {
  const ticket = await env.DB.prepare(
    `select k.id, k.order_id, k.event_id, k.status, k.holder_name, k.holder_dni, e.producer_id
     from tickets k join events e on e.id = k.event_id where k.id = ?`,
  )
    .bind(ticketId)
    .first<{
      id: string;
      order_id: string;
      event_id: number;
      status: string;
      holder_name: string | null;
      holder_dni: string | null;
      producer_id: number;
    }>();
  if (!ticket) fail(404, 'La entrada no existe.');
  return ticket;
}

export { findOrder };
