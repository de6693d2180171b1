/**
 * The waiting list of an event, kept by its EventInventory object (issue 22): entries in arrival order per
 * ticket type, one per account and one per DNI on the event. When stock of a type comes back (a hold
 * expires or is released, a refund, more capacity, a revoked invitation), the object offers it to the next
 * entries, in order, in the same synchronous step as the change that freed it: each offer is a hold under
 * the buyer key `waitlist:<entry id>` with its own expiry, so nobody outside the list can take that stock
 * first. An offer that expires goes back on offer to the next entry; a paid one closes the entry. The
 * order (D1) and the e-mail of each offer follow from an outbox, asynchronously.
 */

export type WaitlistEntry = {
  id: string;
  type_id: number;
  user_id: number;
  dni: string;
  email: string;
  name: string;
  quantity: number;
  accept_fewer: number;
  seq: number;
  status: 'waiting' | 'offered' | 'bought' | 'expired' | 'left';
  offer_hold: string | null;
  offered_quantity: number | null;
  offer_expires_at: number | null;
  offer_order: string | null;
  created_at: number;
};

export type JoinInput = {
  typeId: number;
  userId: number;
  dni: string;
  email: string;
  name: string;
  quantity: number;
  acceptFewer: boolean;
};

export type JoinResult =
  | { ok: true; entryId: string; position: number }
  | {
      ok: false;
      reason: 'twice' | 'dni_twice' | 'unknown_type' | 'available' | 'closed' | 'queued';
      available?: number;
    };

export type WaitlistPlace = {
  id: string;
  typeId: number;
  quantity: number;
  acceptFewer: boolean;
  status: WaitlistEntry['status'];
  position: number | null;
  offerHoldId: string | null;
  offeredQuantity: number | null;
  offerExpiresAt: number | null;
  offerOrderId: string | null;
};

export const WAITLIST_SCHEMA = `
create table if not exists waitlist (
  id text primary key,
  type_id integer not null,
  user_id integer not null,
  dni text not null,
  email text not null,
  name text not null,
  quantity integer not null,
  accept_fewer integer not null,
  seq integer not null,
  status text not null,
  offer_hold text,
  offered_quantity integer,
  offer_expires_at integer,
  offer_order text,
  created_at integer not null
);
create index if not exists waitlist_next on waitlist (type_id, status, seq);
create index if not exists waitlist_user on waitlist (user_id, status);
create index if not exists waitlist_status on waitlist (status, type_id);
create index if not exists waitlist_dni on waitlist (dni, status);
create index if not exists waitlist_hold on waitlist (offer_hold);
create table if not exists waitlist_settings (offer_minutes integer not null, starts_at integer);
create table if not exists waitlist_outbox (hold_id text primary key, entry_id text not null);
create table if not exists waitlist_notices (hold_id text primary key, entry_id text not null);
`;

const LIVE = "('waiting', 'offered')";

/** The offer's time: the producer's (default 2 hours), shorter close to the event (half the time left, ≥ 10 min). */
export function offerSeconds(sql: SqlStorage, now: number): number {
  const s = sql
    .exec<{ offer_minutes: number; starts_at: number | null }>('select * from waitlist_settings limit 1')
    .toArray()[0];
  const minutes = s?.offer_minutes ?? 120;
  const untilEvent = s?.starts_at ? (s.starts_at - now) / 2 / 1000 : Number.POSITIVE_INFINITY;
  return Math.max(600, Math.min(minutes * 60, untilEvent));
}

export function setWaitlistSettings(sql: SqlStorage, offerMinutes: number | null, startsAt: number | null) {
  const current = sql
    .exec<{ offer_minutes: number; starts_at: number | null }>('select * from waitlist_settings limit 1')
    .toArray()[0];
  sql.exec('delete from waitlist_settings');
  sql.exec(
    'insert into waitlist_settings (offer_minutes, starts_at) values (?, ?)',
    offerMinutes ?? current?.offer_minutes ?? 120,
    startsAt ?? current?.starts_at ?? null,
  );
}

