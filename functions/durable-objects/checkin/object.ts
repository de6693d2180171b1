import { DurableObject } from 'cloudflare:workers';
import { type ScanResult, type TicketRefusal, typedTicketCode, UNDO_WINDOW_MS } from '../../../src/shared/checkin';
import { CHECKIN_MSG, SCAN_LABEL, SCAN_REASON } from '../../../src/shared/messages/checkin';
import { MSG } from '../../../src/shared/messages/common';
import { EVENT_MSG } from '../../../src/shared/messages/events';
import type { SessionUser } from '../../../src/shared/session';
import { verifyTicketCode } from '../../domain/checkout/ticket-signing';
import { pingWrite } from '../bench-floor';
import { mirrorEveryCall, StateMirror } from '../state-mirror';
import { inventoryOf } from '../stubs';
import { CLAIMS_SCHEMA, TicketClaims } from './claims';
import { DoorCache } from './door-cache';
import { CHECKIN_TABLES } from './mirror';
import { refusalOf, sameCode, ticketInfo } from './rules';
import { CheckinScanLog } from './scan-log';
import type {
  ClaimAnswer,
  ClaimRequest,
  DoorRequest,
  NonceReused,
  RedeemAnswer,
  ScanAnswer,
  ScanInput,
  UndoInput,
} from './types';
import { WHOLE_EVENT } from './types';

/**
 * The check-in authority of one event (one object per event id): it decides every redeem. A Durable
 * Object runs one request at a time, and each decision below is synchronous over its SQLite storage (no
 * await between the read and the write), so two gates scanning the same ticket in the same millisecond
 * admit it exactly once. Decisions are taken in turns (group commit, see `inTurn`): the requests that arrive
 * together are decided one after another in one synchronous step, so their writes share one commit. Every
 * scan's answer is kept by its client nonce: a retried request gets the same answer and counts once. That
 * answer is also the scan's log for D1 (checkin_scans, tickets.used_at and the checkin_admissions mirror): one
 * row per scan, written in the same synchronous step as the decision, so it is as durable as the decision
 * itself; the answer does not wait for D1. The log is copied to D1 in the background, a few multi-row
 * statements per batch (see CheckinScanLog); readers of D1's log call `flushed()`.
 *
 * It is also the one owner of each ticket's fate (checkin/claims.ts): an operation that changes who may enter
 * (transfer, refund, resale, revocation, cancellation) claims its tickets here first, in a step that refuses an
 * admitted ticket, and a claimed or closed ticket is refused at the door in the same synchronous decision.
 */

const REUSED = Symbol('nonce reused');

/** An unknown list or gate id re-reads the setup, at most this often (ids sent at random cost no reads). */
const SETUP_RECHECK_MS = 2_000;

/** What a nonce names: one device, one ticket (none for a code that is not genuine) and one kind of scan. */
const scanBinding = (input: ScanInput) => JSON.stringify([input.device, input.ticketId ?? '', input.kind]);
const undoBinding = (input: UndoInput) => JSON.stringify([input.device, `scan:${input.scanId}`, 'undo']);

type AdmissionRow = {
  list_id: number;
  ticket_id: string;
  first_at: string;
  first_gate: string;
  first_staff: string;
  first_scan: string;
  gate_id: number | null;
  inside: number;
  last_scan: string;
  last_staff: number;
  last_at: number;
};

const SCHEMA = `
create table if not exists admissions (
  list_id integer not null,
  ticket_id text not null,
  first_at text not null,
  first_gate text not null,
  first_staff text not null,
  first_scan text not null,
  gate_id integer,
  inside integer not null,
  last_scan text not null,
  last_staff integer not null,
  last_at integer not null,
  primary key (list_id, ticket_id)
) without rowid;
create table if not exists meta (event_id integer not null);
`;

