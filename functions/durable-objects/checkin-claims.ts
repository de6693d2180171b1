/**
 * A ticket's fate has one owner: the event's check-in object (issue 29). Admission decides that someone entered;
 * a transfer's acceptance, a refund, a resale's payment, an invitation's revocation and the event's cancellation
 * decide who may enter. Each of those first CLAIMS its tickets here, in one synchronous step of the object that
 * refuses when a ticket was admitted (unless the operation keeps admitted tickets, as a refund confirmed with
 * "ya ingresó" does) or is claimed by another operation; from then on a scan of the ticket is refused
 * ("en trámite") until the operation ends. When it ends, the object reads D1's outcome (settle): a ticket D1 now
 * holds as transferred or cancelled is CLOSED here for good (refused whatever this object's copy of the ticket
 * says, so no read of D1 that started earlier can let it in); any other ticket is released.
 *
 * An operation that dies between its claim and its D1 write would hold its tickets for ever, so a claim older
 * than STALE_CLAIM_MS is settled by the object itself (on the next scan or claim of its tickets) after FENCING
 * it in D1: `door_claims` gets the claim's id as void, and an operation's own D1 write carries its claim id as
 * committed in the same batch (claimCommit, services/checkin/claims.ts), so of the two writes exactly one wins.
 *
 * A ticket returned for resale is LISTED here too: a scan that admits it withdraws it from the waiting list in
 * the same step (an entry in `withdrawals`, delivered to the inventory object right after, retried by the alarm),
 * and the waiting buyer's payment claims it like any other operation, so it is refused once the seller is in.
 */

export type ClaimKind = 'transfer' | 'refund' | 'resale' | 'revoke' | 'cancel';

/** The whole event (its cancellation): every entry is refused while it is claimed, and for good once closed. */
export const WHOLE_EVENT = '*';

export type ClaimRequest = {
  /** Unique per attempt: D1's door_claims row names it (committed by the operation, or void by the fence). */
  claimId: string;
  kind: ClaimKind;
  /** The tickets, or [WHOLE_EVENT]. */
  ticketIds: string[];
  /** Admitted tickets may be claimed (a refund confirmed with "ya ingresó: reembolsar igual"; a chargeback). */
  allowAdmitted?: boolean;
};

export type ClaimRefusal = 'admitted' | 'busy' | 'closed';
export type ClaimAnswer = { ok: true; admitted: string[] } | { ok: false; reason: ClaimRefusal; ticketIds: string[] };

/** What a closed ticket answers at the door. */
export type ClosedResult = 'cancelled' | 'revoked';

/** Older than this, a claim is settled from D1 by the object itself (its operation may have died). */
export const STALE_CLAIM_MS = 20_000;

type Claim = { claimId: string; kind: ClaimKind; at: number };

export const CLAIMS_SCHEMA = `
create table if not exists claims (
  ticket_id text primary key,
  claim_id text not null,
  kind text not null,
  at integer not null
) without rowid;
create table if not exists closed (ticket_id text primary key, result text not null) without rowid;
create table if not exists listed (ticket_id text primary key) without rowid;
create table if not exists withdrawals (ticket_id text primary key) without rowid;
`;

/** The claims, closed and listed tickets of one event, in SQLite and (for the scan's hot path) in memory. */
export class TicketClaims {
  private readonly claims = new Map<string, Claim>();
  private readonly closedTickets = new Map<string, ClosedResult>();
  private readonly listedTickets = new Set<string>();

  constructor(private readonly sql: SqlStorage) {
    sql.exec(CLAIMS_SCHEMA);
    for (const r of sql.exec<{ ticket_id: string; claim_id: string; kind: ClaimKind; at: number }>(
      'select * from claims',
    ))
      this.claims.set(r.ticket_id, { claimId: r.claim_id, kind: r.kind, at: r.at });
    for (const r of sql.exec<{ ticket_id: string; result: ClosedResult }>('select * from closed'))
      this.closedTickets.set(r.ticket_id, r.result);
    for (const r of sql.exec<{ ticket_id: string }>('select ticket_id from listed'))
      this.listedTickets.add(r.ticket_id);
  }

  /**
   * Why an entry of this ticket is refused by its fate, or null: closed (the ticket or the whole event), or
   * claimed ('in_process'), or 'stale' when a claim is old enough to be settled first. Synchronous, no read.
   */
  entryRefusal(ticketId: string, now: number): ClosedResult | 'in_process' | 'stale' | null {
    if (this.claims.size === 0 && this.closedTickets.size === 0) return null;
    const closed = this.closedTickets.get(WHOLE_EVENT) ?? this.closedTickets.get(ticketId);
    if (closed) return closed;
    const claim = this.claims.get(WHOLE_EVENT) ?? this.claims.get(ticketId);
    if (!claim) return null;
    return now - claim.at > STALE_CLAIM_MS ? 'stale' : 'in_process';
  }

  /** The stale claims among these tickets (to settle before deciding). */
  staleClaims(ticketIds: Iterable<string>, now: number): string[] {
    const ids = new Set<string>();
    for (const id of [WHOLE_EVENT, ...ticketIds]) {
      const claim = this.claims.get(id);
      if (claim && now - claim.at > STALE_CLAIM_MS) ids.add(claim.claimId);
    }
    return [...ids];
  }

