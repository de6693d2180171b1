import type { TicketRefusal } from '../../../src/shared/checkin';
import type { TicketRow } from './door-cache';
import type { TicketInfo } from './types';

/** The door's pure rules over a ticket's own data (no storage, no clock): what the object decides with. */

/** Why a ticket cannot enter through this list, from its own data (the authority decides the rest). */
export function refusalOf(ticket: TicketRow | undefined, eventId: number, typeIds: number[]): TicketRefusal | null {
  if (!ticket) return 'unpaid';
  if (ticket.event_id !== eventId) return 'other_event';
  if (ticket.status === 'cancelled' || ticket.revoked === 'cancelled') return 'cancelled';
  if (ticket.status === 'transferred' || ticket.revoked === 'transferred') return 'revoked';
  if (ticket.order_status !== 'paid') return 'unpaid';
  if (typeIds.length > 0 && !typeIds.includes(ticket.ticket_type_id)) return 'wrong_list';
  return null;
}

/** Equal codes, compared in constant time (a presented code must not learn the issued one by timing). */
export function sameCode(issued: string, presented: string) {
  if (issued.length !== presented.length) return false;
  let diff = 0;
  for (let i = 0; i < issued.length; i++) diff |= issued.charCodeAt(i) ^ presented.charCodeAt(i);
  return diff === 0;
}

/** What staff see of the ticket: the holder's DNI when named, the buyer's when the producer asks at the door. */
export const ticketInfo = (t: TicketRow | undefined, doorDni: boolean): TicketInfo =>
  t
    ? {
        id: t.id,
        type: t.type_name,
        holder: t.holder_name ?? '',
        dni: t.named ? (t.holder_dni ?? null) : doorDni ? (t.buyer_dni ?? null) : null,
        seat: t.seat_label ?? null,
      }
    : null;
