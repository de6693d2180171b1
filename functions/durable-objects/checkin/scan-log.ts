import { TICKET_UNUSED_SQL, TICKET_USED_SQL } from '../../domain/checkout/order-state';
import { commitChanges } from '../../domain/commit';
import type { ScanAnswer, ScanLogRow } from './types';

/** A scan as it is kept: its log row for D1 (without the event, the same for the whole object) and its binding. */
export type ScanRecord = Omit<ScanLogRow, 'event_id'> & { bound: string };

/** The log's columns, each with its SQLite type (declared, so a digits-only text stays text). */
const COLUMN_TYPES = {
  id: 'text not null',
  nonce: 'text not null',
  ticket_id: 'text',
  list_id: 'integer',
  gate_id: 'integer',
  device: 'text',
  staff_user_id: 'integer',
  staff_name: 'text',
  kind: 'text',
  result: 'text not null',
  offline: 'integer',
  conflict: 'integer',
  first_at: 'text',
  first_gate: 'text',
  first_staff: 'text',
  client_at: 'text',
  server_at: 'text',
} as const satisfies Record<Exclude<keyof ScanLogRow, 'event_id'>, string>;

const SCAN_COLUMNS = Object.keys(COLUMN_TYPES) as (keyof typeof COLUMN_TYPES)[];

/**
 * One row per scan, in decision order (`seq`, the table's rowid: appending costs one B-tree and no index).
 * It is both the nonce's stored answer and the log on its way to D1: rows after `copied.seq` are not in D1 yet.
 * Log columns are nullable only for rows migrated from the earlier layout (answers without their log).
 */
const SCHEMA = `
create table if not exists scans (
  seq integer primary key,
  bound text,
  ${SCAN_COLUMNS.map((c) => `${c} ${COLUMN_TYPES[c]}`).join(',\n  ')}
);
create table if not exists copied (id integer primary key, seq integer not null);
`;

const INSERT_SCAN = `insert into scans (seq, bound, ${SCAN_COLUMNS.join(', ')})
  values (?, ?, ${SCAN_COLUMNS.map(() => '?').join(', ')})`;

/** Scans per copy to D1 (one D1 batch of at most six statements). */
const ROWS_PER_COPY = 500;
/**
 * How long new rows wait for company before a copy starts. A copy costs a D1 round trip and a write here
 * whatever its size, so at a busy door one copy per window instead of one per scan is most of the work saved.
 * Readers that need D1 current (`flushed`) do not wait for it.
 */
const COPY_DELAY_MS = 500;
/** The backstop alarm: a copy that failed, or one cut short by a restart, is tried again this much later. */
const RETRY_MS = 5_000;

/**
 * The check-in object's scans: each decision's answer (kept by its nonce, for replays) and its log for D1
 * (checkin_scans, tickets.used_at and the checkin_admissions mirror), written as ONE row in the same
 * synchronous step as the decision, so the log is as durable as the decision and nothing is lost if D1 is
 * slow or down or the object restarts. What D1 needs besides the scan itself is derived from the scans when
 * they are copied: an admission marks its ticket used, an admission, exit or undo names the admission whose
 * current state the mirror takes, and an undo may give the ticket back.
 *
 * A background copy sends the scans after the last copied one, a moment after the first new one (group
 * commit: whatever queues meanwhile goes in the same copy), as multi-row statements over JSON arrays that
 * SQLite builds here, so D1 does a handful of statements per copy instead of three per scan. Every statement
 * is idempotent (insert or ignore, upsert of the current state, coalesce), so a copy repeated after a failure
 * or a restart is harmless. The copy is a change (scansCopied): its batch stages `ticket.checked_in` for the
 * admissions among the scans, and the webhooks' first attempts follow it (domain/commit.ts).
 */
export class CheckinScanLog {
  private readonly sql: SqlStorage;
  /** Every nonce's row, in memory (a new nonce, the usual scan, is known without reading the table). */
  private readonly nonces = new Map<string, number>();
  private lastSeq: number;
  private copiedSeq: number;
  private running: Promise<boolean> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private alarmSet = false;
  /** The earlier layout's outbox still holds rows (an object created before this one): copied first. */
  private legacyOutbox: boolean;

