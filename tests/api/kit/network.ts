import { onTestFinished, vi } from 'vitest';
import { ORIGIN, settledFetch } from './http';

/** The runtime's own fetch: a second set-up in one test replaces the first, it never wraps it. */
const realFetch = globalThis.fetch;

/** Stands in for MercadoPago's API: `next()` answers as the bundled sandbox would, or fail instead. */
export type MercadoPagoFault = (request: Request, next: () => Promise<Response>) => Promise<Response> | Response;

/**
 * The Worker's outbound fetches, which go nowhere in tests: MercadoPago's API goes to the bundled sandbox and
 * the sandbox's notifications (PUBLIC_ORIGIN) back into the Worker, as the real network would.
 * - `webhooks: false` drops the notifications on the floor (as if our endpoint were down), so a test
 *   delivers them itself;
 * - `mercadopago` sees every call to MercadoPago first, to make it slow, down or refusing.
 * Set up inside a test, the network is restored when the test ends (a second set-up replaces the first);
 * from a `beforeAll`, restore the answered spy yourself.
 */
export function routeNetwork(opts: { webhooks?: boolean; mercadopago?: MercadoPagoFault } = {}) {
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === 'https://api.mercadopago.com') {
      const sandbox = () => settledFetch(new Request(`${ORIGIN}/dev/mercadopago${url.pathname}${url.search}`, request));
      return opts.mercadopago ? opts.mercadopago(request, sandbox) : sandbox();
    }
    if (opts.webhooks === false && url.pathname.startsWith('/api/v1/webhooks/'))
      return new Response('down', { status: 503 });
    if (url.origin === ORIGIN) return settledFetch(request);
    return realFetch(request);
  });
  try {
    onTestFinished(() => spy.mockRestore());
  } catch {
    // Outside a test (a beforeAll): the caller restores it.
  }
  return spy;
}
