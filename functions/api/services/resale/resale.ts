import { TICKET_FATE_MSG } from '../../../../src/shared/messages/checkout';
import { RESALE_MSG } from '../../../../src/shared/messages/resale';
import { resaleRefundCents } from '../../../../src/shared/resale-policy';
import { checkinOf, inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';
import type { ticketsOfUser } from '../checkout/ticket-list';
import { type ResaleRefundRow, resaleTerms } from './seller-refund';

/**
 * Face-value resale through the waiting list (issue 22): a holder returns a paid ticket; the event's inventory
 * object offers it to the waiting list (durable-objects/inventory/resale.ts); when the offer is paid, the payment's own
 * D1 batch cancels and revokes the old ticket and records the seller's refund (resale_refunds), which is then
 * driven here through the refund machinery (the money back on the original MercadoPago payment minus what the
 * producer keeps), once per attempt: the key is the ticket's (`resale:<ticket>`, `resale:<ticket>:<n>` after
 * "Reintentar"). A refusal leaves the row failed, with its reason, for the producer (Finanzas).
 */

/** A return may be made until two hours before the event. */
const CLOSE_BEFORE_MS = 2 * 3_600_000;

type TicketRow = {
  id: string;
  order_id: string;
  event_id: number;
  ticket_type_id: number;
  seat_id: string | null;
  status: string;
  owner_user_id: number;
  order_status: string;
  kind: string;
  payment_id: string | null;
  hold_id: string;
  buyer_id: number;
  starts_at: string;
};

async function ownTicket(env: Env, userId: number, ticketId: string) {
  const row = await env.DB.prepare(
    `select k.id, k.order_id, k.event_id, k.ticket_type_id, k.seat_id, k.status, k.owner_user_id, o.status as order_status,
       o.kind, o.payment_id, o.hold_id, o.user_id as buyer_id, d.starts_at
     from tickets k join orders o on o.id = k.order_id join event_dates d on d.id = k.event_date_id where k.id = ?`,
  )
    .bind(ticketId)
    .first<TicketRow>();
  if (row?.owner_user_id !== userId) fail(404, RESALE_MSG.notFound);
  return row;
}

export async function returnTicket(env: Env, userId: number, ticketId: string) {
  const t = await ownTicket(env, userId, ticketId);
  // The refund goes to the payment that bought it: only its buyer's own, paid, online tickets.
  if (t.status !== 'valid' || t.order_status !== 'paid' || t.kind !== 'sale' || !t.payment_id || t.buyer_id !== userId)
    fail(409, RESALE_MSG.notReturnable);
  const deadline = new Date(t.starts_at).getTime() - CLOSE_BEFORE_MS;
  if (deadline <= Date.now()) fail(409, RESALE_MSG.tooLate);
  const inventory = inventoryOf(env, t.event_id);
  // A seated ticket is listed with its seat: its buyer gets that seat (issue 33).
  const seat = t.seat_id ? { seatId: t.seat_id, sellerHold: t.hold_id } : null;
  const listed = await inventory.listResale(ticketId, t.ticket_type_id, deadline, seat);
  if (!listed.ok) {
    if (listed.reason === 'listed') fail(409, RESALE_MSG.already);
    if (listed.reason === 'no_waitlist') fail(409, RESALE_MSG.noWaitlist);
    fail(409, RESALE_MSG.closed);
  }
  // The door learns it is listed (a scan that admits it withdraws it in the same step); admitted a moment ago,
  // or held by another operation, it leaves the list at once.
  if (!(await checkinOf(env, t.event_id).listResale(t.event_id, ticketId))) {
    await inventory.withdrawAdmittedResale(ticketId);
    fail(409, TICKET_FATE_MSG.resaleAdmitted);
  }
  await env.DB.prepare(
    `insert into ticket_resales (ticket_id, order_id, event_id, user_id, deadline) values (?, ?, ?, ?, ?)
     on conflict (ticket_id) do update set deadline = excluded.deadline`,
  )
    .bind(ticketId, t.order_id, t.event_id, userId, new Date(deadline).toISOString())
    .run();
  return { status: 'listed', deadline: new Date(deadline).toISOString(), message: RESALE_MSG.listed };
}

export async function withdrawTicket(env: Env, userId: number, ticketId: string) {
  const t = await ownTicket(env, userId, ticketId);
  if (!(await inventoryOf(env, t.event_id).withdrawResale(ticketId))) fail(409, RESALE_MSG.offered);
  await checkinOf(env, t.event_id).unlistResale(ticketId);
  return { status: 'withdrawn', message: RESALE_MSG.withdrawn };
}

/**
 * The listing's state, and what the holder gets back if it is resold (the producer's policy applied). Once
 * resold, the seller's refund says the truth: refund_pending (the ticket is cancelled, the money not back
 * yet), refund_failed (MercadoPago refused; the producer retries) or refunded (the money moved).
 */
export async function resaleOf(env: Env, userId: number, ticketId: string) {
  const t = await ownTicket(env, userId, ticketId);
  const [status, terms, refund, demand] = await Promise.all([
    inventoryOf(env, t.event_id).resaleStatus(ticketId),
    resaleTerms(env, ticketId),
    env.DB.prepare('select status from resale_refunds where ticket_id = ?')
      .bind(ticketId)
      .first<{ status: ResaleRefundRow['status'] }>(),
    inventoryOf(env, t.event_id).waitingDemand(),
  ]);
  return {
    status: refund ? REFUND_STATE[refund.status] : status,
    /** People waiting for its type: none, and a return would be refused (said before confirming). */
    waiting: demand.find((d) => d.typeId === t.ticket_type_id)?.entries ?? 0,
    keep_bp: terms?.keep_bp ?? 0,
    refund_cents: terms ? resaleRefundCents(terms.unit_price_cents, terms.unit_fee_cents, terms.keep_bp) : 0,
  };
}

const REFUND_STATE = { pending: 'refund_pending', failed: 'refund_failed', done: 'refunded' } as const;

/**
 * A ticket about to change hands (a transfer offered or accepted) leaves the waiting list first, or the
 * transfer is refused: once a waiting buyer has it on offer (or bought it), the ticket is theirs to cancel,
 * and a transferred copy must not stay valid beside the buyer's. Answers whether the transfer may go on.
 * Tickets never returned cost no call to the inventory object.
 */
export async function leaveResaleForTransfer(env: Env, eventId: number, ticketId: string, withdraw: boolean) {
  const returned = await env.DB.prepare('select 1 as x from ticket_resales where ticket_id = ?').bind(ticketId).first();
  if (!returned) return true;
  const inventory = inventoryOf(env, eventId);
  if (withdraw && (await inventory.withdrawResale(ticketId))) return true;
  const status = await inventory.resaleStatus(ticketId);
  return status === null || status === 'withdrawn';
}

type TicketGroups = Awaited<ReturnType<typeof ticketsOfUser>>;

/**
 * Mis tickets' "Devolver a la lista de espera" (issue 32): offered only on a ticket its holder may return (a
 * valid, paid online ticket of their own, before the deadline) whose type someone is waiting for, with how many
 * wait; returnTicket refused the others only after the holder confirmed. One inventory call per event with such
 * a ticket; an object that does not answer offers nothing (the return is still checked when asked).
 */
export async function withResaleOffers(env: Env, groups: TicketGroups, now = Date.now()) {
  return Promise.all(
    groups.map(async (group) => {
      const candidates = group.tickets.filter(
        (t) => t.status === 'valid' && t.returnable === 1 && new Date(t.starts_at).getTime() - CLOSE_BEFORE_MS > now,
      );
      const demand =
        candidates.length === 0
          ? []
          : await inventoryOf(env, group.event.id)
              .waitingDemand()
              .catch((err: unknown) => {
                console.error('Waiting demand for Mis tickets', err);
                return [];
              });
      const waiting = new Map(demand.map((d) => [d.typeId, d.entries]));
      return {
        ...group,
        tickets: group.tickets.map((t) => ({
          ...t,
          /** People waiting for its type when it may be returned to them; 0: the action is not offered. */
          resale_waiting: candidates.includes(t) ? (waiting.get(t.ticket_type_id) ?? 0) : 0,
        })),
      };
    }),
  );
}
