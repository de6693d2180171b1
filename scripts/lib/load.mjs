/** Runs `task(i)` for i < count with at most `limit` in flight; answers each duration in ms and the wall time. */
export async function pool(count, limit, task) {
  const durations = new Array(count);
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      durations[i] = performance.now() - t0;
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return { durations, seconds: (performance.now() - started) / 1000 };
}

/** The p-th percentile (0–100) of ascending `sorted` values (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
