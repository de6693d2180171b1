/**
 * What a Durable Object keeps in its own SQLite survives the loss of that object (issue 35): every row of the
 * tables it names is copied to D1 (`object_state`, migration 0070), and an object that finds its storage empty
 * puts them back from there before it answers anything. The object stays the authority; D1 is its mirror.
 *
 * - Tracking: SQLite triggers on each mirrored table note the key of every inserted, updated or deleted row in
 *   `mirror_dirty`, in the same write as the change itself, so no code path can change a row and forget to
 *   copy it (new methods, other helpers' tables) and an object that dies before the copy still has the list.
 * - Copy: after every call into the object (`mirrorEveryCall`) the noted rows are read as they are now and sent
 *   to D1 in one batch: an upsert of the present rows and a delete of the gone ones. One batch in flight per
 *   object; what changes meanwhile goes in the next, so a burst costs a batch per D1 round trip, and the copy
 *   runs a round trip behind the change (well within 5 s). A failed copy keeps its rows noted and is retried
 *   (1, 2, 4 s…) and on the object's next start. Callers that promise a place (a queue join, a hold) wait for it
 *   (`settled`: the first round that reads after their change, not the rounds after it): then what they were
 *   told is in D1 before they hear it.
 * - Rebuild: storage with no `mirror_meta` row was never set up or was lost (`deleteAll`, a reset): the rows D1
 *   holds for this object's id are inserted back, before the object's own start-up runs (the caller does it
 *   inside `blockConcurrencyWhile`), and only then is the marker written. A new object finds nothing there.
 */

export type MirroredTable = {
  /** The table's name in the object's SQLite. */
  name: string;
  /** The columns of its primary key (none for a one-row table). */
  key: string[];
};

const LOCAL_SCHEMA = `
create table if not exists mirror_dirty (
  seq integer primary key autoincrement,
  tbl text not null,
  pk text not null,
  unique (tbl, pk)
);
create table if not exists mirror_meta (id integer primary key check (id = 1), restored_rows integer not null);
`;

/** Rows per copy (a batch of two statements carrying them as JSON, well under D1's 2 MB per value): more than a
 * burst of 100 seated holds notes, so a hold waits for one round, not for the rounds of the rows noted before it. */
const ROWS_PER_COPY = 1000;
/** Rows per read when rebuilding. */
const ROWS_PER_READ = 2000;
/** The longest wait between retries of a failed copy. */
const MAX_RETRY_MS = 4000;

const mirrors = new WeakMap<object, StateMirror>();

/**
 * State an owner copies to D1 its own way, not as object_state rows (the inventory's seats go to D1's event_seats,
 * seats.ts): read with each copy round and written in the same batch, so it is in D1 exactly as far as the rows.
 */
export type SideCopy = {
  /** Changes noted and not yet copied. */
  pending(): number;
  /** The statements that copy them as they are now, and what to call once they are in D1. */
  take(): { statements: D1PreparedStatement[]; copied: () => void };
};

export class StateMirror {
  private readonly sql: SqlStorage;
  private readonly objectKey: string;
  private readonly byName: Map<string, MirroredTable>;
  private running: Promise<void> | null = null;
  private again = false;
  private ready = false;
  private retryMs = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Copy rounds that read their noted rows so far (each reads what is noted when it starts). */
  private reads = 0;
  /** The last round that read every noted row and is in D1: every change made before its read is there. */
  private covered = 0;
  /** Callers waiting for the round that reads after their change (`settled`). */
  private waiters: { round: number; resolve: () => void }[] = [];
  /** The copy read and on its way to D1 (`take`), if any: resolves once it is written or failed. */
  private taking: Promise<void> | null = null;
  /** What carries the copy to D1 instead of a batch of its own (`carry`). */
  private carrier: { nudge(): void } | null = null;
  /** Per table, the query that reads its noted rows as JSON (`rowsAsJson`). */
  private readonly queries = new Map<string, string>();
  /** What rides every copy round besides the rows (`alongside`). */
  private side: SideCopy | null = null;

