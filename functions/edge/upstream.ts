import type { ExecutionContext as WorkerContext } from 'hono';
import { api } from '../api/app';

/**
 * Calls the provider API: the external origin when API_ORIGIN is set, else the API bundled in this
 * Worker (in-process, no network hop). Always adds the platform's API key.
 */
export function callApi(env: Env, ctx: WorkerContext, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('x-api-key', env.API_KEY);
  headers.delete('cookie');
  if (env.API_ORIGIN) return fetch(new URL(path, env.API_ORIGIN), { ...init, headers, redirect: 'manual' });
  return Promise.resolve(
    api.fetch(new Request(new URL(path, 'http://provider.internal'), { ...init, headers }), env, ctx),
  );
}
