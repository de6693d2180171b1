import { DurableObject } from 'cloudflare:workers';
import { DRAW_ALGORITHM, drawOrder, seedHash } from '../../../src/shared/queue-draw';
import { THROTTLE_RULES } from '../../domain/throttle-rules';
import { PASS_TTL_MS, signQueuePass } from '../../lib/queue-pass';
import { pingWrite } from '../bench-floor';
import type { QueueStats } from '../inventory/types';
import { mirrorEveryCall, StateMirror } from '../state-mirror';
import { addGap, admitThrough, GAPS_SCHEMA, gapsBetween } from './gaps';
import { AccountReader, JoinThrottle } from './join';
import { QUEUE_TABLES } from './mirror';
import type { ClosedReason, JoinResult, PlaceView, QueueConfig, QueueLive, QueueProof, QueueState } from './types';

/**
 * The virtual queue of one queued on-sale ("Venta con fila"; one object per event, `queue:<eventId>`).
 *
 * - Pre-queue: from `prequeueMinutes` before the opening, verified accounts join, one place per account and
 *   per DNI. Each gets a pre-queue number (its arrival order). The seed of the draw is made when the queue is
 *   first configured and only its SHA-256 is shown until the opening.
 * - Opening: the pre-queue is shuffled with the seed (src/shared/queue-draw.ts, deterministic and
 *   recomputable) and the seed is revealed; later arrivals take the next places in arrival order.
 * - Admission: places are let in in order, `ratePerMinute` per minute (a token bucket), and when a hold
 *   limit is set only while the inventory's open holds plus the passes issued in the last minute are below
 *   it. An admitted account gets a signed pass (functions/lib/queue-pass.ts) valid 10 minutes from its
 *   admission; the inventory object refuses holds without one.
 * - Closing: when the inventory has nothing left to sell (or the producer closes it); everyone waiting
 *   sees it on their next poll.
 *
 * A join is one call to this object and nothing else from the Worker: the per-address limit is counted
 * here (queue/join.ts JoinThrottle) and the account (verified, active, with a DNI) is read here too, each
 * join with its own primary-key read (queue/join.ts AccountReader).
 *
 * Every method is synchronous over the object's SQLite storage except where it awaits the inventory's
 * counts, the joining accounts or a signature, and those awaits come before the synchronous step, so joins
 * and admissions never interleave half-way.
 */

type ConfigRow = {
  event_id: number;
  opens_at: number;
  prequeue_minutes: number;
  rate_per_minute: number;
  hold_limit: number | null;
  seed: string;
  seed_hash: string;
  paused: number;
  closed_at: number | null;
  closed_reason: ClosedReason | null;
  drawn_at: number | null;
  prequeue_size: number;
  last_position: number;
  admitted_through: number;
  credit: number;
  ticked_at: number | null;
  arrivals: number;
};
type EntryRow = {
  user_id: number;
  dni: string;
  arrival: number;
  prequeue_number: number | null;
  position: number | null;
  joined_at: number;
  admitted_at: number | null;
};

const SCHEMA = `
create table if not exists config (
  id integer primary key check (id = 1),
  event_id integer not null,
  opens_at integer not null,
  prequeue_minutes integer not null,
  rate_per_minute integer not null,
  hold_limit integer,
  seed text not null,
  seed_hash text not null,
  paused integer not null default 0,
  closed_at integer,
  closed_reason text,
  drawn_at integer,
  prequeue_size integer not null default 0,
  last_position integer not null default 0,
  admitted_through integer not null default 0,
  credit real not null default 0,
  ticked_at integer,
  arrivals integer not null default 0
);
create table if not exists kept_seed (seed text not null, seed_hash text not null);
create table if not exists entries (
  user_id integer primary key,
  dni text not null unique,
  arrival integer not null unique,
  prequeue_number integer unique,
  position integer unique,
  joined_at integer not null,
  admitted_at integer
);
`;

/** How often the inventory's counts are read again at most (admission by holds, sold-out closing). */
const STATS_MAX_AGE_MS = 1000;
/** While people wait, the alarm ticks this often so admission goes on without anyone polling. */
const TICK_MS = 1000;

