import type { WebhookType } from '../../../src/shared/schemas/integrations';
import { type Change, isWebhookChange } from '../changes';

/**
 * The webhooks outbox: a writer's change (a WebhookChange, domain/changes.ts) adds its rows to the very D1
 * batch that makes it (`webhookRows`, through commitChanges in domain/commit.ts), so the message exists if and
 * only if the change was committed (a batch that fails or whose conditional write loses writes no message:
 * each statement re-checks the state it announces). The payload is built by SQLite
 * inside that batch, from the rows as the batch left them: the message says what was committed, whatever
 * changes later. Nothing is written for a producer without an active endpoint that wants the type. Delivery
 * is services/integrations/webhook-delivery.ts (at least once: the cron job and a replay send what is due).
 *
 * Payloads are JSON independent of the locale: ids, integer cents with decimal strings beside them
 * (`"total": "1500.00"`), ISO 8601 times as stored. docs/api.md "Webhooks" describes each type.
 */

type Select = { sql: string; binds: unknown[] };

const money = (col: string) => `printf('%d.%02d', ${col} / 100, ${col} % 100)`;

/** A ticket row `t` with its type `tt` and date `d` (join them). */
export const TICKET_JSON = `json_object('id', t.id, 'order_id', t.order_id, 'event_id', t.event_id, 'status', t.status,
  'code', t.code, 'ticket_type', json_object('id', tt.id, 'name', tt.name),
  'date', json_object('id', d.id, 'starts_at', d.starts_at),
  'holder', json_object('name', t.holder_name, 'dni', t.holder_dni), 'used_at', t.used_at, 'created_at', t.created_at)`;

const TICKET_JOINS = 'join ticket_types tt on tt.id = t.ticket_type_id join event_dates d on d.id = t.event_date_id';

/** An event row `e`, with its dates. */
export const EVENT_JSON = `json_object('id', e.id, 'title', e.title, 'slug', e.slug, 'status', e.status,
  'starts_at', e.starts_at, 'producer_id', e.producer_id,
  'dates', json((select json_group_array(json_object('id', x.id, 'starts_at', x.starts_at, 'ends_at', x.ends_at))
    from event_dates x where x.event_id = e.id)))`;

/** An order row `o` of event `e`, with its amounts and every ticket. */
export const ORDER_JSON = `json_object('id', o.id, 'status', o.status, 'kind', o.kind,
  'event', json_object('id', e.id, 'title', e.title, 'slug', e.slug),
  'buyer', json_object('name', o.buyer_name, 'email', o.buyer_email, 'dni', o.buyer_dni),
  'currency', 'ARS',
  'amounts', json_object('subtotal', ${money('o.subtotal_cents')}, 'discount', ${money('o.discount_cents')},
    'fee', ${money('o.fee_cents')}, 'total', ${money('o.total_cents')}, 'refunded', ${money('o.refunded_cents')},
    'subtotal_cents', o.subtotal_cents, 'discount_cents', o.discount_cents, 'fee_cents', o.fee_cents,
    'total_cents', o.total_cents, 'refunded_cents', o.refunded_cents),
  'promo_code', o.promo_code, 'paid_at', o.paid_at, 'created_at', o.created_at,
  'tickets', json((select json_group_array(${TICKET_JSON}) from tickets t ${TICKET_JOINS} where t.order_id = o.id)))`;

/**
 * The outbox rows a change adds to its own batch (none for a change no webhook announces): the one place
 * where a change becomes messages.
 */
export function webhookRows(db: D1Database, change: Change): D1PreparedStatement[] {
  if (!isWebhookChange(change)) return [];
  switch (change.kind) {
    case 'orderPaid':
      return [orderPaidOutbox(db, change.orderId)];
    case 'refundCompleted':
      return [orderRefundedOutbox(db, change.refundId, change.completion)];
    case 'ticketTransferred':
      return [ticketTransferredOutbox(db, change.fromTicketId, change.toTicketId)];
    case 'scansCopied':
      return [ticketCheckedInOutbox(db, change.scans)];
    case 'eventPublished':
      return [eventOutbox(db, 'event.published', change.eventId, change.publication)];
    case 'eventCancelled':
      return [eventOutbox(db, 'event.cancelled', change.eventId, 'cancelled')];
    case 'waitlistOffered':
      return [waitlistOfferedOutbox(db, change.offerId)];
  }
}

/**
 * `insert or ignore into webhook_outbox` of the rows `select` yields, each as `(producer_id, dedupe_key,
 * payload)`. The type is one of ours (never user input), written into the SQL.
 */
function outboxInsert(db: D1Database, type: WebhookType, select: Select): D1PreparedStatement {
  if (!/^[a-z_]+\.[a-z_]+$/.test(type)) throw new Error(`not a webhook type: ${type}`);
  return db
    .prepare(
      `insert or ignore into webhook_outbox (id, producer_id, type, dedupe_key, payload, created_at)
       select 'msg_' || lower(hex(randomblob(12))), s.producer_id, '${type}', s.dedupe_key, s.payload,
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       from (${select.sql}) s
       where exists (select 1 from webhook_endpoints w, json_each(w.event_types) j
         where w.producer_id = s.producer_id and w.disabled_at is null and j.value = '${type}')`,
    )
    .bind(...select.binds);
}