  constructor(
    owner: object,
    private readonly ctx: DurableObjectState,
    private readonly db: D1Database,
    private readonly kind: string,
    tables: MirroredTable[],
  ) {
    this.sql = ctx.storage.sql;
    this.objectKey = ctx.id.toString();
    this.byName = new Map(tables.map((t) => [t.name, t]));
    mirrors.set(owner, this);
    this.sql.exec(LOCAL_SCHEMA);
    for (const t of tables) this.sql.exec(triggersFor(t));
  }

  /**
   * Run inside the owner's `blockConcurrencyWhile`, after its tables exist and before its own start-up: when the
   * storage was empty, puts back what D1 holds for it. Answers how many rows came back (0: nothing to restore).
   */
  async restore(): Promise<number> {
    const marker = this.sql.exec('select 1 from mirror_meta').toArray();
    if (marker.length > 0) {
      this.ready = true;
      this.kick();
      return 0;
    }
    let restored = 0;
    let after = { tbl: '', pk: '' };
    for (;;) {
      const page = await this.db
        .prepare(
          `select tbl, pk, data from object_state where object = ? and (tbl, pk) > (?, ?)
           order by tbl, pk limit ?`,
        )
        .bind(this.objectKey, after.tbl, after.pk, ROWS_PER_READ)
        .all<{ tbl: string; pk: string; data: string }>();
      for (const row of page.results) {
        if (this.insertRow(row.tbl, JSON.parse(row.data) as Record<string, SqlStorageValue>)) restored++;
      }
      if (page.results.length < ROWS_PER_READ) break;
      const last = page.results[page.results.length - 1];
      after = { tbl: last.tbl, pk: last.pk };
    }
    // What was put back is what D1 holds: nothing to copy.
    this.sql.exec('delete from mirror_dirty');
    this.sql.exec('insert into mirror_meta (id, restored_rows) values (1, ?)', restored);
    if (restored > 0) console.info(JSON.stringify({ restored: this.kind, object: this.objectKey, rows: restored }));
    this.ready = true;
    return restored;
  }

