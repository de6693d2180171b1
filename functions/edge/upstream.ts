import type { ExecutionContext as WorkerContext } from 'hono';
import type { SessionUser } from '../../src/shared/session';
import { api } from '../api/app';
import { passVerifiedSession } from '../api/lib/auth';
import type { Visitor } from './client-address';

/** A session the edge verified: its token and claims. */
export type VerifiedSession = { token: string; session: SessionUser };

/**
 * Calls the provider API for `visitor`: the external origin when API_ORIGIN is set, else the API bundled in
 * this Worker (in-process, no network hop). Always adds the platform's API key and the visitor's address
 * (`x-client-ip`, read by the per-address limits; never one from `init`). With `verified` (the session the
 * edge or the page middleware already verified for the token it sends), the bundled API takes those claims
 * instead of verifying the token again; an external provider always verifies it itself.
 */
export function callApi(
  env: Env,
  ctx: WorkerContext,
  visitor: Visitor,
  path: string,
  init: RequestInit = {},
  verified?: VerifiedSession | null,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('x-api-key', env.API_KEY);
  headers.delete('cookie');
  if (visitor.address) headers.set('x-client-ip', visitor.address);
  else headers.delete('x-client-ip');
  if (env.API_ORIGIN) return fetch(new URL(path, env.API_ORIGIN), { ...init, headers, redirect: 'manual' });
  const request = new Request(new URL(path, 'http://provider.internal'), { ...init, headers });
  if (verified && headers.get('authorization') === `Bearer ${verified.token}`) passVerifiedSession(request, verified);
  return Promise.resolve(api.fetch(request, env, ctx));
}
