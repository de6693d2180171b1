import { INVITATION_MSG } from '../../../../src/shared/messages/invitations';
import { REFUND_MSG, USED_OVERRIDE_PHRASE } from '../../../../src/shared/messages/refunds';
import { SALES_MSG } from '../../../../src/shared/messages/sales';
import type { AdminRefund } from '../../../../src/shared/schemas/sales';
import type { Actor } from '../../../domain/events/access';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import { findOrder, type OrderRow } from '../checkout/orders';
import { sendOrderTickets } from '../checkout/ticket-mail';
import { refundOrderTickets } from '../refunds/refund';
import { audit, auditStatement } from './audit';

type Defer = (work: Promise<unknown>) => void;

/** Sends the order's valid tickets to the buyer again, and logs who asked and why. */
export async function resendTickets(env: Env, actor: Actor, order: OrderRow, reason: string) {
  if (order.status !== 'paid') fail(409, SALES_MSG.onlyPaidResend);
  if (order.kind === 'invitation') fail(409, INVITATION_MSG.notResendable);
  if (!order.buyer_email) fail(409, SALES_MSG.noBuyerEmail);
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
 * Refund of the whole order (ticket_ids left out: every ticket not refunded yet) or of some of its tickets,
 * through the one refund path (services/refunds/refund.ts): a refund row claims the tickets first, then
 * MercadoPago (or the box office's cash) gives the money back, then the tickets' places go back on sale.
 */
export async function refundTickets(env: Env, actor: Actor, order: OrderRow, input: AdminRefund, defer: Defer) {
  return refundOrderTickets(
    env,
    order,
    {
      actor,
      reason: input.reason,
      ticketIds: input.ticket_ids,
      confirmUsed: input.confirm_used === USED_OVERRIDE_PHRASE,
      key: input.idempotency_key,
    },
    defer,
  );
}

/** Changes the holder of a named (or any valid) ticket; its QR code does not carry the holder, so it stays. */
export async function changeHolder(
  env: Env,
  actor: Actor,
  ticket: StaffTicket,
  input: { name: string; dni: string; reason: string },
) {
  const ticketId = ticket.id;
  if (ticket.status === 'used') fail(409, REFUND_MSG.usedHolder);
  if (ticket.status !== 'valid') fail(409, SALES_MSG.onlyValidHolder);
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
  await emit(env, { kind: 'ticketsChanged', eventId: ticket.event_id, ticketIds: [ticketId] });
  return { ...ticket, holder_name: input.name, holder_dni: input.dni };
}

/** A ticket as the staff acts on it (the access declaration loads it, `ticketParam` in lib/access.ts). */
export type StaffTicket = {
  id: string;
  order_id: string;
  event_id: number;
  status: string;
  holder_name: string | null;
  holder_dni: string | null;
  producer_id: number;
};

export async function staffTicket(db: D1Database, ticketId: string): Promise<StaffTicket | null> {
  return db
    .prepare(
      `select k.id, k.order_id, k.event_id, k.status, k.holder_name, k.holder_dni, e.producer_id
       from tickets k join events e on e.id = k.event_id where k.id = ?`,
    )
    .bind(ticketId)
    .first<StaffTicket>();
}

export { findOrder };
