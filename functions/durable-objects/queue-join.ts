/**
 * What a join to a queued on-sale needs besides the queue itself, kept inside the EventQueue object so that
 * a join costs the Worker one call to it (durable-objects/event-queue.ts).
 */

/** The account facts a join checks. */
export type JoiningAccount = { dni: string; email_verified_at: string | null; activo: number };

type Waiting = { resolve: (account: JoiningAccount | null) => void; reject: (err: unknown) => void };

/** Accounts per D1 read at most. */
const MAX_ACCOUNTS_PER_READ = 200;

/**
 * Reads the joining accounts from D1 with few round trips: while one read is in flight the next joins wait,
 * and their accounts are read together in the following one (like OrderWriter's group commit). Each join
 * gets its account as it is in D1 after the join arrived, so a change made before the join is always seen.
 */
export class AccountReader {
  private waiting = new Map<number, Waiting[]>();
  private reading = false;

  constructor(private readonly db: D1Database) {}

  read(userId: number): Promise<JoiningAccount | null> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(userId);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(userId, [{ resolve, reject }]);
      if (!this.reading) void this.drain();
    });
  }

  private async drain() {
    this.reading = true;
    try {
      while (this.waiting.size > 0) {
        const batch = [...this.waiting].slice(0, MAX_ACCOUNTS_PER_READ);
        for (const [id] of batch) this.waiting.delete(id);
        try {
          const { results } = await this.db
            .prepare(
              'select id, dni, email_verified_at, activo from users where id in (select value from json_each(?))',
            )
            .bind(JSON.stringify(batch.map(([id]) => id)))
            .all<JoiningAccount & { id: number }>();
          const byId = new Map(results.map((r) => [r.id, r]));
          for (const [id, list] of batch) for (const w of list) w.resolve(byId.get(id) ?? null);
        } catch (err) {
          for (const [, list] of batch) for (const w of list) w.reject(err);
        }
      }
    } finally {
      this.reading = false;
    }
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
