import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { vi } from 'vitest';
import worker from '../worker';

export const ORIGIN = 'http://localhost:8787';

/**
 * A call to the Worker with an execution context of the test's own, answered only once the work it
 * deferred with waitUntil (e-mails, notifications, batches) is done: tests wait for the work, not the clock.
 */
export async function settledFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(input, init) as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A call straight to the provider API, with the platform key (as the edge or another server would). */
export function provider(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-api-key', env.API_KEY);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return SELF.fetch(`${ORIGIN}/api/v1${path}`, { ...init, headers });
}

/** A call as a browser makes it: through the edge, same origin, with cookies. */
export function browser(path: string, init: RequestInit & { cookies?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', ORIGIN);
  headers.set('sec-fetch-site', 'same-origin');
  if (init.cookies) headers.set('cookie', init.cookies);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers });
}

/** The cookie header a browser would send back after this response. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** Polls until `check` answers true (work done with waitUntil, an alarm, the inventory's mirror). */
export async function eventually(check: () => Promise<boolean>, what: string, timeout = 5000) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout, interval: 25 },
  );
}

/** The JSON body of an answer read without `call` (a raw `Response`). */
export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
