import { DurableObject } from 'cloudflare:workers';
import type { Attempt } from './types';

/**
 * Exact sliding-window counter for one throttling key (the Worker addresses one object per key, by name).
 * Calls to one object run one at a time, so "count, then record" is atomic and concurrent attempts cannot
 * slip past the limit. Hits live in the object's SQLite storage; an alarm wipes it once the window is over.
 */
export class RateLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('create table if not exists hits (id integer primary key, at integer not null)');
  }

  /** Records one attempt unless `limit` attempts already happened within the window. */
  async consume(limit: number, windowSeconds: number): Promise<Attempt> {
    const now = Date.now();
    const since = now - windowSeconds * 1000;
    const sql = this.ctx.storage.sql;
    sql.exec('delete from hits where at <= ?', since);
    const count = sql.exec<{ n: number }>('select count(*) as n from hits').one().n;
    if (count >= limit) {
      const oldest = sql.exec<{ at: number }>('select min(at) as at from hits').one().at;
      return { allowed: false, count, retryAfterSeconds: Math.max(1, Math.ceil((oldest - since) / 1000)) };
    }
    sql.exec('insert into hits (at) values (?)', now);
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.put('windowSeconds', windowSeconds);
      await this.ctx.storage.setAlarm(now + windowSeconds * 1000 + 1000);
    }
    return { allowed: true, count: count + 1, retryAfterSeconds: 0 };
  }

  /** Takes back the newest attempt (a login that turned out to be right is not a failure). */
  async release(): Promise<void> {
    this.ctx.storage.sql.exec('delete from hits where id = (select max(id) from hits)');
  }

  /** Attempts within the window, for tests and diagnostics. */
  async count(windowSeconds: number): Promise<number> {
    const since = Date.now() - windowSeconds * 1000;
    return this.ctx.storage.sql.exec<{ n: number }>('select count(*) as n from hits where at > ?', since).one().n;
  }

  /** Forgets hits older than the window; when none are left the object's storage is wiped entirely. */
  override async alarm(): Promise<void> {
    const window = (await this.ctx.storage.get<number>('windowSeconds')) ?? 0;
    const sql = this.ctx.storage.sql;
    sql.exec('delete from hits where at <= ?', Date.now() - window * 1000);
    const oldest = sql.exec<{ at: number | null }>('select min(at) as at from hits').one().at;
    if (oldest === null) await this.ctx.storage.deleteAll();
    else await this.ctx.storage.setAlarm(oldest + window * 1000 + 1000);
  }
}