export class EventCheckin extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly log: CheckinScanLog;
  private door: DoorCache | null = null;
  /** The event this object decides for (kept in `meta` once known, for a copy after a restart). */
  private eventId: number | null;
  /**
   * Every list and ticket with an admission row, in memory (loaded once, kept in step with each write below),
   * so a first entry, the usual scan at a door, is decided without reading the table (the scan log does the
   * same for nonces). A few dozen bytes per admission.
   */
  private readonly admissionKeys = new Set<string>();
  /** Per ticket, on how many lists it is admitted (a claim refuses admitted tickets without a read). */
  private readonly admittedTickets = new Map<string, number>();
  /** Claims, closed and listed tickets (checkin/claims.ts). */
  private claims: TicketClaims;
  /** Copies admissions, claims and the event's id to D1 and restores them from there (state-mirror.ts). */
  private readonly stateMirror: StateMirror;
  /** Decisions queued for the next turn (see `inTurn`). */
  private turn: (() => void)[] = [];
  private withdrawing: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    this.sql.exec(CLAIMS_SCHEMA);
    this.stateMirror = new StateMirror(this, ctx, env.DB, 'checkin', CHECKIN_TABLES);
    this.eventId = null;
    this.claims = this.loadState();
    void ctx.blockConcurrencyWhile(async () => {
      // Storage lost: admissions and claims come back from D1 before any scan is decided (state-mirror.ts).
      if ((await this.stateMirror.restore()) > 0) this.claims = this.loadState();
    });
    this.log = new CheckinScanLog(
      ctx,
      env,
      () => this.eventId ?? 0,
      (ticketId) =>
        this.sql.exec('select 1 from admissions where ticket_id = ? limit 1', ticketId).toArray().length > 0,
    );
  }

  /** Reads what the object keeps in memory from its storage (at start, and again after a restore). */
  private loadState(): TicketClaims {
    this.eventId = this.sql.exec<{ event_id: number }>('select event_id from meta').toArray()[0]?.event_id ?? null;
    this.admissionKeys.clear();
    this.admittedTickets.clear();
    for (const row of this.sql.exec<{ list_id: number; ticket_id: string }>(
      'select list_id, ticket_id from admissions',
    )) {
      this.admissionKeys.add(admissionKey(row.list_id, row.ticket_id));
      this.countAdmission(row.ticket_id, 1);
    }
    return new TicketClaims(this.sql);
  }

  /** Keeps the event's id (once): the log's rows name it only when they are copied. */
  private noteEvent(eventId: number) {
    if (this.eventId === eventId) return;
    this.sql.exec('delete from meta');
    this.sql.exec('insert into meta (event_id) values (?)', eventId);
    this.eventId = eventId;
  }

  private doorOf(eventId: number) {
    this.door ??= new DoorCache(this.env, eventId);
    return this.door;
  }

  /**
   * A scan (or an offline queue) in one call: who may scan, the setup and the tickets come from what this
   * object holds (read from D1 once, then kept current by pushes), then each scan is decided in order.
   */
  async redeem(
    eventId: number,
    caller: { session: SessionUser; tokenHash: string },
    requests: DoorRequest[],
  ): Promise<RedeemAnswer> {
    const door = this.doorOf(eventId);
    let setup = await door.doorSetup();
    // A list or gate this object has not seen (created a moment ago): the setup is read again once.
    const unknown = requests.some(
      (r) =>
        (r.list_id && !setup.lists.some((l) => l.id === r.list_id)) ||
        (r.gate_id && !setup.gates.some((g) => g.id === r.gate_id)),
    );
    if (unknown && door.setupOlderThan(SETUP_RECHECK_MS)) {
      door.setupChanged();
      setup = await door.doorSetup();
    }
    if (setup.producerId === null) return { status: 404, message: EVENT_MSG.missing };
    const allowed = await door.door(caller.session, caller.tokenHash, setup.producerId);
    if ('status' in allowed)
      return allowed.status === 401
        ? { status: 401, message: MSG.sessionExpired }
        : { status: 403, message: CHECKIN_MSG.noPermission };
    // The ticket a code names (`BOL1.<ticketId>.<eventId>.<signature>`): genuine when it is the code issued
    // for that ticket (held with it), else only when its Ed25519 signature verifies (a ticket this object
    // cannot find, a key since rotated): the signature check is off the common path.
    // A code typed by hand that is not a signed QR (a ticket's short code or id, issue 32) names a ticket of this
    // event (the door cache looks it up); it is then judged exactly like a scanned code of that ticket.
    const typing = requests.map((r) => (r.code ? typedTicketCode(r.code) : null));
    const typed = typing.some(Boolean)
      ? await Promise.all(typing.map((t) => (t ? door.typedTicket(t) : null)))
      : typing.map(() => null);
    const claimed = requests.map(
      (r, i) => typed[i] ?? (r.code ? (r.code.split('.')[1] ?? null) : (r.ticket_id ?? null)),
    );
    const tickets = await door.ticketsByIds([...new Set(claimed.filter((id): id is string => !!id))]);
    const codes = await Promise.all(
      requests.map(async (r, i): Promise<{ ticketId: string; eventId: number } | null> => {
        if (!r.code) return null;
        const named = typed[i];
        if (named) return { ticketId: named, eventId };
        const held = claimed[i] ? tickets.get(claimed[i]) : undefined;
        if (held && sameCode(held.code, r.code)) return { ticketId: held.id, eventId: held.event_id };
        return verifyTicketCode(this.env, r.code);
      }),
    );

    // Each scan as the authority decides it, from what was read above (decided in the next turn, below).
    const inputs: ScanInput[] = [];
    const shown: ReturnType<typeof ticketInfo>[] = [];
    for (const [i, r] of requests.entries()) {
      const code = codes[i];
      const ticketId = r.code ? (code?.ticketId ?? null) : (r.ticket_id ?? null);
      const list = r.list_id ? setup.lists.find((l) => l.id === r.list_id) : setup.lists.find((l) => l.is_default);
      if (!list) return { status: 404, message: CHECKIN_MSG.unknownList };
      const gate = r.gate_id ? setup.gates.find((g) => g.id === r.gate_id) : setup.gates[0];
      if (!gate) return { status: 404, message: CHECKIN_MSG.unknownGate };
      const ticket = ticketId ? tickets.get(ticketId) : undefined;
      let refusal: TicketRefusal | null;
      if (r.code && !code) refusal = 'forged';
      else if (r.code && code?.eventId !== eventId) refusal = 'other_event';
      else if (!r.code && !ticket) refusal = 'forged';
      else refusal = refusalOf(ticket, eventId, list.type_ids);
      shown.push(refusal === 'forged' || refusal === 'other_event' ? null : ticketInfo(ticket, setup.doorDni));
      inputs.push({
        nonce: r.nonce,
        kind: r.code ? r.kind : 'manual',
        ticketId,
        refusal,
        list: { id: list.id, allowReentry: list.allow_reentry },
        gate: { id: gate.id, name: gate.name },
        device: r.device,
        staff: { id: allowed.actor.userId, name: allowed.actor.name },
        clientAt: r.client_at ?? null,
        offline: r.local_result ? { admitted: r.local_result === 'admitted' } : undefined,
      });
    }
    // A claim whose operation may have died is settled from D1 first (rare: see checkin/claims.ts).
    const entered = inputs.filter((i) => i.kind !== 'exit' && i.ticketId).map((i) => i.ticketId as string);
    for (const claimId of this.claims.staleClaims(entered, Date.now())) await this.settle(eventId, claimId, true);
    const decided = await this.inTurn(() => this.scanMany(eventId, inputs));
    if (!Array.isArray(decided)) return { status: 409, message: CHECKIN_MSG.nonceReused };
    // A ticket on offer to the waiting list was admitted: the offer is withdrawn before the answer leaves.
    if (decided.some((a) => a.withdrew)) await this.deliverWithdrawals(eventId);
    return {
      outcomes: decided.map(({ withdrew: _, ...a }, i) => ({
        ...a,
        ok: a.result === 'admitted' || a.result === 'exited',
        label: SCAN_LABEL[a.result],
        reason: SCAN_REASON[a.result] ?? null,
        ticket: shown[i],
        list_id: inputs[i].list?.id ?? null,
        gate_id: inputs[i].gate?.id ?? null,
      })),
    };
  }

  /**
   * An operation that changes who may enter claims its tickets (see checkin/claims.ts): refused when a ticket
   * was admitted (unless `allowAdmitted`), is claimed by another operation, or is closed. Claims older than
   * STALE_CLAIM_MS among these tickets are settled from D1 first.
   */
  async claim(eventId: number, req: ClaimRequest): Promise<ClaimAnswer> {
    this.noteEvent(eventId);
    for (const claimId of this.claims.staleClaims(req.ticketIds, Date.now()))
      if (claimId !== req.claimId) await this.settle(eventId, claimId, true);
    const answer = this.claims.claim(req, (id) => this.admittedTickets.has(id), Date.now());
    // A listed ticket claimed by another operation (a producer's refund, a transfer) left the waiting list in that
    // step: its open offer ends before the operation goes on, so the waiting buyer is refused at checkout before
    // paying for a ticket that may not be delivered (the buyer waits again in their place). Twice at most: a
    // delivery already under way (a scan's) may have read the list before this claim added to it; a failed one
    // is left to the alarm.
    for (let round = 0; round < 2 && answer.ok && this.claims.pendingWithdrawals().length > 0; round++)
      await this.deliverWithdrawals(eventId);
    return answer;
  }

  /**
   * The claim's operation ended (or, with `fence`, is presumed dead: its D1 write is fenced off first): each
   * ticket takes D1's outcome. Transferred or cancelled → closed here for good; still waiting for a refund's
   * money → kept; anything else (the operation failed or changed nothing) → released. `touched`: the tickets
   * the operation changed, read again even when the claim is gone.
   */
  async settle(eventId: number, claimId: string, fence = false, touched: string[] = []): Promise<void> {
    const ids = this.claims.ticketsOf(claimId);
    // No claim (settled already, or an operation begun before claims existed): its tickets are read again.
    if (ids.length === 0) {
      if (touched.length > 0) this.doorOf(eventId).ticketsChanged(touched);
      return;
    }
    const db = this.env.DB;
    const whole = ids.includes(WHOLE_EVENT);
    const results = await db.batch([
      ...(fence
        ? [
            db
              .prepare("insert or ignore into door_claims (id, event_id, state) values (?, ?, 'void')")
              .bind(claimId, eventId),
          ]
        : []),
      db.prepare('select state from door_claims where id = ?').bind(claimId),
      whole
        ? db
            .prepare(
              "select ? as id, case when status = 'cancelado' then 'cancelled' else 'valid' end as status, 0 as pending from events where id = ?",
            )
            .bind(WHOLE_EVENT, eventId)
        : db
            .prepare(
              `select t.id, t.status, exists (select 1 from refund_tickets c join refunds r on r.id = c.refund_id
                 where c.ticket_id = t.id and r.status = 'pending') as pending
               from tickets t where t.id in (select value from json_each(?))`,
            )
            .bind(JSON.stringify(ids)),
    ]);
    const state = (results[results.length - 2].results[0] as { state: string } | undefined)?.state;
    const rows = new Map(
      (results[results.length - 1].results as { id: string; status: string; pending: number }[]).map((r) => [r.id, r]),
    );
    const now = Date.now();
    for (const id of ids) {
      const row = rows.get(id);
      if (state !== 'committed') this.claims.release(id, claimId);
      else if (row?.status === 'transferred') this.claims.close(id, claimId, 'revoked');
      else if (row?.status === 'cancelled') this.claims.close(id, claimId, 'cancelled');
      else if (row?.pending) this.claims.keep(id, claimId, now);
      else this.claims.release(id, claimId);
    }
    // What the object holds of these tickets is read again (a transfer's new ticket, a cancelled one).
    if (whole) this.doorOf(eventId).ticketsChanged();
    else this.doorOf(eventId).ticketsChanged(ids);
  }

  /** A ticket returned for resale: refused (false) once admitted, closed or claimed. */
  listResale(eventId: number, ticketId: string): boolean {
    this.noteEvent(eventId);
    return this.claims.list(ticketId, this.admittedTickets.has(ticketId));
  }

  /** Its holder took it back from the waiting list. */
  unlistResale(ticketId: string) {
    this.claims.unlist(ticketId);
  }

  /** Tells the inventory object which listed tickets were admitted (their offers withdrawn). Retried by the alarm. */
  private deliverWithdrawals(eventId: number): Promise<void> {
    this.withdrawing ??= (async () => {
      try {
        for (const ticketId of this.claims.pendingWithdrawals()) {
          await inventoryOf(this.env, eventId).withdrawAdmittedResale(ticketId);
          this.claims.withdrawalDelivered(ticketId);
        }
      } catch (err) {
        console.error('Resale withdrawal not delivered yet; the alarm retries it', err);
        await this.ctx.storage.setAlarm(Date.now() + 5_000);
      } finally {
        this.withdrawing = null;
      }
    })();
    return this.withdrawing;
  }

  /** Pushed by the code paths that change tickets (sale, refund, transfer, cancellation): all without ids. */
  ticketsChanged(eventId: number, ticketIds?: string[]) {
    this.doorOf(eventId).ticketsChanged(ticketIds);
  }

  /** Pushed when a user's memberships, account or sessions change (everyone's without an id). */
  staffChanged(eventId: number, userId?: number) {
    this.doorOf(eventId).staffChanged(userId);
  }

  /** Pushed when the event's lists or gates, or its producer's door settings, change. */
  setupChanged(eventId: number) {
    this.doorOf(eventId).setupChanged();
  }

  /** A no-op round trip: the raw ceiling of a call to this object (used by the check-in benchmark). */
  ping(): number {
    return Date.now();
  }

  /** One durable write and nothing else: the floor under a state change (benchmarks, see bench-floor.ts). */
  pingWrite(): number {
    return pingWrite(this.ctx.storage.sql);
  }

  /**
   * Decides scans in order (an offline queue), each atomically. A nonce already used for another device,
   * ticket or kind refuses the whole request before anything is decided (a client error, never the
   * earlier scan's answer).
   */
  scanMany(eventId: number, inputs: ScanInput[]): ScanAnswer[] | NonceReused {
    this.noteEvent(eventId);
    // Each nonce's stored answer (null: none); undefined for a nonce's later uses within the request, which must
    // name the same scan too and replay the first, so they are read when decided.
    const stored: (ScanAnswer | null | undefined)[] = [];
    const bound = new Map<string, string>();
    for (const input of inputs) {
      const binding = scanBinding(input);
      const earlier = bound.get(input.nonce);
      const answer = earlier === undefined ? this.storedAnswer(input.nonce, binding) : null;
      if (answer === REUSED || (earlier !== undefined && earlier !== binding)) return { nonceReused: input.nonce };
      bound.set(input.nonce, binding);
      stored.push(earlier === undefined ? answer : undefined);
    }
    const answers = inputs.map((input, i) => this.decide(input, stored[i]));
    this.log.kick();
    return answers;
  }

  /** Resolves once every decision taken so far is in D1 (or the copy failed and waits for its retry). */
  flushed(): Promise<void> {
    return this.log.flushed();
  }

  /** Undoes a manual or scanned admission of the same staff member within the undo window. */
  undo(eventId: number, input: UndoInput): Promise<ScanAnswer | NonceReused | null> {
    return this.inTurn(() => this.undoNow(eventId, input));
  }

  private undoNow(eventId: number, input: UndoInput): ScanAnswer | NonceReused | null {
    this.noteEvent(eventId);
    // An undo's nonce names the undo of this scan from this device: an admission's nonce is refused.
    const stored = this.storedAnswer(input.nonce, undoBinding(input));
    if (stored === REUSED) return { nonceReused: input.nonce };
    if (stored) return stored;
    const row = this.sql.exec<AdmissionRow>('select * from admissions where last_scan = ?', input.scanId).toArray()[0];
    if (!row || row.last_staff !== input.staff.id || Date.now() - row.last_at > UNDO_WINDOW_MS || !row.inside)
      return null;
    // An operation holds the ticket (a refund kept it admitted): its admission stays what the operation saw.
    if (this.claims.isClaimed(row.ticket_id)) return null;
    if (row.first_scan === row.last_scan) {
      // The ticket's first entry on this list is undone: it is as if it never came in (valid again in D1).
      this.sql.exec('delete from admissions where list_id = ? and ticket_id = ?', row.list_id, row.ticket_id);
      this.admissionKeys.delete(admissionKey(row.list_id, row.ticket_id));
      this.countAdmission(row.ticket_id, -1);
    } else {
      this.sql.exec('update admissions set inside = 0 where list_id = ? and ticket_id = ?', row.list_id, row.ticket_id);
    }
    const answer = this.record(
      {
        nonce: input.nonce,
        kind: 'manual',
        ticketId: row.ticket_id,
        refusal: null,
        list: { id: row.list_id, allowReentry: false },
        gate: null,
        device: input.device,
        staff: input.staff,
        clientAt: null,
      },
      'undone',
      null,
      'undo',
      undefined,
      undefined,
      undoBinding(input),
    );
    this.log.kick();
    return answer;
  }

  /**
   * Runs a decision in the next turn and answers what it returns. The first request to queue one schedules the
   * turn (a zero timer: the requests already delivered to this object run their checks and queue too); the turn
   * takes every queued decision, in arrival order, in one synchronous step. Their writes then share ONE SQLite
   * transaction (the implicit one of a step without awaits): one commit and one fsync instead of one per scan,
   * and in production one replication round. Each answer still waits for that commit (the output gate), so a
   * scan is never answered before it is durable.
   */
  private inTurn<T>(decision: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.turn.length === 0) setTimeout(() => this.takeTurn(), 0);
      this.turn.push(() => {
        try {
          resolve(decision());
        } catch (err) {
          reject(err);
        }
      });
    });
  }

  private takeTurn() {
    const queued = this.turn;
    this.turn = [];
    for (const decide of queued) decide();
  }

  /** The log's backstop: copies what is still waiting (after a failed copy or a restart), and the withdrawals. */
  async alarm() {
    await this.log.flushed();
    if (this.eventId !== null && this.claims.pendingWithdrawals().length > 0)
      await this.deliverWithdrawals(this.eventId);
  }

  /**
   * The answer stored for a nonce: the same answer (a replay) when the request names the same device, ticket
   * and kind as the one that used it first, REUSED when it names anything else, null for a new nonce.
   */
  private storedAnswer(nonce: string, binding: string): ScanAnswer | typeof REUSED | null {
    const stored = this.log.answer(nonce);
    if (!stored) return null;
    // Answers stored before nonces were bound carry no binding: they replay as they did.
    if (stored.bound !== null && stored.bound !== binding) return REUSED;
    return { ...stored.answer, replay: true };
  }

  /** The decision itself: synchronous from the nonce lookup to the admission write. */
  private decide(input: ScanInput, known: ScanAnswer | null | undefined): ScanAnswer {
    // The nonce's stored answer, read by scanMany; a nonce first used earlier in the same request is read now.
    const stored = known === undefined ? this.storedAnswer(input.nonce, scanBinding(input)) : known;
    if (stored === REUSED) throw new Error('nonce reused: checked before deciding');
    if (stored) return stored;
    if (input.refusal || !input.ticketId || !input.list) {
      return this.record(input, input.refusal ?? 'forged', null);
    }
    const listId = input.list.id;
    const row = this.admissionRow(listId, input.ticketId);
    const first = row ? { at: row.first_at, gate: row.first_gate, staff: row.first_staff } : null;
    if (input.kind === 'exit') {
      if (!row?.inside) return this.record(input, 'not_inside', first);
      this.sql.exec('update admissions set inside = 0 where list_id = ? and ticket_id = ?', listId, input.ticketId);
      return this.record(input, 'exited', first);
    }
    if (row && (row.inside || !input.list.allowReentry)) return this.record(input, 'used', first);
    // Its fate: closed by a transfer, refund, resale, revocation or cancellation, or an operation under way.
    const fate = this.claims.entryRefusal(input.ticketId, Date.now());
    if (fate) return this.record(input, fate === 'stale' ? 'in_process' : fate, first);

    const now = new Date().toISOString();
    const scanId = crypto.randomUUID();
    if (row) {
      this.sql.exec(
        `update admissions set inside = 1, last_scan = ?, last_staff = ?, last_at = ?, gate_id = ?
         where list_id = ? and ticket_id = ?`,
        scanId,
        input.staff.id,
        Date.now(),
        input.gate?.id ?? null,
        listId,
        input.ticketId,
      );
    } else {
      this.sql.exec(
        `insert into admissions (list_id, ticket_id, first_at, first_gate, first_staff, first_scan, gate_id, inside,
         last_scan, last_staff, last_at) values (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
        listId,
        input.ticketId,
        now,
        input.gate?.name ?? '',
        input.staff.name,
        scanId,
        input.gate?.id ?? null,
        scanId,
        input.staff.id,
        Date.now(),
      );
      this.admissionKeys.add(admissionKey(listId, input.ticketId));
      this.countAdmission(input.ticketId, 1);
    }
    const answer = this.record(input, 'admitted', row ? first : null, undefined, scanId, now);
    // Returned for resale: admitted now, so it leaves the waiting list's offer in this same step.
    return this.claims.admittedNow(input.ticketId) ? { ...answer, withdrew: true } : answer;
  }

  private countAdmission(ticketId: string, delta: 1 | -1) {
    const n = (this.admittedTickets.get(ticketId) ?? 0) + delta;
    if (n > 0) this.admittedTickets.set(ticketId, n);
    else this.admittedTickets.delete(ticketId);
  }

  /** The admission row of a ticket on a list (read only when one exists). */
  private admissionRow(listId: number, ticketId: string): AdmissionRow | undefined {
    if (!this.admissionKeys.has(admissionKey(listId, ticketId))) return undefined;
    return this.sql
      .exec<AdmissionRow>('select * from admissions where list_id = ? and ticket_id = ?', listId, ticketId)
      .toArray()[0];
  }

  /** Stores the scan (its answer under its nonce, and its log row for D1) in one row. */
  private record(
    input: ScanInput,
    result: ScanResult,
    first: ScanAnswer['first'],
    kind: string = input.kind,
    scanId: string = crypto.randomUUID(),
    serverAt: string = new Date().toISOString(),
    bound: string = scanBinding(input),
  ): ScanAnswer {
    const conflict = !!input.offline?.admitted && result !== 'admitted' && input.kind !== 'exit';
    this.log.append({
      bound,
      id: scanId,
      nonce: input.nonce,
      ticket_id: input.ticketId,
      list_id: input.list?.id ?? null,
      gate_id: input.gate?.id ?? null,
      device: input.device,
      staff_user_id: input.staff.id,
      staff_name: input.staff.name,
      kind,
      result,
      offline: input.offline ? 1 : 0,
      conflict: conflict ? 1 : 0,
      first_at: first?.at ?? null,
      first_gate: first?.gate ?? null,
      first_staff: first?.staff ?? null,
      client_at: input.clientAt,
      server_at: serverAt,
    });
    return { scanId, result, conflict, serverAt, first, replay: false };
  }

  /** Dev tool (issue 35): this object's storage lost (state-mirror.ts `loseStorage`); `restart` must follow. */
  async loseStorage(): Promise<void> {
    await this.stateMirror.loseStorage();
  }

  /** Dev tool: throws this instance away; the next call starts a new one, which restores from D1. */
  restart(): void {
    this.ctx.abort('storage lost');
  }
}

const admissionKey = (listId: number, ticketId: string) => `${listId}:${ticketId}`;

// Every call copies what it changed to D1 (state-mirror.ts), whatever method it went through.
mirrorEveryCall(EventCheckin);