export class EventQueue extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private config: ConfigRow | null;
  private stats: { at: number; value: QueueStats } | null = null;
  private statsLoad: Promise<void> | null = null;
  private readonly accounts: AccountReader;
  /** Copies every table to D1 and restores them from there (state-mirror.ts). */
  private readonly stateMirror: StateMirror;
  private readonly throttle = new JoinThrottle(
    THROTTLE_RULES.queueJoinAddress.limit,
    THROTTLE_RULES.queueJoinAddress.windowSeconds,
  );

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.accounts = new AccountReader(env.DB);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    this.sql.exec(GAPS_SCHEMA);
    this.stateMirror = new StateMirror(this, ctx, env.DB, 'queue', QUEUE_TABLES);
    this.config = this.readConfig();
    void ctx.blockConcurrencyWhile(async () => {
      // Storage lost: entries, numbers and the committed seed come back from D1 before anything is answered.
      if ((await this.stateMirror.restore()) === 0) return;
      this.config = this.readConfig();
      await this.ensureTicking(Date.now());
    });
  }

  private readConfig(): ConfigRow | null {
    return this.sql.exec<ConfigRow>('select * from config where id = 1').toArray()[0] ?? null;
  }

  private save(changes: Partial<ConfigRow>) {
    const keys = Object.keys(changes) as (keyof ConfigRow)[];
    if (keys.length === 0) return;
    this.sql.exec(
      `update config set ${keys.map((k) => `${k} = ?`).join(', ')} where id = 1`,
      ...keys.map((k) => changes[k] as SqlStorageValue),
    );
    // The row is this object's own: what was written is what it now holds (no read back on every join).
    this.config = this.config ? { ...this.config, ...changes } : this.readConfig();
  }

  /**
   * Sets (or changes, before the opening) the queue of an on-sale. The seed is drawn once, on the first
   * call, and never changes afterwards: its hash is the commitment the proof page shows.
   */
  async configure(config: QueueConfig): Promise<{ ok: true } | { ok: false; reason: 'drawn' }> {
    if (!this.config) {
      // A queue taken off before its draw and set again keeps its committed seed (the same published hash).
      const kept = this.sql.exec<{ seed: string; seed_hash: string }>('select * from kept_seed').toArray()[0];
      const bytes = crypto.getRandomValues(new Uint8Array(32));
      const seed = kept?.seed ?? [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
      const hash = kept?.seed_hash ?? (await seedHash(seed));
      if (!this.readConfig()) {
        this.sql.exec('delete from kept_seed');
        this.sql.exec(
          `insert into config (id, event_id, opens_at, prequeue_minutes, rate_per_minute, hold_limit, seed, seed_hash)
           values (1, ?, ?, ?, ?, ?, ?, ?)`,
          config.eventId,
          config.opensAt,
          config.prequeueMinutes,
          config.ratePerMinute,
          config.holdLimit,
          seed,
          hash,
        );
        this.config = this.readConfig();
        await this.ctx.storage.setAlarm(config.opensAt);
        return { ok: true };
      }
      this.config = this.readConfig();
    }
    const current = this.config as ConfigRow;
    if (current.drawn_at !== null && current.opens_at !== config.opensAt) return { ok: false, reason: 'drawn' };
    this.save({
      opens_at: config.opensAt,
      prequeue_minutes: config.prequeueMinutes,
      rate_per_minute: config.ratePerMinute,
      hold_limit: config.holdLimit,
    });
    if (current.drawn_at === null) await this.ctx.storage.setAlarm(config.opensAt);
    return { ok: true };
  }

  /**
   * The producer takes "Venta con fila" off before the opening. With people in the pre-queue it needs their
   * number confirmed (`confirmed`, what the producer was shown): otherwise nothing changes and the count is
   * answered. Answers the accounts dropped (the caller tells them). The seed is kept, undrawn and unrevealed,
   * for a queue set again: its published hash never changes.
   */
  async remove(
    confirmed: number | null,
  ): Promise<{ ok: true; dropped: number[] } | { ok: false; reason: 'confirm'; count: number }> {
    const dropped = this.sql
      .exec<{ user_id: number }>('select user_id from entries order by arrival')
      .toArray()
      .map((r) => r.user_id);
    if (dropped.length > 0 && confirmed !== dropped.length)
      return { ok: false, reason: 'confirm', count: dropped.length };
    await this.ctx.storage.deleteAlarm();
    const c = this.config;
    this.sql.exec('delete from kept_seed');
    if (c && c.drawn_at === null)
      this.sql.exec('insert into kept_seed (seed, seed_hash) values (?, ?)', c.seed, c.seed_hash);
    this.sql.exec('delete from entries');
    this.sql.exec('delete from gaps');
    this.sql.exec('delete from config');
    this.config = null;
    console.info(JSON.stringify({ queue: 'removed', eventId: c?.event_id ?? null, dropped: dropped.length }));
    return { ok: true, dropped };
  }

  private stateAt(now: number): QueueState {
    const c = this.config;
    if (!c) return 'unconfigured';
    if (c.closed_at !== null) return 'closed';
    if (now < c.opens_at - c.prequeue_minutes * 60_000) return 'scheduled';
    if (c.drawn_at === null) return 'prequeue';
    return c.paused ? 'paused' : 'open';
  }

  /**
   * Joins the queue (the route checked the session: signed, unexpired, not revoked). Counts the attempt
   * against the caller's address (`queueJoinAddress`, when the edge reports one), then reads the account:
   * it must be active, with a verified e-mail and a DNI. A second join of the same account, or of another
   * account with the same DNI, answers the place already taken. Every refusal is logged.
   */
  async join(userId: number, address: string | null): Promise<JoinResult> {
    if (address) {
      const retryAfterSeconds = this.throttle.consume(address, Date.now());
      if (retryAfterSeconds !== null) {
        console.warn(JSON.stringify({ refused: 'queue_join', reason: 'throttled', eventId: this.eventId(), userId }));
        return { ok: false, reason: 'throttled', retryAfterSeconds };
      }
    }
    if (!this.config) return this.refuse('no_queue', userId);
    const account = await this.accounts.read(userId);
    if (account?.activo !== 1 || !account.email_verified_at) return this.refuse('unverified', userId);
    const dni = account.dni.trim();
    if (!/^\d{7,8}$/.test(dni)) return this.refuse('no_dni', userId);
    const joined = this.enter(userId, dni, Date.now());
    // The number the buyer is told is in D1 before they hear it (it survives this object's loss).
    if (joined.ok && !joined.existing) await this.stateMirror.settled();
    return joined;
  }

  private eventId() {
    return this.config?.event_id ?? null;
  }

  /** The synchronous step of a join (the account was checked). */
  private enter(userId: number, dni: string, now: number): JoinResult {
    if (!this.config) return this.refuse('no_queue', userId);
    // The tick may draw (the opening passed): read the configuration only after it.
    this.tick(now);
    const c = this.config as ConfigRow;
    // The account's own place first, else the place of another account with the same DNI (one read).
    const existing = this.sql
      .exec<EntryRow>(
        'select * from entries where user_id = ? or dni = ? order by user_id = ? desc limit 1',
        userId,
        dni,
        userId,
      )
      .toArray()[0];
    if (existing?.user_id === userId) return { ok: true, existing: true, place: this.view(existing, now, true) };
    // Another account holds this DNI's place: refused, and nothing of that place is told.
    if (existing) return this.refuse('dni_taken', userId);
    const state = this.stateAt(now);
    const prequeueOpensAt = c.opens_at - c.prequeue_minutes * 60_000;
    if (state === 'scheduled') return this.refuse('too_early', userId, { opensAt: c.opens_at, prequeueOpensAt });
    if (state === 'closed') return this.refuse('closed', userId);
    const arrival = c.arrivals + 1;
    if (state === 'prequeue') {
      const entry: EntryRow = {
        user_id: userId,
        dni,
        arrival,
        prequeue_number: c.prequeue_size + 1,
        position: null,
        joined_at: now,
        admitted_at: null,
      };
      this.sql.exec(
        'insert into entries (user_id, dni, arrival, prequeue_number, joined_at) values (?, ?, ?, ?, ?)',
        userId,
        dni,
        arrival,
        entry.prequeue_number,
        now,
      );
      this.save({ arrivals: arrival, prequeue_size: c.prequeue_size + 1 });
      // Nothing else touches a pre-queue entry before the draw: the row is what was just written.
      return { ok: true, existing: false, place: this.view(entry, now, true) };
    }
    // After the opening: the end of the queue, in arrival order (the tick may admit the newcomer at once).
    this.sql.exec(
      'insert into entries (user_id, dni, arrival, position, joined_at) values (?, ?, ?, ?, ?)',
      userId,
      dni,
      arrival,
      c.last_position + 1,
      now,
    );
    this.save({ arrivals: arrival, last_position: c.last_position + 1 });
    this.tick(now);
    void this.ensureTicking(now);
    return { ok: true, existing: false, place: this.view(this.entry(userId) as EntryRow, now, true) };
  }

  private refuse<R extends 'no_queue' | 'too_early' | 'closed' | 'unverified' | 'no_dni' | 'dni_taken'>(
    reason: R,
    userId: number,
    extra: { opensAt?: number; prequeueOpensAt?: number } = {},
  ) {
    console.warn(JSON.stringify({ refused: 'queue_join', reason, eventId: this.config?.event_id ?? null, userId }));
    return { ok: false as const, reason, ...extra };
  }

  /** The account's place, with its pass when admitted (signed here, valid 10 minutes from admission). */
  async place(userId: number): Promise<PlaceView> {
    await this.freshStats(Date.now());
    const now = Date.now();
    this.tick(now);
    const entry = this.entry(userId);
    if (!entry) return this.view(null, now, true);
    const view = this.view(entry, now, true);
    if (view.admitted && view.passExpiresAt && view.passExpiresAt > now && this.config) {
      view.pass = await signQueuePass(this.env.JWT_SECRET, {
        e: this.config.event_id,
        u: userId,
        p: entry.position ?? 0,
        x: view.passExpiresAt,
      });
    }
    return view;
  }

  /** The producer's live view. */
  async live(): Promise<QueueLive | null> {
    await this.freshStats(Date.now());
    const now = Date.now();
    this.tick(now);
    const c = this.config;
    if (!c) return null;
    const counts = this.sql
      .exec<{ n: number; waiting: number }>(
        'select count(*) as n, count(*) - count(admitted_at) as waiting from entries',
      )
      .one();
    const length = counts.n;
    return {
      state: this.stateAt(now),
      closedReason: c.closed_reason,
      opensAt: c.opens_at,
      prequeueOpensAt: c.opens_at - c.prequeue_minutes * 60_000,
      ratePerMinute: c.rate_per_minute,
      holdLimit: c.hold_limit,
      length,
      prequeueSize: c.prequeue_size,
      // Counted, not derived from the admission counter: a deleted account's place is gone (forget).
      waiting: counts.waiting,
      admitted: length - counts.waiting,
      activeHolds: this.stats?.value.openHolds ?? null,
      sold: this.stats?.value.sold ?? null,
      remaining: this.stats?.value.remaining ?? null,
      seedHash: c.seed_hash,
    };
  }

  /**
   * Pause, resume, close (`normal`: back to the normal sale) or reopen a closed queue: the people still waiting
   * keep their places and admission goes on from where it stopped. Answers the new live view.
   */
  async control(action: 'pause' | 'resume' | 'close' | 'close_normal' | 'reopen'): Promise<QueueLive | null> {
    const now = Date.now();
    this.tick(now);
    if (this.config && this.config.closed_at === null) {
      if (action === 'pause') this.save({ paused: 1 });
      if (action === 'resume') {
        // No credit piles up while paused: admission restarts at the set rate.
        this.save({ paused: 0, ticked_at: now });
        await this.ensureTicking(now);
      }
      if (action === 'close') this.close('productora', now);
      if (action === 'close_normal') this.close('normal', now);
    } else if (this.config && action === 'reopen') {
      // The inventory's counts read before the reopening may say it closed: read them again first.
      this.stats = null;
      this.save({ closed_at: null, closed_reason: null, ticked_at: now, credit: 0 });
      console.info(JSON.stringify({ queue: 'reopened', eventId: this.config.event_id }));
      await this.ensureTicking(now);
    }
    return this.live();
  }

  /** Changes the admission rate and the hold limit (at any time). */
  async setRate(changes: { ratePerMinute?: number; holdLimit?: number | null }): Promise<QueueLive | null> {
    this.tick(Date.now());
    if (this.config) {
      this.save({
        ...(changes.ratePerMinute !== undefined ? { rate_per_minute: changes.ratePerMinute } : {}),
        ...(changes.holdLimit !== undefined ? { hold_limit: changes.holdLimit } : {}),
      });
    }
    return this.live();
  }

  /** What anyone may see to check the draw: the committed hash always, the seed after the opening. */
  proof(): QueueProof | null {
    const now = Date.now();
    this.tick(now);
    const c = this.config;
    if (!c) return null;
    const drawn = c.drawn_at !== null;
    return {
      state: this.stateAt(now),
      opensAt: c.opens_at,
      prequeueOpensAt: c.opens_at - c.prequeue_minutes * 60_000,
      seedHash: c.seed_hash,
      seed: drawn ? c.seed : null,
      prequeueSize: drawn ? c.prequeue_size : null,
      drawnAt: c.drawn_at,
      algorithm: DRAW_ALGORITHM,
    };
  }

  /** A no-op round trip: the raw ceiling of a call to this object (used by the queue benchmark). */
  ping(): number {
    return Date.now();
  }

  /** One durable write and nothing else: the floor under a state change (benchmarks, see bench-floor.ts). */
  pingWrite(): number {
    return pingWrite(this.ctx.storage.sql);
  }

  /**
   * Development only (the queue benchmark): how the post-opening arrivals were let in. `inOrder` counts
   * the admitted ones whose every earlier post-opening arrival was admitted no later than they were.
   */
  audit(): { prequeueSize: number; postOpen: number; admittedPostOpen: number; inOrder: number; admitted: number } {
    const c = this.config;
    const rows = this.sql
      .exec<{ admitted_at: number | null }>(
        'select admitted_at from entries where prequeue_number is null order by arrival',
      )
      .toArray();
    let inOrder = 0;
    let latest = -1;
    let gap = false;
    for (const r of rows) {
      if (r.admitted_at === null) {
        gap = true;
        continue;
      }
      if (!gap && r.admitted_at >= latest) inOrder++;
      latest = Math.max(latest, r.admitted_at);
    }
    return {
      prequeueSize: c?.prequeue_size ?? 0,
      postOpen: rows.length,
      admittedPostOpen: rows.filter((r) => r.admitted_at !== null).length,
      inOrder,
      admitted: c?.admitted_through ?? 0,
    };
  }

  async alarm(): Promise<void> {
    const now = Date.now();
    await this.freshStats(now);
    this.tick(Date.now());
    await this.ensureTicking(Date.now());
  }

  /** Keeps the alarm going while people wait after the opening (or until the opening). */
  private async ensureTicking(now: number) {
    const c = this.config;
    if (!c || c.closed_at !== null) return;
    const waiting = this.waitingCount(c);
    const next = c.drawn_at === null ? c.opens_at : waiting > 0 ? now + TICK_MS : null;
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  /** Reads the inventory's counts when older than a second (one read shared by every caller meanwhile). */
  private async freshStats(now: number) {
    const c = this.config;
    if (!c || c.closed_at !== null || now < c.opens_at) return;
    if (this.stats && now - this.stats.at < STATS_MAX_AGE_MS) return;
    this.statsLoad ??= (async () => {
      try {
        const stub = this.env.EVENT_INVENTORY.get(this.env.EVENT_INVENTORY.idFromName(`event:${c.event_id}`));
        this.stats = { at: Date.now(), value: await stub.queueStats() };
      } catch (err) {
        console.error('Queue could not read the inventory counts', err);
      } finally {
        this.statsLoad = null;
      }
    })();
    await this.statsLoad;
  }

  /**
   * Moves the queue to `now` (synchronous): the draw at the opening, admissions due since the last tick,
   * and the closing when the stock is gone.
   */
  private tick(now: number) {
    const c = this.config;
    if (!c || c.closed_at !== null) return;
    if (c.drawn_at === null) {
      if (now < c.opens_at) return;
      this.draw(now);
    }
    const d = this.config as ConfigRow;
    // The inventory decides when the queue no longer holds the stock (it ran out): the queue follows it.
    if (this.stats && (this.stats.value.remaining === 0 || this.stats.value.queueHolds === false)) {
      this.close('agotado', now);
      return;
    }
    const waiting = this.waitingCount(d);
    let credit = d.credit;
    if (!d.paused && d.ticked_at !== null) credit += ((now - d.ticked_at) / 60_000) * d.rate_per_minute;
    // Nobody to let in: the bucket holds at most a second's worth (or one person), no burst later.
    const cap = Math.max(1, d.rate_per_minute / 60);
    let admit = d.paused ? 0 : Math.min(Math.floor(credit), waiting);
    if (d.hold_limit !== null && admit > 0) {
      const recent = this.sql
        .exec<{ n: number }>('select count(*) as n from entries where admitted_at > ?', now - 60_000)
        .one().n;
      const room = d.hold_limit - (this.stats?.value.openHolds ?? 0) - recent;
      admit = Math.max(0, Math.min(admit, room));
    }
    // The admissions go to the next people in line, passing over empty places (gaps.ts).
    const through = admit > 0 ? admitThrough(this.sql, d.admitted_through, admit, d.last_position) : d.admitted_through;
    if (admit > 0) {
      this.sql.exec(
        'update entries set admitted_at = ? where position > ? and position <= ?',
        now,
        d.admitted_through,
        through,
      );
    }
    credit -= admit;
    if (waiting - admit <= 0) credit = Math.min(credit, cap);
    this.save({ credit, ticked_at: now, admitted_through: through });
  }

  /** The places still to let in: place numbers not reached yet, less the empty ones. */
  private waitingCount(c: ConfigRow): number {
    return c.last_position - c.admitted_through - gapsBetween(this.sql, c.admitted_through, c.last_position);
  }

  /** The draw: pre-queue number order[p − 1] gets place p. */
  private draw(now: number) {
    const c = this.config as ConfigRow;
    const order = drawOrder(c.seed, c.prequeue_size);
    for (let p = 1; p <= order.length; p++) {
      const placed = this.sql.exec('update entries set position = ? where prequeue_number = ?', p, order[p - 1]);
      // A pre-queue number whose account was deleted: its place is empty from the start.
      if (placed.rowsWritten === 0) addGap(this.sql, p);
    }
    // The first person goes in at the opening itself; then the set rate.
    this.save({ drawn_at: now, last_position: c.prequeue_size, credit: 1, ticked_at: c.opens_at });
    console.info(JSON.stringify({ queue: 'drawn', eventId: c.event_id, prequeueSize: c.prequeue_size }));
  }

  private close(reason: ClosedReason, now: number) {
    this.save({ closed_at: now, closed_reason: reason });
    console.info(JSON.stringify({ queue: 'closed', eventId: this.config?.event_id, reason }));
  }

  private entry(userId: number): EntryRow | undefined {
    return this.sql.exec<EntryRow>('select * from entries where user_id = ?', userId).toArray()[0];
  }

  private view(entry: EntryRow | null, now: number, own: boolean): PlaceView {
    const c =
      this.config ?? ({ closed_reason: null, opens_at: 0, prequeue_minutes: 0, rate_per_minute: 1 } as ConfigRow);
    const state = this.stateAt(now);
    const base = {
      state,
      closedReason: c.closed_reason,
      opensAt: c.opens_at,
      prequeueOpensAt: c.opens_at - c.prequeue_minutes * 60_000,
      pass: null,
    };
    if (!entry || !this.config) {
      return {
        ...base,
        joined: false,
        prequeueNumber: null,
        position: null,
        ahead: null,
        admitted: false,
        passExpiresAt: null,
        estimateSeconds: null,
      };
    }
    const admitted = entry.admitted_at !== null;
    // The people ahead, not the place numbers: an empty place (a deleted account's) is nobody.
    const ahead =
      entry.position === null || admitted
        ? null
        : Math.max(
            0,
            entry.position - c.admitted_through - 1 - gapsBetween(this.sql, c.admitted_through, entry.position - 1),
          );
    return {
      ...base,
      joined: own,
      prequeueNumber: entry.prequeue_number,
      position: entry.position,
      ahead,
      admitted: own && admitted,
      passExpiresAt: own && entry.admitted_at !== null ? entry.admitted_at + PASS_TTL_MS : null,
      estimateSeconds: ahead === null ? null : Math.ceil(((ahead + 1) * 60) / c.rate_per_minute),
    };
  }

  /**
   * Account deletion (issue 35): the person's place is removed. The others keep their numbers and places; the
   * empty place is passed over without using an admission (gaps.ts; the draw stays recomputable: the pre-queue
   * size stays).
   */
  async forget(userId: number): Promise<boolean> {
    const entry = this.entry(userId);
    // A place not let in yet becomes empty: admission passes over it without spending an admission (gaps.ts).
    if (entry?.position != null && entry.admitted_at === null && entry.position > (this.config?.admitted_through ?? 0))
      addGap(this.sql, entry.position);
    const gone = this.sql.exec('delete from entries where user_id = ?', userId).rowsWritten > 0;
    if (gone) await this.stateMirror.settled();
    return gone;
  }

  /** Retention (issue 35): the places keep no DNI (each its account's pseudonymous id instead, still unique). */
  async eraseDnis(): Promise<void> {
    this.sql.exec("update entries set dni = 'borrado-' || user_id where dni not like 'borrado-%'");
    await this.stateMirror.settled();
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

// Every call copies what it changed to D1 (state-mirror.ts), whatever method it went through.
mirrorEveryCall(EventQueue);
