/**
 * The one owner of order and ticket state. Every status change of an order or a ticket is built here, as a
 * conditional write: `... where status in (<allowed sources>)` (and the caller's own conditions), so two
 * racing transitions cannot both win: the loser's statement changes no row and it answers accordingly.
 * The allowed transitions are the tables below; asking for any other one is a programming error (thrown at
 * once, before anything is written). Each transition bumps the order's version.
 *
 * Writers: checkout (held → pending_payment, expiry, release), payments (paid, failed, refunded), free
 * orders, the box office, refunds (services/refunds), event cancellation, the inventory object's order
 * writer (a replaced hold's order expires), transfers, invitations and the check-in log (valid → used, and used → valid
 * when the admission is undone: durable-objects/checkin/scan-log.ts, which uses TICKET_USED_SQL and
 * TICKET_UNUSED_SQL from here).
 */

export type OrderState = 'held' | 'pending_payment' | 'paid' | 'failed' | 'expired' | 'refunded';
export type TicketState = 'valid' | 'used' | 'cancelled' | 'transferred';

/** from → the states it may move to. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  held: ['pending_payment', 'paid', 'failed', 'expired', 'refunded'],
  // pending_payment → pending_payment: a later payment attempt or a new preference for the same hold.
  pending_payment: ['pending_payment', 'paid', 'failed', 'expired', 'refunded'],
  // A rejected attempt may be retried and approved within the hold's time; a late approval is refunded.
  failed: ['paid', 'refunded'],
  expired: ['paid', 'refunded'],
  // Paid orders end refunded: by the producer (every ticket refunded), by MercadoPago, or a chargeback.
  paid: ['refunded'],
  refunded: [],
};

export const TICKET_TRANSITIONS: Readonly<Record<TicketState, readonly TicketState[]>> = {
  // used: admitted at the door (the check-in object's log); cancelled: refunded or revoked.
  valid: ['used', 'cancelled', 'transferred'],
  // An admitted ticket is never cancelled or put back on sale: refunding it (with the override) keeps it used.
  // Only the door gives it back: its admission undone within the undo window (the check-in log).
  used: ['valid'],
  cancelled: [],
  transferred: [],
};

export class IllegalTransition extends Error {}

function checked<S extends string>(table: Readonly<Record<S, readonly S[]>>, from: readonly S[], to: S, what: string) {
  if (from.length === 0) throw new IllegalTransition(`${what}: no source state for ${to}`);
  for (const f of from) {
    if (!table[f]?.includes(to)) throw new IllegalTransition(`${what}: ${f} → ${to} is not allowed`);
  }
  return from.map(() => '?').join(', ');
}

type Where = { sql: string; binds: unknown[] };

/** Which orders: one by id, the one of a hold, every order of an event, or any (a sweep; `where` narrows it). */
export type OrderKey = { id: string } | { holdId: string } | { eventId: number } | { any: true };

const keySql = (key: OrderKey): Where =>
  'id' in key
    ? { sql: 'id = ?', binds: [key.id] }
    : 'holdId' in key
      ? { sql: 'hold_id = ?', binds: [key.holdId] }
      : 'eventId' in key
        ? { sql: 'event_id = ?', binds: [key.eventId] }
        : { sql: '1 = 1', binds: [] };

/**
 * `update orders set status = <to>, version = version + 1, updated_at, <set> where <key> and status in
 * (<from>) [and <where>]`. `set` values are bound; `setSql` is for expressions (no user input). When
 * `version` is given the write also requires it (an optimistic read-then-write).
 */
export function orderTransition(
  db: D1Database,
  key: OrderKey,
  from: readonly OrderState[],
  to: OrderState,
  opts: { set?: Record<string, unknown>; setSql?: string; where?: Where; version?: number; returning?: string } = {},
): D1PreparedStatement {
  const marks = checked(ORDER_TRANSITIONS, from, to, 'order');
  const set = Object.entries(opts.set ?? {});
  const k = keySql(key);
  const sql = `update orders set status = ?, version = version + 1, updated_at = ?${set
    .map(([col]) => `, ${col} = ?`)
    .join('')}${opts.setSql ? `, ${opts.setSql}` : ''}
    where ${k.sql} and status in (${marks})${opts.version === undefined ? '' : ' and version = ?'}${
      opts.where ? ` and (${opts.where.sql})` : ''
    }${opts.returning ? ` returning ${opts.returning}` : ''}`;
  return db
    .prepare(sql)
    .bind(
      to,
      new Date().toISOString(),
      ...set.map(([, v]) => v),
      ...k.binds,
      ...from,
      ...(opts.version === undefined ? [] : [opts.version]),
      ...(opts.where?.binds ?? []),
    );
}

/** Which tickets: some by id, every ticket of an order, or of the orders a subquery names. */
export type TicketKey = { ids: readonly string[] } | { orderId: string } | { orderIn: Where };

/** `update tickets set status = <to>, <set> where <key> and status in (<from>) [and <where>]`. */
export function ticketTransition(
  db: D1Database,
  key: TicketKey,
  from: readonly TicketState[],
  to: TicketState,
  opts: { set?: Record<string, unknown>; where?: Where } = {},
): D1PreparedStatement {
  const marks = checked(TICKET_TRANSITIONS, from, to, 'ticket');
  const set = Object.entries(opts.set ?? {});
  const k: Where =
    'ids' in key
      ? { sql: `id in (${key.ids.map(() => '?').join(', ') || 'null'})`, binds: [...key.ids] }
      : 'orderId' in key
        ? { sql: 'order_id = ?', binds: [key.orderId] }
        : { sql: `order_id in (${key.orderIn.sql})`, binds: key.orderIn.binds };
  const sql = `update tickets set status = ?${set.map(([col]) => `, ${col} = ?`).join('')}
    where ${k.sql} and status in (${marks})${opts.where ? ` and (${opts.where.sql})` : ''}`;
  return db.prepare(sql).bind(to, ...set.map(([, v]) => v), ...k.binds, ...from, ...(opts.where?.binds ?? []));
}

/**
 * The check-in log's transition valid → used, as a SQL set-expression for its batched copy to D1
 * (checkin/scan-log.ts): a ticket admitted at the door becomes used; any other state stays as it is
 * (a ticket refunded or revoked after an offline admission keeps its state, and the door log shows it).
 */
export const TICKET_USED_SQL = "status = case when tickets.status = 'valid' then 'used' else tickets.status end";

/**
 * The check-in log's transition used → valid: the ticket's only admission was undone at the door (the copy
 * applies it only to tickets the event's object no longer holds as admitted on any list).
 */
export const TICKET_UNUSED_SQL = "status = case when tickets.status = 'used' then 'valid' else tickets.status end";
