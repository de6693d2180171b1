/**
 * What a join to a queued on-sale needs besides the queue itself, kept inside the EventQueue object so that
 * a join costs the Worker one call to it (durable-objects/queue/object.ts).
 */

/** The account facts a join checks. */
export type JoiningAccount = { dni: string; email_verified_at: string | null; activo: number };

/**
 * Reads a joining account from D1, from inside the queue object (the Worker makes no D1 call for a join).
 * Each join sends its own read and awaits it: a read shared between joins (one request awaiting I/O sent
 * by another) was seen to end in "the Worker's code had hung" for some joins of the 20,000-buyer run.
 */
export class AccountReader {
  constructor(private readonly db: D1Database) {}

  read(userId: number): Promise<JoiningAccount | null> {
    return this.db
      .prepare('select dni, email_verified_at, activo from users where id = ?')
      .bind(userId)
      .first<JoiningAccount>();
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
