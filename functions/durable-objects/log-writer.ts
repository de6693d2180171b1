type Pending = { statements: D1PreparedStatement[]; resolve: () => void };

/** Scans' statements per D1 batch at most. */
const MAX_STATEMENTS_PER_BATCH = 200;

/**
 * Writes a check-in object's log to D1 with few round trips: while one batch is in flight the next scans
 * queue and go together in the following one (group commit), in order. The decision is already made and
 * kept in the object's own storage, so a failed batch does not fail the scan: it stays queued and
 * `onFailure` schedules a retry (the object's alarm calls `retry`). Every statement is idempotent
 * (insert or ignore / upsert of the current state), so writing one twice is harmless.
 */
export class LogWriter {
  private queue: Pending[] = [];
  private failed: D1PreparedStatement[][] = [];
  private writing = false;

  constructor(
    private readonly db: D1Database,
    private readonly onFailure: () => Promise<void> | void,
  ) {}

  write(statements: D1PreparedStatement[]): Promise<void> {
    if (statements.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.queue.push({ statements, resolve });
      if (!this.writing) void this.drain();
    });
  }

  async retry() {
    const failed = this.failed;
    this.failed = [];
    for (const statements of failed) await this.write(statements);
  }

  private async drain() {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch: Pending[] = [];
        let size = 0;
        while (
          this.queue.length > 0 &&
          (batch.length === 0 || size + this.queue[0].statements.length <= MAX_STATEMENTS_PER_BATCH)
        ) {
          const next = this.queue.shift()!;
          size += next.statements.length;
          batch.push(next);
        }
        try {
          await this.db.batch(batch.flatMap((p) => p.statements));
        } catch (err) {
          console.error('check-in log batch failed; retrying later', err);
          this.failed.push(...batch.map((p) => p.statements));
          await this.onFailure();
        }
        for (const p of batch) p.resolve();
      }
    } finally {
      this.writing = false;
    }
  }
}