  private insertRow(table: string, row: Record<string, SqlStorageValue>): boolean {
    if (!this.byName.has(table)) return false;
    const known = new Set(
      this.sql
        .exec<{ name: string }>(`pragma table_info(${table})`)
        .toArray()
        .map((c) => c.name),
    );
    const columns = Object.keys(row).filter((c) => known.has(c));
    if (columns.length === 0) return false;
    this.sql.exec(
      `insert or replace into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      ...columns.map((c) => row[c]),
    );
    return true;
  }

  /**
   * Starts a copy of what changed (a no-op while one runs: it takes what changed meanwhile next). With a carrier the
   * copy rides the carrier's next batch instead (`carry`).
   */
  kick() {
    if (!this.ready || this.retryTimer !== null) return;
    if (this.carrier) {
      this.carrier.nudge();
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.copyLoop().finally(() => {
      this.running = null;
      // Someone started waiting after the loop's last round but before it ended: a round for them.
      if (this.waiters.length > 0) this.kick();
    });
    this.ctx.waitUntil(this.running);
  }

  /**
   * The object's other writes to D1 carry the copy (inventory: the order writer's chain, inventory/order-writer.ts):
   * each of the carrier's batches takes what is noted when it leaves (`take`), so a hold's order and the copy of
   * its rows go to D1 in the same batch, and one chain keeps every copy in the order it was read (an older copy
   * never lands after a newer one). `nudge` makes the carrier send a batch soon even without writes of its own.
   */
  carry(carrier: { nudge(): void }) {
    this.carrier = carrier;
  }

  /** State copied to D1 its own way in every round, in the rows' batch (SideCopy). */
  alongside(side: SideCopy) {
    this.side = side;
  }

  /** The copy rounds read so far: a change made now is in D1 once `settled(mark())` resolves. */
  mark(): number {
    return this.reads;
  }

  /**
   * Resolves once every change made before the call (before `mark`, when given) is in D1 (or its copy failed: it
   * is retried later). Waits for the first round that reads after it, not for the copies of what other calls
   * change meanwhile: under a steady stream of holds the copy never goes idle, and waiting for that would hold
   * every answer back. A hold whose order went in a carrier's batch finds its round in D1 already.
   */
  async settled(mark = this.reads): Promise<void> {
    if (!this.ready || this.covered > mark) return;
    if (!this.running && this.taking === null && (this.retryTimer !== null || this.pendingRows() === 0)) return;
    const round = mark + 1;
    const done = new Promise<void>((resolve) => this.waiters.push({ round, resolve }));
    // A round on its way may have read before the change: one more follows it.
    if (this.running) this.again = true;
    else this.kick();
    await done;
  }

  /** Answers the callers whose round is in D1 (all of them when the copy failed: it is retried later). */
  private wake(all: boolean) {
    this.waiters = this.waiters.filter((w) => {
      if (!all && this.covered < w.round) return true;
      w.resolve();
      return false;
    });
  }

  /**
   * The storage lost (the dev-only wipe, issue 35): stops copying (the lost tables must not reach D1 as deletes)
   * and deletes everything the object keeps. The owner must then be restarted (`ctx.abort`) in a later call (an
   * abort drops the writes of its own turn): the new instance finds no marker and restores from D1.
   */
  async loseStorage(): Promise<void> {
    this.ready = false;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.running;
    await this.taking;
    this.wake(true);
    await this.ctx.storage.deleteAll();
  }

  /** Rows noted and not yet in D1 (tests and the restore drill wait for 0). */
  pendingRows(): number {
    const rows = this.sql.exec<{ n: number }>('select count(*) as n from mirror_dirty').one().n;
    return rows + (this.side?.pending() ?? 0);
  }

  private async copyLoop() {
    do {
      this.again = false;
      const copy = this.take();
      if (!copy) return;
      let ok = true;
      try {
        await this.db.batch(copy.statements);
      } catch (err) {
        console.error(`State mirror of ${this.kind} to D1 failed; retried`, err);
        ok = false;
      }
      copy.done(ok);
      if (!ok) return;
    } while (this.again);
  }

  /**
   * Reads up to ROWS_PER_COPY noted rows as they are now, as the statements that copy them; `done` says whether
   * they are in D1 (a failed copy keeps them noted and is retried in 1, 2, 4 s). Null when nothing is noted (or
   * the storage is being lost). SQLite itself reads each noted row and writes it as JSON (one query per table,
   * `rowsAsJson`): a hold of six seats notes about ten rows, and reading them one statement at a time with a
   * JSON.stringify each was a fifth of the object's time under a sale.
   */
  take(): { statements: D1PreparedStatement[]; done: (ok: boolean) => void } | null {
    if (!this.ready || this.taking !== null) return null;
    // Most rounds find nothing noted (a round follows every call into the object): one lookup of the newest seq says
    // so. Otherwise one read for how many rows are noted, up to which seq, and of which tables.
    const newest = this.sql.exec<{ last: number | null }>('select max(seq) as last from mirror_dirty').one().last;
    const noted =
      newest === null
        ? { n: 0, last: null, tables: '[]' }
        : this.sql
            .exec<{ n: number; last: number | null; tables: string }>(
              `select count(*) as n, max(seq) as last, json_group_array(distinct tbl) as tables
               from (select seq, tbl from mirror_dirty order by seq limit ?)`,
              ROWS_PER_COPY,
            )
            .one();
    const round = ++this.reads;
    // A round that read every noted row covers, once in D1, every change made before its read.
    const complete = noted.n < ROWS_PER_COPY;
    const side = this.side?.take() ?? null;
    if ((noted.n === 0 || noted.last === null) && !side?.statements.length) {
      this.covered = round;
      this.wake(false);
      return null;
    }
    const last = noted.last ?? 0;
    const present: { t: string; k: string; d: string }[] = [];
    const gone: { t: string; k: string }[] = [];
    for (const tbl of JSON.parse(noted.tables) as string[]) {
      const table = this.byName.get(tbl);
      // A table no longer listed: its noted rows are gone from D1's copy.
      const query = table
        ? this.rowsAsJson(table)
        : 'select pk as k, null as d from mirror_dirty where tbl = ? and seq <= ?';
      for (const r of this.sql.exec<{ k: string; d: string | null }>(query, tbl, last)) {
        if (r.d !== null) present.push({ t: tbl, k: r.k, d: r.d });
        else gone.push({ t: tbl, k: r.k });
      }
    }
    const statements: D1PreparedStatement[] = [];
    if (present.length > 0)
      statements.push(
        this.db
          .prepare(
            `insert into object_state (object, kind, tbl, pk, data)
             select ?, ?, j.value ->> 't', j.value ->> 'k', j.value ->> 'd' from json_each(?) j where true
             on conflict (object, tbl, pk) do update set data = excluded.data,
               updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
          )
          .bind(this.objectKey, this.kind, JSON.stringify(present)),
      );
    if (gone.length > 0)
      statements.push(
        this.db
          .prepare(
            `delete from object_state where object = ? and (tbl, pk) in
               (select j.value ->> 't', j.value ->> 'k' from json_each(?) j)`,
          )
          .bind(this.objectKey, JSON.stringify(gone)),
      );
    statements.push(...(side?.statements ?? []));
    // One copy at a time: the next is read once this one is in D1 (the rows it carries stay noted until then).
    let finished = () => {};
    this.taking = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const done = (ok: boolean) => {
      this.taking = null;
      finished();
      if (!this.ready) return this.wake(true);
      if (ok) {
        // A row changed again while its copy was on the way got a new seq, above `last` (its note was replaced):
        // it stays noted. (Never throws into the carrier's batch: a note left behind is only copied again.)
        try {
          this.sql.exec('delete from mirror_dirty where seq <= ?', last);
          side?.copied();
        } catch (err) {
          console.error(`State mirror of ${this.kind}: copied rows stay noted`, err);
        }
        if (complete) this.covered = round;
        this.retryMs = 0;
        this.wake(false);
        if (!complete || this.waiters.length > 0) this.kick();
        return;
      }
      this.wake(true);
      this.retryMs = Math.min(MAX_RETRY_MS, Math.max(1000, this.retryMs * 2));
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.kick();
      }, this.retryMs);
    };
    return { statements, done };
  }

  /**
   * The query that answers a table's noted rows up to a seq: each key (`k`) with the row as it is now, as JSON
   * (`d`, null when the row is gone). Built once per table, from its columns (known once its setup ran).
   */
  private rowsAsJson(table: MirroredTable): string {
    let query = this.queries.get(table.name);
    if (query === undefined) {
      const columns = this.sql
        .exec<{ name: string }>(`pragma table_info(${table.name})`)
        .toArray()
        .map((c) => c.name);
      const match = table.key.map((c, i) => `r.${c} = m.pk ->> ${i}`).join(' and ') || '1 = 1';
      query = `select m.pk as k, (select json_object(${columns.map((c) => `'${c}', r.${c}`).join(', ')})
          from ${table.name} r where ${match} limit 1) as d
        from mirror_dirty m where m.tbl = ? and m.seq <= ?`;
      this.queries.set(table.name, query);
    }
    return query;
  }
}