export function waitlistSettings(sql: SqlStorage) {
  const s = sql
    .exec<{ offer_minutes: number; starts_at: number | null }>('select * from waitlist_settings limit 1')
    .toArray()[0];
  return { offerMinutes: s?.offer_minutes ?? 120 };
}

/** Joins (atomic: one live entry per account and per DNI on the event). `available`: the type's free stock. */
export function joinWaitlist(sql: SqlStorage, input: JoinInput, available: number): JoinResult {
  if (available > 0) return { ok: false, reason: 'available', available };
  const mine = sql
    .exec(`select 1 from waitlist where user_id = ? and status in ${LIVE} limit 1`, input.userId)
    .toArray();
  if (mine.length > 0) return { ok: false, reason: 'twice' };
  const dni = sql.exec(`select 1 from waitlist where dni = ? and status in ${LIVE} limit 1`, input.dni).toArray();
  if (dni.length > 0) return { ok: false, reason: 'dni_twice' };
  const seq = sql.exec<{ n: number }>('select coalesce(max(seq), 0) + 1 as n from waitlist').one().n;
  const id = crypto.randomUUID();
  sql.exec(
    `insert into waitlist (id, type_id, user_id, dni, email, name, quantity, accept_fewer, seq, status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?)`,
    id,
    input.typeId,
    input.userId,
    input.dni,
    input.email,
    input.name,
    input.quantity,
    input.acceptFewer ? 1 : 0,
    seq,
    Date.now(),
  );
  return { ok: true, entryId: id, position: positionOf(sql, input.typeId, seq) };
}

function positionOf(sql: SqlStorage, typeId: number, seq: number): number {
  return (
    sql
      .exec<{ n: number }>(
        "select count(*) as n from waitlist where type_id = ? and status = 'waiting' and seq < ?",
        typeId,
        seq,
      )
      .one().n + 1
  );
}

/** The account's live (or last) entry on the event, with its position among the waiting. */
export function placeOf(sql: SqlStorage, userId: number): WaitlistPlace | null {
  const e = sql
    .exec<WaitlistEntry>(
      `select * from waitlist where user_id = ? order by status in ${LIVE} desc, seq desc limit 1`,
      userId,
    )
    .toArray()[0];
  if (!e) return null;
  return {
    id: e.id,
    typeId: e.type_id,
    quantity: e.quantity,
    acceptFewer: e.accept_fewer === 1,
    status: e.status,
    position: e.status === 'waiting' ? positionOf(sql, e.type_id, e.seq) : null,
    offerHoldId: e.offer_hold,
    offeredQuantity: e.offered_quantity,
    offerExpiresAt: e.offer_expires_at,
    offerOrderId: e.offer_order,
  };
}

/** Leaves the list (a waiting entry only: an offer is left by letting it expire or releasing its hold). */
export function leaveWaitlist(sql: SqlStorage, userId: number): boolean {
  const changed = sql.exec("update waitlist set status = 'left' where user_id = ? and status = 'waiting'", userId);
  return changed.rowsWritten > 0;
}

/** The demand per type: waiting entries and the tickets they ask for. */
export function waitingDemand(sql: SqlStorage) {
  return sql
    .exec<{ type_id: number; entries: number; tickets: number }>(
      `select type_id, count(*) as entries, sum(quantity) as tickets from waitlist where status = 'waiting'
       group by type_id order by type_id`,
    )
    .toArray()
    .map((d) => ({ typeId: d.type_id, entries: d.entries, tickets: d.tickets }));
}

/** Every entry in order, and the demand per type (tickets asked by the waiting), for the producer. */
export function waitlistOf(sql: SqlStorage) {
  const entries = sql.exec<WaitlistEntry>('select * from waitlist order by seq').toArray();
  return { entries, demand: waitingDemand(sql) };
}

