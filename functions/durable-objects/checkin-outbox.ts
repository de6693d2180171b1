import { TICKET_UNUSED_SQL, TICKET_USED_SQL } from '../api/services/orders/state';
import type { ScanLogRow } from './event-checkin';

/** An admission as the check-in object has it now; null once it was undone. */
export type AdmissionState = { first_at: string; gate_id: number | null; staff_name: string; inside: number } | null;

type OutboxRow = { seq: number; kind: 'scan' | 'used' | 'unused' | 'admission'; body: string };
type AdmissionKey = { event_id: number; list_id: number; ticket_id: string };

const SCHEMA =
  'create table if not exists outbox (seq integer primary key autoincrement, kind text not null, body text not null)';

/** Outbox rows per insert here (two bound parameters each; a statement takes at most 100). */
const ROWS_PER_INSERT = 50;
/** Outbox rows per copy to D1 (one D1 batch of at most five statements). */
const ROWS_PER_COPY = 500;
/**
 * How long new rows wait for company before a copy starts. A copy costs a D1 round trip, JSON and a write
 * here whatever its size, so at a busy door one copy per window instead of one per scan is most of the work
 * saved (at 100 ms the copies took about a tenth of the Worker's JS time in a CPU profile of bench:checkin).
 * Readers that need D1 current (`flushed`) do not wait for it.
 */
const COPY_DELAY_MS = 500;
/** The backstop alarm: a copy that failed, or one cut short by a restart, is tried again this much later. */
const RETRY_MS = 5_000;

/**
 * The check-in log on its way to D1. Each decision writes its rows here, in the object's own SQLite and in
 * the same synchronous step as the decision, so nothing is lost if D1 is slow or down or the object restarts.
 * A background copy drains it in order, a moment after the first new row (group commit: whatever queues
 * meanwhile goes in the same copy), as multi-row statements over `json_each`, so D1 does a handful of
 * statements per copy instead of three per scan. Every statement is idempotent (insert or ignore, upsert of the current state,
 * coalesce), so a copy repeated after a failure is harmless.
 */
export class CheckinOutbox {
  private readonly sql: SqlStorage;
  private running: Promise<boolean> | null = null;
  /** Rows the decisions of this turn queued, written in one statement by `kick` (same synchronous step). */
  private queued: [OutboxRow['kind'], string][] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private alarmSet = false;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly db: D1Database,
    private readonly admission: (listId: number, ticketId: string) => AdmissionState,
    /** Whether the object holds the ticket as admitted on any list (an undone admission's ticket is not). */
    private readonly admitted: (ticketId: string) => boolean,
  ) {
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    // Rows left by a restart go out as soon as the object is back.
    if (this.pending()) void this.copyNow();
  }

  scanned(row: ScanLogRow) {
    this.push('scan', row);
  }

  ticketUsed(ticketId: string, at: string) {
    this.push('used', { id: ticketId, at });
  }

  /** The ticket's admission was undone: back to valid in D1 unless it is admitted on another list by then. */
  ticketUnused(ticketId: string) {
    this.push('unused', { id: ticketId });
  }

  admissionChanged(eventId: number, listId: number, ticketId: string) {
    this.push('admission', { event_id: eventId, list_id: listId, ticket_id: ticketId } satisfies AdmissionKey);
  }

  /**
   * Writes the rows the decisions just queued (one multi-row insert, in the same synchronous step as the
   * decisions, so as durable as they are) and schedules a copy, unless one is scheduled or running (it takes
   * the new rows).
   */
  kick() {
    this.write();
    if (this.running || this.timer) return;
    if (!this.alarmSet) {
      this.alarmSet = true;
      void this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
    }
    this.timer = setTimeout(() => void this.copyNow(), COPY_DELAY_MS);
  }

  /** Resolves when everything queued so far reached D1, or after a copy failed (the alarm retries it). */
  async flushed() {
    this.alarmSet = false;
    for (;;) {
      while (this.running) await this.running;
      if (!this.pending() || !(await this.copyNow())) return;
    }
  }

  private pending(): boolean {
    return this.sql.exec('select 1 from outbox limit 1').toArray().length > 0;
  }

  private push(kind: OutboxRow['kind'], body: unknown) {
    this.queued.push([kind, JSON.stringify(body)]);
  }

  /** The queued rows in as few statements as the storage's 100 bound parameters allow (usually one). */
  private write() {
    const rows = this.queued;
    if (rows.length === 0) return;
    this.queued = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      this.sql.exec(`insert into outbox (kind, body) values ${chunk.map(() => '(?, ?)').join(', ')}`, ...chunk.flat());
    }
  }

  /** One copy now (or the running one); true when it reached D1. What is left waits for the next window. */
  private copyNow(): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) {
      this.running = this.copy().then((copied) => {
        this.running = null;
        // After a failure the alarm retries; after a success, what queued meanwhile goes in the next window.
        if (copied && this.pending()) this.kick();
        return copied;
      });
    }
    return this.running;
  }

  private async copy(): Promise<boolean> {
    const rows = this.sql
      .exec<OutboxRow>('select seq, kind, body from outbox order by seq limit ?', ROWS_PER_COPY)
      .toArray();
    if (rows.length === 0) return true;
    try {
      await this.db.batch(this.statements(rows));
    } catch (err) {
      console.error('check-in log copy to D1 failed; the alarm retries it', err);
      this.alarmSet = true;
      await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
      return false;
    }
    this.sql.exec('delete from outbox where seq <= ?', rows[rows.length - 1].seq);
    return true;
  }

  /** The D1 statements for a run of outbox rows: each kind in one statement over a JSON array. */
  private statements(rows: OutboxRow[]): D1PreparedStatement[] {
    const scans: string[] = [];
    const used: string[] = [];
    const unused = new Set<string>();
    const admissions = new Map<string, AdmissionKey>();
    for (const row of rows) {
      if (row.kind === 'scan') scans.push(row.body);
      else if (row.kind === 'used') used.push(row.body);
      else if (row.kind === 'unused') unused.add((JSON.parse(row.body) as { id: string }).id);
      else {
        const key = JSON.parse(row.body) as AdmissionKey;
        admissions.set(`${key.list_id}:${key.ticket_id}`, key);
      }
    }
    // The mirror copies each admission's state as it is now, so the order of its changes does not matter.
    const upserts: unknown[] = [];
    const deletes: AdmissionKey[] = [];
    for (const key of admissions.values()) {
      const state = this.admission(key.list_id, key.ticket_id);
      if (state) upserts.push({ ...key, ...state });
      else deletes.push(key);
    }
    const statements: D1PreparedStatement[] = [];
    if (scans.length > 0) statements.push(this.db.prepare(INSERT_SCANS).bind(`[${scans.join(',')}]`));
    if (used.length > 0) statements.push(this.db.prepare(MARK_USED).bind(`[${used.join(',')}]`));
    // After MARK_USED: an admission and its undo in the same copy leave the ticket valid, as it is here now.
    const reverted = [...unused].filter((id) => !this.admitted(id));
    if (reverted.length > 0) statements.push(this.db.prepare(MARK_UNUSED).bind(JSON.stringify(reverted)));
    if (upserts.length > 0) statements.push(this.db.prepare(UPSERT_ADMISSIONS).bind(JSON.stringify(upserts)));
    if (deletes.length > 0) statements.push(this.db.prepare(DELETE_ADMISSIONS).bind(JSON.stringify(deletes)));
    return statements;
  }
}

