/**
 * Face-value resale through the waiting list, inside the EventInventory object (issue 22). A returned ticket
 * stays sold (and valid) while listed: it is offered, like freed stock, to the next waiting entry of its type
 * that takes one ticket (or accepts fewer), as an offer hold of its own. When that hold is committed (paid)
 * the listing is sold and commit() answers the resold ticket's id: the payment's D1 batch cancels it and
 * records its seller's refund (services/resale, resale_refunds), so it cannot stay valid beside the buyer's.
 * An offer that expires puts the listing back; a listing past its deadline is withdrawn.
 * A seated ticket's listing keeps its seat (`seat_id`, issue 33): the offer holds that seat by name (it stays
 * sold to the seller's hold, `seller_hold`, meanwhile) and the payment passes it to the buyer's hold (seats.ts
 * passSeat) only if it is still the seller's or free; an undone sale gives it back to the seller.
 */

export const RESALE_SCHEMA = `
create table if not exists resale (
  ticket_id text primary key,
  type_id integer not null,
  deadline integer not null,
  status text not null,
  offer_hold text,
  seq integer not null,
  seat_id text,
  seller_hold text
);
create index if not exists resale_status on resale (status, seq);
create index if not exists resale_offer on resale (offer_hold);
`;

/** Brings a table from before seated resale (issue 33) to its seat columns. */
export function setupResale(sql: SqlStorage) {
  sql.exec(RESALE_SCHEMA);
  const columns = sql.exec<{ name: string }>('pragma table_info(resale)').toArray();
  for (const column of ['seat_id', 'seller_hold'])
    if (!columns.some((c) => c.name === column)) sql.exec(`alter table resale add column ${column} text`);
}

export type ListResult = { ok: true } | { ok: false; reason: 'listed' | 'no_waitlist' | 'closed' };

/** Lists a ticket (its type must have someone waiting). */
export function listResale(
  sql: SqlStorage,
  ticketId: string,
  typeId: number,
  deadline: number,
  seat: { seatId: string; sellerHold: string } | null = null,
): ListResult {
  const existing = sql.exec<{ status: string }>('select status from resale where ticket_id = ?', ticketId).toArray()[0];
  if (existing && existing.status !== 'withdrawn') return { ok: false, reason: 'listed' };
  const waiting = sql.exec("select 1 from waitlist where type_id = ? and status = 'waiting' limit 1", typeId).toArray();
  if (waiting.length === 0) return { ok: false, reason: 'no_waitlist' };
  const seq = sql.exec<{ n: number }>('select coalesce(max(seq), 0) + 1 as n from resale').one().n;
  sql.exec(
    `insert into resale (ticket_id, type_id, deadline, status, seq, seat_id, seller_hold) values (?, ?, ?, 'listed', ?, ?, ?)
     on conflict (ticket_id) do update set status = 'listed', deadline = excluded.deadline, offer_hold = null,
       seq = excluded.seq, seat_id = excluded.seat_id, seller_hold = excluded.seller_hold`,
    ticketId,
    typeId,
    deadline,
    seq,
    seat?.seatId ?? null,
    seat?.sellerHold ?? null,
  );
  return { ok: true };
}

/** The holder takes it back (only while nobody holds an offer for it). */
export function withdrawResale(sql: SqlStorage, ticketId: string): boolean {
  return (
    sql.exec("update resale set status = 'withdrawn' where ticket_id = ? and status = 'listed'", ticketId).rowsWritten >
    0
  );
}

export function resaleStatus(sql: SqlStorage, ticketId: string): string | null {
  return (
    sql.exec<{ status: string }>('select status from resale where ticket_id = ?', ticketId).toArray()[0]?.status ?? null
  );
}

/**
 * Offers listed tickets to the waiting list (after the freed stock), each to the next waiting entry of its
 * type that takes one ticket. Listings past their deadline are withdrawn. Answers the offers made.
 */