  private readonly db: D1Database;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly eventId: () => number,
    /** Whether the object holds the ticket as admitted on any list (an undone admission's ticket is not). */
    private readonly admitted: (ticketId: string) => boolean,
  ) {
    this.sql = ctx.storage.sql;
    this.db = env.DB;
    this.sql.exec(SCHEMA);
    this.legacyOutbox = migrateEarlierLayout(this.sql);
    for (const row of this.sql.exec<{ seq: number; nonce: string }>('select seq, nonce from scans'))
      this.nonces.set(row.nonce, row.seq);
    this.lastSeq = this.sql.exec<{ n: number | null }>('select max(seq) as n from scans').one().n ?? 0;
    this.copiedSeq = this.sql.exec<{ seq: number }>('select seq from copied where id = 1').toArray()[0]?.seq ?? 0;
    // Rows left by a restart go out as soon as the object is back.
    if (this.pending()) void this.copyNow();
  }

  /** The answer stored for a nonce and what it was bound to (null for answers kept before nonces were bound). */
  answer(nonce: string): { answer: ScanAnswer; bound: string | null } | null {
    const seq = this.nonces.get(nonce);
    if (seq === undefined) return null;
    const row = this.sql
      .exec<{
        id: string;
        result: ScanAnswer['result'];
        conflict: number;
        server_at: string;
        first_at: string | null;
        first_gate: string | null;
        first_staff: string | null;
        bound: string | null;
      }>(
        'select id, result, conflict, server_at, first_at, first_gate, first_staff, bound from scans where seq = ?',
        seq,
      )
      .one();
    return {
      answer: {
        scanId: row.id,
        result: row.result,
        conflict: row.conflict === 1,
        serverAt: row.server_at,
        first:
          row.first_at !== null ? { at: row.first_at, gate: row.first_gate ?? '', staff: row.first_staff ?? '' } : null,
        replay: false,
      },
      bound: row.bound,
    };
  }

  /** Appends a decided scan (in the decision's own synchronous step). */
  append(scan: ScanRecord) {
    const seq = ++this.lastSeq;
    this.sql.exec(INSERT_SCAN, seq, scan.bound, ...SCAN_COLUMNS.map((c) => scan[c]));
    this.nonces.set(scan.nonce, seq);
  }

  /** Schedules a copy, unless one is scheduled or running (it takes the new rows). */
  kick() {
    if (this.running || this.timer) return;
    if (!this.alarmSet) {
      this.alarmSet = true;
      void this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
    }
    this.timer = setTimeout(() => void this.copyNow(), COPY_DELAY_MS);
  }

  /** Resolves when everything decided so far reached D1, or after a copy failed (the alarm retries it). */
  async flushed() {
    this.alarmSet = false;
    for (;;) {
      while (this.running) await this.running;
      if (!this.pending() || !(await this.copyNow())) return;
    }
  }

  private pending(): boolean {
    return this.legacyOutbox || this.lastSeq > this.copiedSeq;
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
    const batch = this.legacyOutbox ? this.legacyBatch() : this.nextBatch();
    if (!batch) return true;
    try {
      if (batch.statements.length > 0)
        await commitChanges(this.env, batch.statements, {
          kind: 'scansCopied',
          eventId: batch.eventId,
          scans: batch.scans,
        });
    } catch (err) {
      console.error('check-in log copy to D1 failed; the alarm retries it', err);
      this.alarmSet = true;
      await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
      return false;
    }
    batch.done();
    return true;
  }

  /** The scans after the last copied one, as JSON arrays SQLite builds in one read. */
  private nextBatch() {
    if (this.lastSeq <= this.copiedSeq) return null;
    const row = this.sql
      .exec<{ last: number; scans: string; used: string; changed: string; undone: string }>(
        `select max(seq) as last,
           json_group_array(json_object('event_id', ?, ${SCAN_COLUMNS.map((c) => `'${c}', ${c}`).join(', ')})) as scans,
           json_group_array(json_object('id', ticket_id, 'at', server_at)) filter (where result = 'admitted') as used,
           json_group_array(json_array(list_id, ticket_id))
             filter (where result in ('admitted', 'exited', 'undone')) as changed,
           json_group_array(ticket_id) filter (where result = 'undone') as undone
         from (select * from scans where seq > ? order by seq limit ?)`,
        this.eventId(),
        this.copiedSeq,
        ROWS_PER_COPY,
      )
      .one();
    const undone = new Set(JSON.parse(row.undone) as string[]);
    const eventId = this.eventId();
    return {
      statements: this.statements(row.scans, row.used, undone, row.changed, eventId),
      eventId,
      scans: row.scans,
      done: () => {
        this.sql.exec('insert or replace into copied (id, seq) values (1, ?)', row.last);
        this.copiedSeq = row.last;
      },
    };
  }

  /** Rows the earlier layout's outbox still held (kind and JSON body per row): copied before any new scan. */
  private legacyBatch() {
    const rows = this.sql
      .exec<{ seq: number; kind: string; body: string }>(
        'select seq, kind, body from outbox order by seq limit ?',
        ROWS_PER_COPY,
      )
      .toArray();
    if (rows.length === 0) {
      this.sql.exec('drop table outbox');
      this.legacyOutbox = false;
      return this.nextBatch();
    }
    const scans: string[] = [];
    const used: string[] = [];
    const undone = new Set<string>();
    const changed: [number, string][] = [];
    // That layout kept no event id of its own: its rows name it.
    let eventId = this.eventId();
    for (const row of rows) {
      if (row.kind === 'scan') scans.push(row.body);
      else if (row.kind === 'used') used.push(row.body);
      else if (row.kind === 'unused') undone.add((JSON.parse(row.body) as { id: string }).id);
      else {
        const key = JSON.parse(row.body) as { event_id: number; list_id: number; ticket_id: string };
        changed.push([key.list_id, key.ticket_id]);
        eventId = key.event_id;
      }
    }
    return {
      statements: this.statements(
        `[${scans.join(',')}]`,
        `[${used.join(',')}]`,
        undone,
        JSON.stringify(changed),
        eventId,
      ),
      eventId,
      scans: `[${scans.join(',')}]`,
      done: () => this.sql.exec('delete from outbox where seq <= ?', rows[rows.length - 1].seq),
    };
  }

  /**
   * The D1 statements for a run of scans: each kind in one statement over a JSON array. `changed` names the
   * admissions (`[list_id, ticket_id]` pairs) whose state the mirror takes as it is now, so the order of their
   * changes does not matter.
   */
  private statements(
    scans: string,
    used: string,
    undone: Set<string>,
    changed: string,
    eventId: number,
  ): D1PreparedStatement[] {
    const mirror = this.mirrorRows(changed, eventId);
    const statements: D1PreparedStatement[] = [];
    if (scans !== '[]') statements.push(this.db.prepare(INSERT_SCANS).bind(scans));
    if (used !== '[]') statements.push(this.db.prepare(MARK_USED).bind(used));
    // After MARK_USED: an admission and its undo in the same copy leave the ticket valid, as it is here now.
    const reverted = [...undone].filter((id) => !this.admitted(id));
    if (reverted.length > 0) statements.push(this.db.prepare(MARK_UNUSED).bind(JSON.stringify(reverted)));
    if (mirror.upserts !== '[]') statements.push(this.db.prepare(UPSERT_ADMISSIONS).bind(mirror.upserts));
    if (mirror.deletes !== '[]') statements.push(this.db.prepare(DELETE_ADMISSIONS).bind(mirror.deletes));
    return statements;
  }

  /**
   * The mirror's rows for the named admissions, in one read of the check-in object's `admissions` table (same
   * storage): each one's current state to upsert, or its key to delete once it was undone.
   */
  private mirrorRows(changed: string, eventId: number): { upserts: string; deletes: string } {
    if (changed === '[]') return { upserts: '[]', deletes: '[]' };
    return this.sql
      .exec<{ upserts: string; deletes: string }>(
        `select
           json_group_array(json_object('event_id', ?1, 'list_id', k.list_id, 'ticket_id', k.ticket_id,
             'first_at', a.first_at, 'gate_id', a.gate_id, 'staff_name', a.first_staff, 'inside', a.inside))
             filter (where a.list_id is not null) as upserts,
           json_group_array(json_object('event_id', ?1, 'list_id', k.list_id, 'ticket_id', k.ticket_id))
             filter (where a.list_id is null) as deletes
         from (select distinct value ->> 0 as list_id, value ->> 1 as ticket_id from json_each(?2)) as k
         left join admissions a on a.list_id = k.list_id and a.ticket_id = k.ticket_id`,
        eventId,
        changed,
      )
      .one();
  }
}

