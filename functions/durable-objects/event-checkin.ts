import { DurableObject } from 'cloudflare:workers';
import { type ScanResult, type TicketRefusal, UNDO_WINDOW_MS } from '../../src/shared/checkin';
import { LogWriter } from './log-writer';

/**
 * The check-in authority of one event (one object per event id): it decides every redeem. A Durable
 * Object runs one request at a time, and each decision below is synchronous over its SQLite storage (no
 * await between the read and the write), so two gates scanning the same ticket in the same millisecond
 * admit it exactly once. Every scan's answer is kept by its client nonce: a retried request gets the same
 * answer and counts once. The durable log goes to D1 (checkin_scans and the checkin_admissions mirror) in
 * group-committed batches; a failed batch is retried by an alarm, so the log is never lost.
 */

export type ScanInput = {
  nonce: string;
  kind: 'entry' | 'exit' | 'manual';
  ticketId: string | null;
  /** A refusal the Worker already found in the ticket's data (forged, cancelled, another event...). */
  refusal: TicketRefusal | null;
  list: { id: number; allowReentry: boolean } | null;
  gate: { id: number; name: string } | null;
  device: string;
  staff: { id: number; name: string };
  clientAt: string | null;
  /** Sent from an offline queue: what the scanner did on its own (a refused admission is a conflict). */
  offline?: { admitted: boolean };
};

export type ScanAnswer = {
  scanId: string;
  result: ScanResult;
  conflict: boolean;
  serverAt: string;
  first: { at: string; gate: string; staff: string } | null;
  /** True when this answer is the stored one of an earlier request with the same nonce. */
  replay: boolean;
};

