import { formatEventDate } from '../../../../src/shared/dates';
import { TICKET_CARD_TEXT } from '../../../../src/shared/messages/checkout';

export type TicketDetail = {
  id: string;
  order_id: string;
  code: string;
  status: 'valid' | 'used' | 'cancelled' | 'transferred';
  holder_name: string | null;
  holder_dni: string | null;
  /** The type's name, with the seat of a seated ticket: "Platea · Platea, fila F, butaca 12". */
  type_name: string;
  /** The type's own name, without the seat ("Platea"). */
  ticket_type_name: string;
  /** A seated ticket's seat ("Platea, fila F, butaca 12"), null otherwise (reserved seating, issue 33). */
  seat_label: string | null;
  event_id: number;
  event_title: string;
  event_slug: string;
  starts_at: string;
  ends_at: string | null;
  venue: string | null;
  address: string | null;
  city: string | null;
  /** 1 when the ticket is a complimentary one (an invitation), shown as "Invitación". */
  invitation: number;
  /** The address a pending transfer was offered to (the ticket stays the owner's until it is accepted). */
  pending_transfer_to: string | null;
  /** What the ticket's done refund gave back (null: not refunded). */
  refunded_cents: number | null;
  /** 1 when its holder returned it to the waiting list (face-value resale). */
  returned: number;
  /** Resold to the waiting list: its seller's refund (pending or failed until the money moved, then done). */
  resale_refund: 'pending' | 'done' | 'failed' | null;
  ticket_type_id: number;
  /** 1 when its holder may return it to a waiting list: a paid online sale of their own (resale.ts returnTicket). */
  returnable: number;
};

// A seated ticket's seat goes with its type wherever the type is shown (Mis tickets, the e-mail, the PDF).
const SELECT = `select k.id, k.order_id, k.code, k.status, k.holder_name, k.holder_dni,
  case when k.seat_label is null then t.name else t.name || ' · ' || k.seat_label end as type_name, t.name as ticket_type_name, k.seat_label,
  e.id as event_id, e.title as event_title, e.slug as event_slug, d.starts_at, d.ends_at,
  v.name as venue, v.address, v.city, (select o.kind = 'invitation' from orders o where o.id = k.order_id) as invitation,
  (select x.to_email from ticket_transfers x where x.ticket_id = k.id and x.status = 'pending') as pending_transfer_to,
  (select r.amount_cents from refunds r where r.id = k.refund_id and r.status = 'done') as refunded_cents,
  exists (select 1 from ticket_resales s where s.ticket_id = k.id) as returned,
  (select s.status from resale_refunds s where s.ticket_id = k.id) as resale_refund, k.ticket_type_id,
  (select o.kind = 'sale' and o.status = 'paid' and o.payment_id is not null and o.user_id = k.owner_user_id
     from orders o where o.id = k.order_id) as returnable
  from tickets k join ticket_types t on t.id = k.ticket_type_id join event_dates d on d.id = k.event_date_id
  join events e on e.id = k.event_id left join venues v on v.id = e.venue_id`;

/**
 * An invitation's tickets wait under the issuer's account until the guest verifies their e-mail
 * (services/invitations/claim.ts): until then they are nobody's, neither listed nor transferable.
 */
const UNCLAIMED = `exists (select 1 from guest_invitations g where g.order_id = k.order_id and g.recipient_user_id is null)`;

export async function ticketsOfOrder(env: Env, orderId: string): Promise<TicketDetail[]> {
  const { results } = await env.DB.prepare(
    `${SELECT} where k.order_id = ? and k.status = 'valid' order by t.sort, k.id`,
  )
    .bind(orderId)
    .all<TicketDetail>();
  return results;
}

export async function ticketOf(env: Env, ticketId: string): Promise<(TicketDetail & { owner_user_id: number }) | null> {
  return env.DB.prepare(
    `${SELECT.replace('select ', `select case when ${UNCLAIMED} then 0 else k.owner_user_id end as owner_user_id, `)} where k.id = ?`,
  )
    .bind(ticketId)
    .first();
}

/** A user's tickets (transferred-away ones left out), grouped by event, soonest first. */
export async function ticketsOfUser(env: Env, userId: number) {
  const { results } = await env.DB.prepare(
    `${SELECT} where k.owner_user_id = ? and k.status != 'transferred' and not ${UNCLAIMED} order by d.starts_at, e.id, k.created_at, k.id`,
  )
    .bind(userId)
    .all<TicketDetail>();
  const groups = new Map<
    number,
    {
      event: { id: number; title: string; slug: string; venue: string | null; city: string | null };
      tickets: TicketDetail[];
    }
  >();
  for (const t of results) {
    const group = groups.get(t.event_id) ?? {
      event: { id: t.event_id, title: t.event_title, slug: t.event_slug, venue: t.venue, city: t.city },
      tickets: [],
    };
    group.tickets.push(t);
    groups.set(t.event_id, group);
  }
  return [...groups.values()];
}

export const venueLine = (t: Pick<TicketDetail, 'venue' | 'address' | 'city'>) =>
  [t.venue, t.address, t.city].filter(Boolean).join(', ') || TICKET_CARD_TEXT.venueTbd;

export const whenLine = (t: Pick<TicketDetail, 'starts_at'>) => formatEventDate(t.starts_at);