/** The triggers that note a table's changed rows (re-noting a row moves it to the end with a new seq). */
function triggersFor(t: MirroredTable): string {
  const note = (row: 'new' | 'old') => {
    const key = `json_array(${t.key.map((c) => `${row}.${c}`).join(', ')})`;
    return `delete from mirror_dirty where tbl = '${t.name}' and pk = ${key};
      insert into mirror_dirty (tbl, pk) values ('${t.name}', ${key});`;
  };
  return ['insert', 'update', 'delete']
    .map(
      (op) => `create trigger if not exists mirror_${t.name}_${op} after ${op} on ${t.name} begin
        ${note(op === 'delete' ? 'old' : 'new')}
      end;`,
    )
    .join('\n');
}

/**
 * Makes every method of a Durable Object class start the copy of what it changed (after it returns, and again
 * when an async one settles). Answers are left as they are: a sync method stays sync for the object's own calls.
 */
export function mirrorEveryCall(cls: { prototype: object }) {
  const proto = cls.prototype as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor') continue;
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    const original = descriptor?.value;
    if (typeof original !== 'function') continue;
    proto[name] = function (this: object, ...args: unknown[]) {
      const result = original.apply(this, args);
      const mirror = mirrors.get(this);
      if (mirror) {
        mirror.kick();
        if (result instanceof Promise) void result.finally(() => mirror.kick()).catch(() => undefined);
      }
      return result;
    };
  }
}

/** The mirror of a Durable Object instance (tests: wait for its copy before wiping its storage). */
export function mirrorOf(owner: object): StateMirror | undefined {
  return mirrors.get(owner);
}