export type UndoInput = { nonce: string; scanId: string; staff: { id: number; name: string }; device: string };

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
create table if not exists answers (nonce text primary key, answer text not null);
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
);
create table if not exists meta (event_id integer not null);
`;

export class EventCheckin extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly log: LogWriter;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    this.log = new LogWriter(env.DB, () => this.ctx.storage.setAlarm(Date.now() + 5_000));
  }

  /** A no-op round trip: the raw ceiling of a call to this object (used by the check-in benchmark). */
  ping(): number {
    return Date.now();
  }

  /** Decides one scan and waits for its log to reach D1 (batched with the other gates' scans). */
  async scan(eventId: number, input: ScanInput): Promise<ScanAnswer> {
    const [answer] = await this.scanMany(eventId, [input]);
    return answer;
  }

  /** Decides scans in order (an offline queue), each atomically; one D1 batch for their log. */
  async scanMany(eventId: number, inputs: ScanInput[]): Promise<ScanAnswer[]> {
    const statements: D1PreparedStatement[] = [];
    const answers = inputs.map((input) => this.decide(eventId, input, statements));
    await this.log.write(statements);
    return answers;
  }

  /** Undoes a manual or scanned admission of the same staff member within the undo window. */
  async undo(eventId: number, input: UndoInput): Promise<ScanAnswer | null> {
    const stored = this.storedAnswer(input.nonce);
    if (stored) return stored;
    const row = this.sql.exec<AdmissionRow>('select * from admissions where last_scan = ?', input.scanId).toArray()[0];
    if (!row || row.last_staff !== input.staff.id || Date.now() - row.last_at > UNDO_WINDOW_MS || !row.inside)
      return null;
    const statements: D1PreparedStatement[] = [];
    if (row.first_scan === row.last_scan) {
      this.sql.exec('delete from admissions where list_id = ? and ticket_id = ?', row.list_id, row.ticket_id);
      statements.push(
        this.env.DB.prepare('delete from checkin_admissions where list_id = ? and ticket_id = ?').bind(
          row.list_id,
          row.ticket_id,
        ),
      );
    } else {
      this.sql.exec('update admissions set inside = 0 where list_id = ? and ticket_id = ?', row.list_id, row.ticket_id);
      statements.push(this.mirror(eventId, row.list_id, row.ticket_id));
    }
    const answer = this.record(
      eventId,
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
      statements,
      'undo',
    );
    await this.log.write(statements);
    return answer;
  }

  /** Retries the log batches that failed (see LogWriter). */
  async alarm() {
    await this.log.retry();
  }

  private storedAnswer(nonce: string): ScanAnswer | null {
    const row = this.sql.exec<{ answer: string }>('select answer from answers where nonce = ?', nonce).toArray()[0];
    return row ? { ...(JSON.parse(row.answer) as ScanAnswer), replay: true } : null;
  }

  /** The decision itself: synchronous from the nonce lookup to the admission write. */
  private decide(eventId: number, input: ScanInput, statements: D1PreparedStatement[]): ScanAnswer {
    const stored = this.storedAnswer(input.nonce);
    if (stored) return stored;
    if (input.refusal || !input.ticketId || !input.list) {
      return this.record(eventId, input, input.refusal ?? 'forged', null, statements);
    }
    const listId = input.list.id;
    const row = this.sql
      .exec<AdmissionRow>('select * from admissions where list_id = ? and ticket_id = ?', listId, input.ticketId)
      .toArray()[0];
    const first = row ? { at: row.first_at, gate: row.first_gate, staff: row.first_staff } : null;
    if (input.kind === 'exit') {
      if (!row?.inside) return this.record(eventId, input, 'not_inside', first, statements);
      this.sql.exec('update admissions set inside = 0 where list_id = ? and ticket_id = ?', listId, input.ticketId);
      statements.push(this.mirror(eventId, listId, input.ticketId));
      return this.record(eventId, input, 'exited', first, statements);
    }
    if (row && (row.inside || !input.list.allowReentry)) return this.record(eventId, input, 'used', first, statements);

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
      statements.push(
        this.env.DB.prepare('update tickets set used_at = coalesce(used_at, ?) where id = ?').bind(now, input.ticketId),
      );
    }
    statements.push(this.mirror(eventId, listId, input.ticketId));
    return this.record(eventId, input, 'admitted', row ? first : null, statements, undefined, scanId, now);
  }

  /** The D1 mirror of one admission as it is now in this object. */
  private mirror(eventId: number, listId: number, ticketId: string): D1PreparedStatement {
    const row = this.sql
      .exec<AdmissionRow>('select * from admissions where list_id = ? and ticket_id = ?', listId, ticketId)
      .toArray()[0];
    return this.env.DB.prepare(
      `insert into checkin_admissions (list_id, ticket_id, event_id, first_at, gate_id, staff_name, inside)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (list_id, ticket_id) do update set inside = excluded.inside`,
    ).bind(listId, ticketId, eventId, row.first_at, row.gate_id, row.first_staff, row.inside);
  }

  /** Stores the answer under its nonce and queues the scan's log row. */
  private record(
    eventId: number,
    input: ScanInput,
    result: ScanResult,
    first: ScanAnswer['first'],
    statements: D1PreparedStatement[],
    kind: string = input.kind,
    scanId: string = crypto.randomUUID(),
    serverAt: string = new Date().toISOString(),
  ): ScanAnswer {
    const conflict = !!input.offline?.admitted && result !== 'admitted' && input.kind !== 'exit';
    const answer: ScanAnswer = { scanId, result, conflict, serverAt, first, replay: false };
    this.sql.exec('insert into answers (nonce, answer) values (?, ?)', input.nonce, JSON.stringify(answer));
    statements.push(
      this.env.DB.prepare(
        `insert or ignore into checkin_scans (id, event_id, nonce, ticket_id, list_id, gate_id, device, staff_user_id,
         staff_name, kind, result, offline, conflict, first_at, first_gate, first_staff, client_at, server_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        scanId,
        eventId,
        input.nonce,
        input.ticketId,
        input.list?.id ?? null,
        input.gate?.id ?? null,
        input.device,
        input.staff.id,
        input.staff.name,
        kind,
        result,
        input.offline ? 1 : 0,
        conflict ? 1 : 0,
        first?.at ?? null,
        first?.gate ?? null,
        first?.staff ?? null,
        input.clientAt,
        serverAt,
      ),
    );
    return answer;
  }
}
