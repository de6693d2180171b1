import { readdirSync, readFileSync } from 'node:fs';
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

/** The fields of /proc/<pid>/stat after the command's name (state is [0], ppid [1]); throws when it is gone. */
const statFields = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/** A process's CPU time so far in ms (all its threads), or null when it is gone. Linux /proc. */
function processCpuMs(pid) {
  try {
    const fields = statFields(pid);
    // utime + stime, in clock ticks of 10 ms (Linux's USER_HZ).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Where a phase's CPU goes on this machine: `start()` before it, `stop(attempts)` after, answering the CPU ms per
 * attempt of the server's processes by role (`worker`: the Worker's workerd, with its objects and the local D1;
 * `proxy`: wrangler's dev proxy, a workerd of its own in front of it; `wrangler`: wrangler's node process) and of
 * this client. On a machine the server and the client saturate, a ratio of two phases' rates is about the inverse
 * ratio of their totals, so this says which side a change must make cheaper. Only for a local server on Linux
 * (found by its port in /proc); null otherwise.
 */
export function cpuMeter(base) {
  const port = new URL(base).port;
  const roles = findServer(port);
  const snapshot = () => {
    const own = process.cpuUsage();
    const at = { client: (own.user + own.system) / 1000 };
    for (const [role, pid] of Object.entries(roles ?? {})) at[role] = processCpuMs(pid);
    return at;
  };
  let before = null;
  return {
    start() {
      before = roles ? snapshot() : null;
    },
    stop(attempts) {
      if (!before) return null;
      const after = snapshot();
      const per = {};
      for (const role of Object.keys(after))
        if (after[role] !== null && before[role] !== null) per[role] = (after[role] - before[role]) / attempts;
      const total = Object.values(per).reduce((sum, ms) => sum + ms, 0);
      return { total, per };
    },
  };
}

/** The local server on `port`: wrangler's proxy workerd listening on it, its parent wrangler, their Worker workerd. */
function findServer(port) {
  if (!port) return null;
  let procs;
  try {
    procs = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((pid) => {
        try {
          const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          return { pid, ppid: statFields(pid)[1], cmd };
        } catch {
          return null;
        }
      })
      .filter((p) => p !== null);
  } catch {
    return null;
  }
  const isWorkerd = (p) => p.cmd[0].endsWith('/workerd');
  const proxy = procs.find(
    (p) => isWorkerd(p) && p.cmd.some((a) => a.startsWith('--socket-addr=entry=') && a.endsWith(`:${port}`)),
  );
  if (!proxy) return null;
  const worker = procs.find((p) => isWorkerd(p) && p.ppid === proxy.ppid && p.pid !== proxy.pid);
  if (!worker) return null;
  return { worker: worker.pid, proxy: proxy.pid, wrangler: proxy.ppid };
}

/** `cpu_*` lines of a cpuMeter reading: the total per attempt and its split by process. */
export function cpuLines(name, reading) {
  if (!reading) return {};
  const ms = (v) => v.toFixed(2);
  return {
    [`cpu_ms_per_${name}`]: ms(reading.total),
    [`cpu_split_${name}`]: Object.entries(reading.per)
      .map(([role, v]) => `${role}:${ms(v)}`)
      .join(','),
  };
}
