/**
 * The browser's address, for the provider's throttling. Cloudflare's edge sets `cf-connecting-ip` on
 * every request and overwrites one a client sent, and gives the Worker a `request.cf` object. Without
 * Cloudflare in front (wrangler dev, DEV_MODE) the header is whatever the client typed, so it is not
 * used: the address-keyed limits then see no address (docs/operations.md).
 */
export function trustedClientAddress(request: Request, env: Env): string | undefined {
  if (env.DEV_MODE === '1' || !request.cf) return undefined;
  return request.headers.get('cf-connecting-ip')?.trim() || undefined;
}
