/**
 * What a join to a queued on-sale needs besides the queue itself, kept inside the EventQueue object so that
 * a join costs the Worker one call to it (durable-objects/event-queue.ts).
 */

/** The account facts a join checks. */
export type JoiningAccount = { dni: string; email_verified_at: string | null; activo: number };

/** Accounts per D1 read at most. */
const MAX_ACCOUNTS_PER_READ = 200;

type Batch = { ids: Set<number>; result: Promise<Map<number, JoiningAccount>> };

/**
 * Reads the joining accounts from D1 with few round trips: one read at a time, and the joins arriving while
 * one is in flight are read together in the next. Each read is sent by the first join of its batch, which
 * awaits it itself (a read sent on behalf of a request that has already answered could be cut short with
 * it, leaving the others waiting forever). A join always gets its account as D1 has it after it arrived.
 */
export class AccountReader {
  private collecting: Batch | null = null;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: D1Database) {}

  async read(userId: number): Promise<JoiningAccount | null> {
    let batch = this.collecting;
    if (!batch || batch.ids.size >= MAX_ACCOUNTS_PER_READ) batch = this.open();
    batch.ids.add(userId);
    return (await batch.result).get(userId) ?? null;
  }

  private open(): Batch {
    const ids = new Set<number>();
    const previous = this.inFlight;
    const result = (async () => {
      // One read at a time: the joins arriving meanwhile gather in this batch.
      await previous.catch(() => undefined);
      if (this.collecting?.ids === ids) this.collecting = null;
      const { results } = await this.db
        .prepare('select id, dni, email_verified_at, activo from users where id in (select value from json_each(?))')
        .bind(JSON.stringify([...ids]))
        .all<JoiningAccount & { id: number }>();
      return new Map(results.map((r) => [r.id, r]));
    })();
    this.collecting = { ids, result };
    this.inFlight = result;
    return this.collecting;
  }
}

/**
 * The per-address join limit (THROTTLE_RULES.queueJoinAddress) of one queue, counted in the object's memory:
 * at most `limit` joins per address in each window of `windowSeconds`. Counting here instead of in a
 * RateLimiter object saves a call per join; the limit then applies per queued on-sale, which is what it
 * protects. An evicted object starts counting again (the queue's own one-place-per-account-and-DNI rule
 * does not depend on it).
 */
export class JoinThrottle {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  /** Counts one join: null when allowed, else the seconds until the address may join again. */
  consume(address: string, now: number): number | null {
    const windowMs = this.windowSeconds * 1000;
    let w = this.windows.get(address);
    if (!w || now - w.start >= windowMs) {
      if (this.windows.size >= 100_000) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(address, w);
    }
    if (w.count >= this.limit) return Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
    w.count++;
    return null;
  }

  private sweep(now: number) {
    const windowMs = this.windowSeconds * 1000;
    for (const [address, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(address);
  }
}