/** order.paid: the order is paid and its tickets issued (written with the tickets, services/checkout/issue-tickets.ts). */
const orderPaidOutbox = (db: D1Database, orderId: string) =>
  outboxInsert(db, 'order.paid', {
    sql: `select o.producer_id, 'order.paid:' || o.id as dedupe_key, ${ORDER_JSON} as payload
          from orders o join events e on e.id = o.event_id
          where o.id = ? and o.status = 'paid' and o.kind = 'sale'`,
    binds: [orderId],
  });

/**
 * order.refunded: one refund completed (a part of the order, or all of it: then the order reads `refunded`),
 * by the completion that won (`completion`, services/refunds/complete.ts): a racing completion writes nothing.
 */
const orderRefundedOutbox = (db: D1Database, refundId: string, completion: string) =>
  outboxInsert(db, 'order.refunded', {
    sql: `select o.producer_id, 'order.refunded:' || r.id as dedupe_key,
            json_object('refund', json_object('id', r.id, 'amount', ${money('r.amount_cents')},
              'amount_cents', r.amount_cents, 'method', r.method, 'ticket_ids', json(r.ticket_ids), 'done_at', r.done_at),
              'order', ${ORDER_JSON}) as payload
          from refunds r join orders o on o.id = r.order_id join events e on e.id = o.event_id
          where r.id = ? and r.status = 'done' and r.completion = ?`,
    binds: [refundId, completion],
  });

/** ticket.transferred: the old ticket (now `transferred`) and the one issued to the recipient. */
const ticketTransferredOutbox = (db: D1Database, oldId: string, newId: string) =>
  outboxInsert(db, 'ticket.transferred', {
    sql: `select e.producer_id, 'ticket.transferred:' || t.id as dedupe_key,
            json_object('from_ticket', ${TICKET_JSON},
              'to_ticket', json((select ${TICKET_JSON} from tickets t ${TICKET_JOINS} where t.id = ?)),
              'event', json_object('id', e.id, 'title', e.title)) as payload
          from tickets t ${TICKET_JOINS} join events e on e.id = t.event_id
          where t.id = ? and t.status = 'transferred' and exists (select 1 from tickets n where n.id = ?)`,
    binds: [newId, oldId, newId],
  });

/**
 * ticket.checked_in: the admissions among scans copied to D1 by the check-in object (the JSON array its log
 * copy binds, durable-objects/checkin/scan-log.ts), after the copy marked their tickets used.
 */
const ticketCheckedInOutbox = (db: D1Database, scansJson: string) =>
  outboxInsert(db, 'ticket.checked_in', {
    sql: `select e.producer_id, 'ticket.checked_in:' || (s.value ->> 'id') as dedupe_key,
            json_object('scan', json_object('id', s.value ->> 'id', 'at', s.value ->> 'server_at',
              'list_id', s.value ->> 'list_id', 'gate_id', s.value ->> 'gate_id', 'staff_name', s.value ->> 'staff_name',
              'offline', json(case when s.value ->> 'offline' then 'true' else 'false' end)),
              'ticket', ${TICKET_JSON}, 'event', json_object('id', e.id, 'title', e.title)) as payload
          from json_each(?) s join tickets t on t.id = s.value ->> 'ticket_id' ${TICKET_JOINS}
            join events e on e.id = t.event_id
          where s.value ->> 'result' = 'admitted'`,
    binds: [scansJson],
  });

/** event.published / event.cancelled: the event as the batch left it (`key` tells repeats of one change apart). */
const eventOutbox = (db: D1Database, type: 'event.published' | 'event.cancelled', eventId: number, key: string) =>
  outboxInsert(db, type, {
    sql: `select e.producer_id, ? as dedupe_key, json_object('event', ${EVENT_JSON}) as payload
          from events e where e.id = ? and e.status = ?`,
    binds: [`${type}:${eventId}:${key}`, eventId, type === 'event.published' ? 'publicado' : 'cancelado'],
  });

/** waitlist.offered: the waiting list offered tickets to a person (the offer's e-mail row, functions/mail/waitlist.ts). */
const waitlistOfferedOutbox = (db: D1Database, mailId: string) =>
  outboxInsert(db, 'waitlist.offered', {
    sql: `select e.producer_id, 'waitlist.offered:' || m.id as dedupe_key,
            json_object('offer', json_object('email', m.email, 'quantity', m.quantity, 'ticket_type_id', m.ticket_type_id,
              'order_id', m.order_id, 'expires_at', m.expires_at),
              'event', json_object('id', e.id, 'title', e.title)) as payload
          from waitlist_mails m join events e on e.id = m.event_id
          where m.id = ? and m.kind = 'offer'`,
    binds: [mailId],
  });
