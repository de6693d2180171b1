import http from 'node:http';

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

/**
 * A request function over node:http keep-alive connections (the client shares the 2 cores with the server,
 * and fetch costs it several times more CPU per request): `request(path, { method, headers, body })`
 * answers `{ status, headers, text }`, and `close()` ends its connections.
 */
export function keepAliveClient(base, maxSockets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request = (path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  return Object.assign(request, { close: () => agent.destroy() });
}

/**
 * The write floor, same run: `count` calls to `path`, a call to the same object that writes one row to its
 * storage and does nothing else (`pingWrite`, functions/durable-objects/bench-floor.ts). Any call that
 * changes state pays at least that, so beside the ratio to the bare ceiling the benchmarks print
 * floor_ratio (floor / ceiling: what the platform alone leaves) and ratio_to_floor (work / floor: how close
 * our own path comes to the cheapest possible write).
 */
export async function writeFloor(call, count, limit, workPerS, ceilingPerS) {
  const run = await pool(count, limit, call);
  const floorPerS = count / run.seconds;
  return {
    floor_write_per_s: Math.round(floorPerS),
    floor_ratio: (floorPerS / ceilingPerS).toFixed(2),
    ratio_to_floor: (workPerS / floorPerS).toFixed(2),
  };
}