/**
 * Offers the free stock of every type to its waiting entries, in order: the first entry whose quantity fits
 * (or who accepts fewer) gets an offer hold; an entry asking for more than is free, without "acepto menos",
 * keeps its place and the next one is looked at. Synchronous: call it in the step that freed the stock.
 * Answers the number of offers made (their orders and e-mails wait in the outbox).
 */
export function offerFreedStock(
  sql: SqlStorage,
  now: number,
  free: (typeId: number) => number,
  /**
   * Answers the offer's hold and how many it holds (an entry that accepts fewer may get fewer than asked: seats
   * together), or null when its stock cannot be offered yet (a seated type without the seats).
   */
  createHold: (
    buyer: string,
    typeId: number,
    quantity: number,
    expiresAt: number,
    acceptFewer: boolean,
  ) => { holdId: string; quantity: number } | null,
): number {
  const types = sql
    .exec<{ type_id: number }>("select distinct type_id from waitlist where status = 'waiting'")
    .toArray()
    .map((r) => r.type_id);
  let offers = 0;
  const expiresAt = now + offerSeconds(sql, now) * 1000;
  for (const typeId of types) {
    let available = free(typeId);
    if (available <= 0) continue;
    const waiting = sql
      .exec<WaitlistEntry>("select * from waitlist where type_id = ? and status = 'waiting' order by seq", typeId)
      .toArray();
    for (const entry of waiting) {
      if (available <= 0) break;
      const quantity = entry.quantity <= available ? entry.quantity : entry.accept_fewer === 1 ? available : 0;
      if (quantity === 0) continue;
      const made = createHold(`waitlist:${entry.id}`, typeId, quantity, expiresAt, entry.accept_fewer === 1);
      if (made === null) break;
      markOffered(sql, entry.id, made.holdId, made.quantity, expiresAt);
      available -= made.quantity;
      offers++;
    }
  }
  return offers;
}

/** Whether anyone waits (an entry, or a listed ticket with someone to offer it to). */
export function offersWaiting(sql: SqlStorage): boolean {
  return sql.exec("select 1 from waitlist where status = 'waiting' limit 1").toArray().length > 0;
}

/** An entry got an offer hold: its order and e-mail go through the outbox. */
export function markOffered(sql: SqlStorage, entryId: string, holdId: string, quantity: number, expiresAt: number) {
  sql.exec(
    "update waitlist set status = 'offered', offer_hold = ?, offered_quantity = ?, offer_expires_at = ? where id = ?",
    holdId,
    quantity,
    expiresAt,
    entryId,
  );
  sql.exec('insert into waitlist_outbox (hold_id, entry_id) values (?, ?)', holdId, entryId);
}

/**
 * An offer's hold ended: paid (the entry is done) or expired/released (it passes to the next entry). An offer
 * that ran out unanswered (`notify`) queues the e-mail that tells its buyer, in the same step.
 */
export function closeOffer(sql: SqlStorage, holdId: string, outcome: 'bought' | 'expired', notify = false): boolean {
  const closed =
    sql.exec("update waitlist set status = ? where offer_hold = ? and status = 'offered'", outcome, holdId)
      .rowsWritten > 0;
  if (closed && notify) {
    sql.exec(
      'insert or ignore into waitlist_notices (hold_id, entry_id) select offer_hold, id from waitlist where offer_hold = ?',
      holdId,
    );
  }
  return closed && notify;
}

/**
 * An offer withdrawn through no fault of its buyer (the resold ticket's seller went in): the entry waits again
 * in its place, and its order and e-mail are not sent if they were still to be.
 */
export function reopenOffer(sql: SqlStorage, holdId: string) {
  sql.exec(
    `update waitlist set status = 'waiting', offer_hold = null, offered_quantity = null, offer_expires_at = null,
       offer_order = null where offer_hold = ? and status = 'offered'`,
    holdId,
  );
  sql.exec('delete from waitlist_outbox where hold_id = ?', holdId);
}

