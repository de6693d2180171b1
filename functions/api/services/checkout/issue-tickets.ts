import { ticketTransition } from '../../../domain/checkout/order-state';
import { signTicketCode, ticketIdFor } from '../../../domain/checkout/ticket-signing';
import { commitChanges } from '../../../domain/commit';
import { emit } from '../../reactions';
import type { OrderRow } from './orders';
import { orderItems } from './orders';

type Holder = { name: string; dni: string };

/**
 * Issues one ticket per entry of a paid order. Ticket ids derive from the order, so calling this again
 * (a repeated or concurrent notification, a retry after a crash) inserts nothing new.
 */
export async function ensureTickets(env: Env, order: OrderRow): Promise<void> {
  const items = await orderItems(env, order.id);
  const statements: D1PreparedStatement[] = [];
  const ids: string[] = [];
  for (const item of items) {
    const holders = JSON.parse(item.holders) as Holder[];
    const seats = item.seats ? (JSON.parse(item.seats) as { id: string; name: string }[]) : [];
    for (let n = 0; n < item.quantity; n++) {
      const id = await ticketIdFor(`${order.id}:${item.ticket_type_id}:${n}`);
      const code = await signTicketCode(env, id, order.event_id);
      ids.push(id);
      const holder = holders[n] ?? { name: order.buyer_name ?? null, dni: order.buyer_dni ?? null };
      statements.push(
        env.DB.prepare(
          `insert or ignore into tickets (id, order_id, event_id, event_date_id, ticket_type_id, owner_user_id, holder_name, holder_dni, code,
             seat_id, seat_label)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(
          id,
          order.id,
          order.event_id,
          item.event_date_id,
          item.ticket_type_id,
          order.user_id,
          holder.name,
          holder.dni,
          code,
          seats[n]?.id ?? null,
          seats[n]?.name ?? null,
        ),
      );
    }
  }
  if (statements.length > 0) {
    // order.paid goes out with the tickets it lists, in their batch (once: its dedupe key is the order's).
    await commitChanges(
      env,
      statements,
      { kind: 'ticketsChanged', eventId: order.event_id, ticketIds: ids },
      { kind: 'orderPaid', eventId: order.event_id, orderId: order.id },
    );
  }
}

/** Cancels every valid ticket of an order and lists them as revoked. */
export async function cancelOrderTickets(env: Env, orderId: string): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `insert or ignore into revocations (ticket_id, event_id, reason)
       select id, event_id, 'cancelled' from tickets where order_id = ? and status = 'valid'`,
    ).bind(orderId),
    ticketTransition(env.DB, { orderId }, ['valid'], 'cancelled'),
  ]);
  await emit(env, { kind: 'orderTicketsChanged', orderId });
}
