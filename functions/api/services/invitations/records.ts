import type { Actor } from '../../../domain/events/access';

/** One invitation as issue.ts prepared it (owner: the recipient's account, else the issuer's placeholder). */
export type InvitationRecord = {
  id: string;
  order_id: string;
  hold_id: string;
  type_id: number;
  quantity: number;
  name: string;
  email: string;
  dni: string;
  tag: string;
  tag_key: string;
  owner: number;
  recipient: number | null;
  /** A seated category's seats, one per ticket (JSON as order_items.seats keeps them), or null. */
  seats: string | null;
};

export type TicketRecord = {
  id: string;
  order_id: string;
  date_id: number;
  type_id: number;
  owner: number;
  name: string;
  dni: string;
  code: string;
  seat_id: string | null;
  seat_label: string | null;
};

/** Rows per JSON-array statement (keeps each bound value far below D1's size limits). */
const CHUNK = 200;

const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) =>
    JSON.stringify(list.slice(i * CHUNK, (i + 1) * CHUNK)),
  );

/**
 * Everything issued invitations write, as one D1 batch (one transaction: all or nothing): the orders (kind
 * 'invitation', paid, free, no payment and no paid_at, so never revenue), their items at price 0, the
 * invitations, the tickets and the audit. Each table gets one statement per CHUNK rows over json_each, so a
 * file of hundreds of invitations is a handful of statements.
 */
export function invitationStatements(
  db: D1Database,
  at: { eventId: number; producerId: number; actor: Actor; now: string },
  invitations: InvitationRecord[],
  tickets: TicketRecord[],
): D1PreparedStatement[] {
  const { eventId, producerId, actor, now } = at;
  return [
    ...chunks(invitations).map((json) =>
      db
        .prepare(
          `insert into orders (id, user_id, event_id, producer_id, hold_id, status, hold_expires_at, subtotal_cents,
             fee_cents, total_cents, buyer_name, buyer_email, buyer_dni, kind, updated_at)
           select value ->> 'order_id', value ->> 'owner', ?2, ?3, value ->> 'hold_id', 'paid', ?4, 0, 0, 0,
             value ->> 'name', value ->> 'email', value ->> 'dni', 'invitation', ?4
           from json_each(?1)`,
        )
        .bind(json, eventId, producerId, now),
    ),
    // The ledger: a complimentary ticket is a movement of zero (nothing collected, nothing to refund).
    ...chunks(invitations).map((json) =>
      db
        .prepare(
          `insert or ignore into ledger_entries (order_id, producer_id, event_id, kind, method, amount_cents, ref)
           select value ->> 'order_id', ?3, ?2, 'complimentary', null, 0, value ->> 'order_id' from json_each(?1)`,
        )
        .bind(json, eventId, producerId),
    ),
    ...chunks(invitations).map((json) =>
      db
        .prepare(
          `insert into order_items (order_id, ticket_type_id, quantity, unit_price_cents, unit_fee_cents, seats)
           select value ->> 'order_id', value ->> 'type_id', value ->> 'quantity', 0, 0, value ->> 'seats' from json_each(?)`,
        )
        .bind(json),
    ),
    ...chunks(invitations).map((json) =>
      db
        .prepare(
          `insert into guest_invitations (id, event_id, producer_id, order_id, ticket_type_id, quantity, name, email, dni,
             tag, tag_key, recipient_user_id, created_by, created_at)
           select value ->> 'id', ?2, ?3, value ->> 'order_id', value ->> 'type_id', value ->> 'quantity',
             value ->> 'name', value ->> 'email', value ->> 'dni', value ->> 'tag', value ->> 'tag_key',
             value ->> 'recipient', ?5, ?4
           from json_each(?1)`,
        )
        .bind(json, eventId, producerId, now, actor.userId),
    ),
    ...chunks(tickets).map((json) =>
      db
        .prepare(
          `insert into tickets (id, order_id, event_id, event_date_id, ticket_type_id, owner_user_id, holder_name, holder_dni, code,
             seat_id, seat_label)
           select value ->> 'id', value ->> 'order_id', ?2, value ->> 'date_id', value ->> 'type_id', value ->> 'owner',
             value ->> 'name', value ->> 'dni', value ->> 'code', value ->> 'seat_id', value ->> 'seat_label'
           from json_each(?1)`,
        )
        .bind(json, eventId),
    ),
    ...chunks(invitations).map((json) =>
      db
        .prepare(
          `insert into audit_log (producer_id, event_id, order_id, actor_user_id, actor_name, action, detail)
           select ?2, ?3, value ->> 'order_id', ?4, ?5, 'invitation_issue',
             json_object('invitation_id', value ->> 'id', 'tag', value ->> 'tag', 'quantity', value ->> 'quantity',
               'email', value ->> 'email')
           from json_each(?1)`,
        )
        .bind(json, producerId, eventId, actor.userId, actor.name),
    ),
  ];
}
