import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../scripts/lib/free-port.mjs';

export type Instance = { origin: string; stop: () => void };

/**
 * Starts another instance of the built product (scripts/start.mjs) on a free port with a fresh database
 * and waits until its own id answers on that port, so the test never talks to somebody else's server.
 * `env` carries API_ORIGIN / PUBLIC_ORIGIN, as an operator would set them; `ready` says when it is usable
 * (for instance, once the start script has loaded the demo data). `port` when the caller needs to know it
 * before the instance starts (a provider whose PUBLIC_ORIGIN is the edge about to start).
 */
export async function startInstance(
  name: string,
  env: Record<string, string> = {},
  ready: (origin: string) => Promise<boolean> = async () => true,
  port?: number,
): Promise<Instance> {
  port ??= await freePort();
  const id = randomUUID();
  const origin = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'scripts/start.mjs',
      '--no-build',
      '--fresh',
      '--state',
      `.wrangler/e2e-${name}-${port}`,
      '--port',
      String(port),
    ].concat(['--var', `INSTANCE_ID:${id}`]),
    { stdio: 'ignore', detached: true, env: { ...process.env, ...env } },
  );
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The ${name} instance exited (code ${child.exitCode}) on port ${port}`);
    const ours = await fetch(`${origin}/__instance/${id}`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ours && (await ready(origin).catch(() => false))) return { origin, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`The ${name} instance did not answer on port ${port} within 120 s`);
}
