import { isDevMode } from '../lib/dev-mode';

/**
 * The browser's address, for the provider's throttling. Cloudflare's edge sets `cf-connecting-ip` on
 * every request and overwrites one a client sent, and gives the Worker a `request.cf` object. Without
 * Cloudflare in front (wrangler dev, DEV_MODE) the header is whatever the client typed, so it is not
 * used: the address-keyed limits then see no address (docs/operations.md).
 */
export function trustedClientAddress(request: Request, env: Env): string | undefined {
  if (isDevMode(env) || !request.cf) return undefined;
  return request.headers.get('cf-connecting-ip')?.trim() || undefined;
}

declare const VISITOR: unique symbol;

/**
 * The person a server-side call to the provider is made for: the edge proxying a browser's call, a page
 * reading data while it renders, a session refresh. `callApi` (upstream.ts) takes one on every call and
 * sends its address as `x-client-ip`, so the provider's per-address limits see the person, never the
 * Worker. Only `visitorOf` makes one (from the request that came in), so no call path can leave it out.
 */
export type Visitor = { readonly address: string | undefined; readonly [VISITOR]: true };

export function visitorOf(request: Request, env: Env): Visitor {
  return { address: trustedClientAddress(request, env) } as Visitor;
}