/**
 * Objects created before the scans table kept each answer as JSON in `answers` and the log in `outbox`. Their
 * answers become scans already copied (they were, or their log still waits in the outbox, which is copied
 * first and then dropped). Answers whether the earlier outbox still has rows.
 */
function migrateEarlierLayout(sql: SqlStorage): boolean {
  const tables = new Set(
    sql
      .exec<{ name: string }>("select name from sqlite_master where type = 'table' and name in ('answers', 'outbox')")
      .toArray()
      .map((t) => t.name),
  );
  if (tables.has('answers')) {
    sql.exec(
      `insert into scans (bound, id, nonce, result, conflict, server_at, first_at, first_gate, first_staff)
       select answer ->> 'bound', answer ->> 'scanId', nonce, answer ->> 'result', answer ->> 'conflict',
         answer ->> 'serverAt', answer -> 'first' ->> 'at', answer -> 'first' ->> 'gate', answer -> 'first' ->> 'staff'
       from answers order by rowid`,
    );
    sql.exec(
      'insert or replace into copied (id, seq) values (1, (select coalesce(max(seq), 0) from scans)); drop table answers',
    );
  }
  if (!tables.has('outbox')) return false;
  if (sql.exec('select 1 from outbox limit 1').toArray().length > 0) return true;
  sql.exec('drop table outbox');
  return false;
}

const D1_SCAN_COLUMNS = ['event_id', ...SCAN_COLUMNS] as const;

const INSERT_SCANS = `insert or ignore into checkin_scans (${D1_SCAN_COLUMNS.join(', ')})
  select ${D1_SCAN_COLUMNS.map((c) => `value ->> '${c}'`).join(', ')} from json_each(?)`;

// The door's transition of a ticket to used (owned by domain/checkout/order-state.ts): valid → used, first entry time.
const MARK_USED = `update tickets set used_at = coalesce(tickets.used_at, u.at), ${TICKET_USED_SQL}
  from (select value ->> 'id' as id, min(value ->> 'at') as at from json_each(?) group by 1) as u
  where tickets.id = u.id`;

// The undo's transition used → valid (domain/checkout/order-state.ts): the entry time goes with it.
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