const SCAN_COLUMNS = [
  'id',
  'event_id',
  'nonce',
  'ticket_id',
  'list_id',
  'gate_id',
  'device',
  'staff_user_id',
  'staff_name',
  'kind',
  'result',
  'offline',
  'conflict',
  'first_at',
  'first_gate',
  'first_staff',
  'client_at',
  'server_at',
] as const satisfies readonly (keyof ScanLogRow)[];

const INSERT_SCANS = `insert or ignore into checkin_scans (${SCAN_COLUMNS.join(', ')})
  select ${SCAN_COLUMNS.map((c) => `value ->> '${c}'`).join(', ')} from json_each(?)`;

// The door's transition of a ticket to used (owned by services/orders/state.ts): valid → used, first entry time.
const MARK_USED = `update tickets set used_at = coalesce(tickets.used_at, u.at), ${TICKET_USED_SQL}
  from (select value ->> 'id' as id, min(value ->> 'at') as at from json_each(?) group by 1) as u
  where tickets.id = u.id`;

// The undo's transition used → valid (services/orders/state.ts): the entry time goes with it.
const MARK_UNUSED = `update tickets set used_at = null, ${TICKET_UNUSED_SQL}
  where tickets.id in (select value from json_each(?)) and tickets.status = 'used'`;

// "where true" keeps SQLite from reading "on conflict" as part of the select's join.
const UPSERT_ADMISSIONS = `insert into checkin_admissions (list_id, ticket_id, event_id, first_at, gate_id, staff_name, inside)
  select value ->> 'list_id', value ->> 'ticket_id', value ->> 'event_id', value ->> 'first_at', value ->> 'gate_id',
    value ->> 'staff_name', value ->> 'inside' from json_each(?) where true
  on conflict (list_id, ticket_id) do update set first_at = excluded.first_at, gate_id = excluded.gate_id,
    staff_name = excluded.staff_name, inside = excluded.inside`;

const DELETE_ADMISSIONS = `delete from checkin_admissions
  where (list_id, ticket_id) in (select value ->> 'list_id', value ->> 'ticket_id' from json_each(?))`;
