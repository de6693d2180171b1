import type { ExecutionContext as WorkerContext } from 'hono';
import { hc } from 'hono/client';
import type { SessionUser } from '../../src/shared/session';
import type { ApiType } from '../api/app';
import { type Visitor, visitorOf } from './client-address';
import { resolveSession } from './session';
import { callApi } from './upstream';

export type { ApiType };

/** The typed provider API client (paths relative to /api/v1), as made by `hc<ApiType>`. */
export type ProviderClient = ReturnType<typeof hc<ApiType>>;

/** Base URL the client builds paths on; only its path reaches `callApi`. */
const BASE = 'http://provider.internal/api/v1';

/**
 * The provider API for server-side code (pages and the edge), typed by the API's own routes. Calls go
 * through `callApi`: in-process when the provider is bundled, to API_ORIGIN otherwise; both with the
 * platform's API key and the address of `visitor`, the person the page is rendered for. `token`, when given,
 * is sent as the caller's Bearer token (with `session`, the claims the middleware verified for it, which the
 * bundled API then does not verify again); `ctx` is the request's real execution context, so work the API
 * defers (e-mails, batches) is not dropped.
 */
export function providerClient(
  env: Env,
  ctx: WorkerContext,
  visitor: Visitor,
  token?: string | null,
  session?: SessionUser | null,
): ProviderClient {
  return hc<ApiType>(BASE, {
    fetch: (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      const headers = new Headers(init.headers);
      headers.set('accept', 'application/json');
      if (token) headers.set('authorization', `Bearer ${token}`);
      return callApi(
        env,
        ctx,
        visitor,
        url.pathname + url.search,
        { ...init, headers },
        token && session ? { token, session } : null,
      );
    },
  });
}

/**
 * What a page request gets (src/middleware.ts): its session from the cookies (refreshed when needed) and the
 * provider API as the caller (`api`) and as a visitor (`publicApi`). Every one of these calls, the refresh
 * included, is made for the person who asked: their address goes with it (tests/api/platform/visitor-address.test.ts).
 */
export async function pageContext(env: Env, ctx: WorkerContext, request: Request) {
  const visitor = visitorOf(request, env);
  const resolved = await resolveSession(env, ctx, request, visitor);
  return {
    session: resolved.session,
    setCookies: resolved.setCookies,
    api: providerClient(env, ctx, visitor, resolved.token, resolved.session),
    publicApi: providerClient(env, ctx, visitor),
  };
}