export function offerResales(
  sql: SqlStorage,
  now: number,
  offer: (entryId: string, typeId: number, seatId: string | null) => string,
): number {
  sql.exec("update resale set status = 'withdrawn' where status = 'listed' and deadline <= ?", now);
  const listed = sql
    .exec<{ ticket_id: string; type_id: number; seat_id: string | null }>(
      "select ticket_id, type_id, seat_id from resale where status = 'listed' order by seq",
    )
    .toArray();
  let made = 0;
  for (const r of listed) {
    const entry = sql
      .exec<{ id: string }>(
        `select id from waitlist where type_id = ? and status = 'waiting' and (quantity = 1 or accept_fewer = 1)
         order by seq limit 1`,
        r.type_id,
      )
      .toArray()[0];
    if (!entry) continue;
    const holdId = offer(entry.id, r.type_id, r.seat_id);
    sql.exec("update resale set status = 'offered', offer_hold = ? where ticket_id = ?", holdId, r.ticket_id);
    made++;
  }
  return made;
}

/** An offer hold ended. Paid: the listing is sold (answers the resold ticket's id). Else it is listed again. */
export function resaleOfferEnded(sql: SqlStorage, holdId: string, paid: boolean): string | null {
  const row = sql
    .exec<{ ticket_id: string }>("select ticket_id from resale where offer_hold = ? and status = 'offered'", holdId)
    .toArray()[0];
  if (!row) return null;
  if (paid) {
    sql.exec("update resale set status = 'sold' where ticket_id = ?", row.ticket_id);
    return row.ticket_id;
  }
  sql.exec("update resale set status = 'listed', offer_hold = null where ticket_id = ?", row.ticket_id);
  return null;
}

/** The seat a listing carries and the seller's hold it is sold under. */
export function resaleSeat(sql: SqlStorage, ticketId: string): { seatId: string; sellerHold: string | null } | null {
  const row = sql
    .exec<{ seat_id: string | null; seller_hold: string | null }>(
      'select seat_id, seller_hold from resale where ticket_id = ?',
      ticketId,
    )
    .toArray()[0];
  return row?.seat_id ? { seatId: row.seat_id, sellerHold: row.seller_hold } : null;
}

/** The ticket a sold offer hold bought (a commit answered again, a payment notification delivered twice). */
export function resoldBy(sql: SqlStorage, holdId: string): string | null {
  return (
    sql
      .exec<{ ticket_id: string }>("select ticket_id from resale where offer_hold = ? and status = 'sold'", holdId)
      .toArray()[0]?.ticket_id ?? null
  );
}

/** The ticket an open offer hold is for (null when the hold is not a resale offer). */
export function offeredTicket(sql: SqlStorage, holdId: string): string | null {
  return (
    sql
      .exec<{ ticket_id: string }>("select ticket_id from resale where offer_hold = ? and status = 'offered'", holdId)
      .toArray()[0]?.ticket_id ?? null
  );
}

/**
 * Its seller went in (the door admitted it): the listing is withdrawn whatever its state short of sold.
 * Answers the offer hold it had, if it was on offer (the caller releases it).
 */
export function withdrawAdmitted(sql: SqlStorage, ticketId: string): string | null {
  const row = sql
    .exec<{ status: string; offer_hold: string | null }>(
      'select status, offer_hold from resale where ticket_id = ?',
      ticketId,
    )
    .toArray()[0];
  if (!row || (row.status !== 'listed' && row.status !== 'offered')) return null;
  // The offer's hold stays named on the withdrawn listing, so its buyer's checkout can say why it ended.
  sql.exec("update resale set status = 'withdrawn' where ticket_id = ?", ticketId);
  return row.status === 'offered' ? row.offer_hold : null;
}

/** Whether this hold was a resale offer whose listing was withdrawn under it (its seller refunded or went in). */
export function offerWithdrawn(sql: SqlStorage, holdId: string): boolean {
  return sql.exec("select 1 from resale where offer_hold = ? and status = 'withdrawn'", holdId).toArray().length > 0;
}