/** Offers that expired unanswered whose e-mail is still to be queued. */
export function pendingNotices(sql: SqlStorage) {
  return sql
    .exec<WaitlistEntry & { hold_id: string }>(
      'select w.*, n.hold_id from waitlist_notices n join waitlist w on w.id = n.entry_id',
    )
    .toArray();
}

export function noticeQueued(sql: SqlStorage, holdId: string) {
  sql.exec('delete from waitlist_notices where hold_id = ?', holdId);
}

/** The offer's order is written: remembered before its e-mail is queued (a retry does not write another). */
export function recordOfferOrder(sql: SqlStorage, holdId: string, orderId: string) {
  sql.exec('update waitlist set offer_order = ? where offer_hold = ?', orderId, holdId);
}

/** The offers whose order and e-mail are still to be written. */
export function pendingOffers(sql: SqlStorage) {
  return sql
    .exec<WaitlistEntry & { hold_id: string }>(
      'select w.*, o.hold_id from waitlist_outbox o join waitlist w on w.id = o.entry_id',
    )
    .toArray();
}

/** The offer's order is written (`orderId`, or null when it could not be): it leaves the outbox. */
export function offerDelivered(sql: SqlStorage, holdId: string, orderId: string | null) {
  if (orderId) sql.exec('update waitlist set offer_order = ? where offer_hold = ?', orderId, holdId);
  sql.exec('delete from waitlist_outbox where hold_id = ?', holdId);
}

/** What an entry keeps of its person once they are gone (deletion or retention, issue 35). */
const ERASED = "email = '', name = '', dni = ''";

/**
 * A deleted account (issue 35): its entries lose who they were. An entry never offered anything is removed
 * (the others keep their order: positions count the waiting before them); one with an offer keeps its row,
 * without name, e-mail or DNI, so its hold, order and resale stay consistent. E-mails still to be queued for
 * them are dropped. Answers the holds of their open offers, for the caller to release (to the next entry).
 */
export function forgetPerson(sql: SqlStorage, userId: number): { entries: number; openOffers: string[] } {
  const entries = sql.exec<{ n: number }>('select count(*) as n from waitlist where user_id = ?', userId).one().n;
  const openOffers = sql
    .exec<{ offer_hold: string }>("select offer_hold from waitlist where user_id = ? and status = 'offered'", userId)
    .toArray()
    .map((r) => r.offer_hold);
  const mine = 'entry_id in (select id from waitlist where user_id = ?)';
  sql.exec(`delete from waitlist_outbox where ${mine}`, userId);
  sql.exec(`delete from waitlist_notices where ${mine}`, userId);
  sql.exec('delete from waitlist where user_id = ? and offer_hold is null', userId);
  sql.exec(`update waitlist set ${ERASED} where user_id = ?`, userId);
  return { entries, openOffers };
}

/**
 * Retention (issue 35): the event is long past. Nobody waits any more, no e-mail is still to be queued, and no
 * entry keeps a name, e-mail or DNI (the rows stay: the producer's figures of the list). Answers the holds of
 * open offers, for the caller to release (with nobody waiting, to no one).
 */
export function eraseWaitlist(sql: SqlStorage): string[] {
  sql.exec("update waitlist set status = 'left' where status = 'waiting'");
  const openOffers = sql
    .exec<{ offer_hold: string }>("select offer_hold from waitlist where status = 'offered'")
    .toArray()
    .map((r) => r.offer_hold);
  sql.exec('delete from waitlist_outbox');
  sql.exec('delete from waitlist_notices');
  sql.exec(`update waitlist set ${ERASED} where email <> '' or name <> '' or dni <> ''`);
  return openOffers;
}

/** Whether the offer's order and e-mail are still to be written (false once delivered, withdrawn or forgotten). */
export function offerPending(sql: SqlStorage, holdId: string): boolean {
  return sql.exec('select 1 from waitlist_outbox where hold_id = ?', holdId).toArray().length > 0;
}