  /**
   * Claims tickets for an operation, all or none (synchronous: call it inside the object's turn). A ticket
   * already closed is refused (its fate is sealed), one claimed by another operation is busy, an admitted one
   * refused unless the operation keeps admitted tickets. The same claim id again is answered as before.
   */
  claim(req: ClaimRequest, admitted: (ticketId: string) => boolean, now: number): ClaimAnswer {
    const refuse = (reason: ClaimRefusal, ticketIds: string[]): ClaimAnswer => ({ ok: false, reason, ticketIds });
    const ids = [...new Set(req.ticketIds)];
    // A closed event still lets its tickets be claimed (its cancellation refunds them): nobody enters anyway.
    const closed = ids.filter((id) => this.closedTickets.has(id));
    if (closed.length > 0) return refuse('closed', closed);
    const busy = ids.filter((id) => {
      const claim = this.claims.get(id) ?? (id === WHOLE_EVENT ? undefined : this.claims.get(WHOLE_EVENT));
      return claim !== undefined && claim.claimId !== req.claimId;
    });
    if (busy.length > 0) return refuse('busy', busy);
    const inside = ids.filter((id) => id !== WHOLE_EVENT && admitted(id));
    if (inside.length > 0 && !req.allowAdmitted) return refuse('admitted', inside);
    for (const id of ids) {
      if (this.claims.get(id)?.claimId === req.claimId) continue;
      this.sql.exec(
        'insert or replace into claims (ticket_id, claim_id, kind, at) values (?, ?, ?, ?)',
        id,
        req.claimId,
        req.kind,
        now,
      );
      this.claims.set(id, { claimId: req.claimId, kind: req.kind, at: now });
      // Whatever the operation, a claimed ticket leaves the waiting list's offer (a resale's payment claims it
      // after its offer was made, so nothing is withdrawn then: the listing is what it pays for).
      if (this.listedTickets.delete(id)) {
        this.sql.exec('delete from listed where ticket_id = ?', id);
        if (req.kind !== 'resale') this.queueWithdrawal(id);
      }
    }
    return { ok: true, admitted: inside };
  }

  /** The tickets a claim holds (empty once settled). */
  ticketsOf(claimId: string): string[] {
    return [...this.claims].filter(([, c]) => c.claimId === claimId).map(([id]) => id);
  }

  /** Pushes a claim's time forward (a refund still waiting on MercadoPago keeps its tickets). */
  keep(ticketId: string, claimId: string, now: number) {
    const claim = this.claims.get(ticketId);
    if (claim?.claimId !== claimId) return;
    claim.at = now;
    this.sql.exec('update claims set at = ? where ticket_id = ?', now, ticketId);
  }

  /** The operation ended without changing who may enter with this ticket. */
  release(ticketId: string, claimId: string) {
    if (this.claims.get(ticketId)?.claimId !== claimId) return;
    this.claims.delete(ticketId);
    this.sql.exec('delete from claims where ticket_id = ?', ticketId);
  }

  /** The ticket (or the whole event) may no longer enter, whatever any copy of it says. */
  close(ticketId: string, claimId: string, result: ClosedResult) {
    this.release(ticketId, claimId);
    this.closedTickets.set(ticketId, result);
    this.sql.exec('insert or replace into closed (ticket_id, result) values (?, ?)', ticketId, result);
  }

  isClaimed(ticketId: string): boolean {
    return this.claims.has(ticketId) || this.claims.has(WHOLE_EVENT);
  }

  /** Returned for resale: answers false (nothing written) when it cannot be (admitted, closed or claimed). */
  list(ticketId: string, admitted: boolean): boolean {
    if (admitted || this.closedTickets.has(ticketId) || this.isClaimed(ticketId)) return false;
    if (!this.listedTickets.has(ticketId)) {
      this.sql.exec('insert or ignore into listed (ticket_id) values (?)', ticketId);
      this.listedTickets.add(ticketId);
    }
    return true;
  }

  /** The holder took it back from the waiting list. */
  unlist(ticketId: string) {
    if (this.listedTickets.delete(ticketId)) this.sql.exec('delete from listed where ticket_id = ?', ticketId);
  }

  /**
   * Called in the step that admits a ticket: a listed one leaves the waiting list (queued for the inventory
   * object). Answers whether a withdrawal was queued. No read unless the ticket is listed.
   */
  admittedNow(ticketId: string): boolean {
    if (!this.listedTickets.has(ticketId)) return false;
    this.listedTickets.delete(ticketId);
    this.sql.exec('delete from listed where ticket_id = ?', ticketId);
    this.queueWithdrawal(ticketId);
    return true;
  }

  private queueWithdrawal(ticketId: string) {
    this.sql.exec('insert or ignore into withdrawals (ticket_id) values (?)', ticketId);
  }

  pendingWithdrawals(): string[] {
    return this.sql
      .exec<{ ticket_id: string }>('select ticket_id from withdrawals')
      .toArray()
      .map((r) => r.ticket_id);
  }

  withdrawalDelivered(ticketId: string) {
    this.sql.exec('delete from withdrawals where ticket_id = ?', ticketId);
  }
}
