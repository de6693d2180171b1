import { shortCodePrefix, typedTicketCode } from '../../../../src/shared/checkin';
import { INVITATION_LABEL } from '../../../../src/shared/messages/invitations';

/**
 * What the door shows of a ticket, the same in the offline download and in the search: its id, type, status and
 * holder name (the name given at the sale, never the account that bought it: a box-office ticket belongs to the
 * seller's account), and the DNI only when the producer asks for it at the door. No e-mails. `?1` is the event,
 * `?2` the invitation label.
 */
export const DOOR_TICKET_SELECT = `select t.id, t.ticket_type_id as type_id,
  case when o.kind = 'invitation' then tt.name || ' · ' || ?2 else tt.name end as type_name, tt.named,
  t.holder_name as holder,
  case when coalesce(s.door_dni, 0) = 0 then null when tt.named then t.holder_dni else o.buyer_dni end as dni,
  t.order_id, t.status, o.status as order_status, t.seat_label as seat
  from tickets t join ticket_types tt on tt.id = t.ticket_type_id join orders o on o.id = t.order_id
  left join producer_settings s on s.producer_id = o.producer_id`;

export type DoorTicket = {
  id: string;
  type_id: number;
  type_name: string;
  named: number;
  holder: string | null;
  dni: string | null;
  order_id: string;
  status: string;
  order_status: string;
  /** A seated ticket's seat ("Platea, fila F, butaca 12"), null for general admission (issue 33). */
  seat: string | null;
};

const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * The door's search when online (issue 32): the tickets of the event a DNI, an e-mail, a name, a short code
 * (`K7M2-9QXD`), a ticket id or an order number's start names. The download the scanner keeps offline has no
 * e-mails and DNIs only with "DNI en la puerta", so those are found here: the holder's or buyer's DNI, the
 * buyer's e-mail or the address a transfer went to. Each kind of text uses its own condition (a DNI's digits can
 * also start an order number, eight characters can be a short code): any that applies matches.
 */
export async function searchDoorTickets(db: D1Database, eventId: number, text: string, limit = 20) {
  const q = text.trim();
  const conditions: string[] = [];
  const binds: string[] = [];
  const param = (value: string) => {
    binds.push(value);
    return `?${binds.length + 2}`;
  };
  if (q.includes('@')) {
    const email = param(q.toLowerCase());
    conditions.push(
      `lower(o.buyer_email) = ${email}`,
      `exists (select 1 from ticket_transfers x where x.new_ticket_id = t.id and x.to_email = ${email} collate nocase)`,
    );
  }
  if (/^\d{7,8}$/.test(q)) {
    const dni = param(q);
    conditions.push(`t.holder_dni = ${dni}`, `o.buyer_dni = ${dni}`);
  }
  const typed = typedTicketCode(q);
  if (typed && 'id' in typed) conditions.push(`t.id = ${param(typed.id)}`);
  if (typed && 'short' in typed) {
    // Exactly the ids that print this code: their first six characters, and the seventh among four.
    const { prefix, seventh } = shortCodePrefix(typed.short);
    const starts = seventh.map((c) => param(prefix + c)).join(', ');
    conditions.push(
      `(t.id >= ${param(prefix)} and t.id < ${param(`${prefix}\u007f`)} and substr(t.id, 1, 7) in (${starts}))`,
    );
  }
  if (/^[0-9a-f-]{4,36}$/i.test(q))
    conditions.push(`(o.id >= ${param(q.toLowerCase())} and o.id < ${param(`${q.toLowerCase()}\uffff`)})`);
  if (!q.includes('@') && !/^\d+$/.test(q) && q.length >= 2) {
    const name = param(like(q));
    conditions.push(`t.holder_name like ${name} escape '\\'`, `o.buyer_name like ${name} escape '\\'`);
  }
  if (conditions.length === 0) return [];
  const { results } = await db
    .prepare(
      `${DOOR_TICKET_SELECT} where t.event_id = ?1 and (${conditions.join(' or ')}) order by t.holder_name limit ?${binds.length + 3}`,
    )
    .bind(eventId, INVITATION_LABEL, ...binds, limit)
    .all<DoorTicket>();
  return results;
}
