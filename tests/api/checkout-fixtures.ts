import { env, SELF } from 'cloudflare:test';
import { vi } from 'vitest';
import { createTestEvent } from '../../functions/dev/checkout-tools';
import { signAccessToken } from '../../functions/lib/jwt';
import { ORIGIN, provider } from './helpers';

export { createTestEvent };

let counter = 0;

/** A verified buyer and a Bearer header for the provider API. */
export async function createBuyer(rol = 'USER') {
  const n = `${Date.now()}-${counter++}`;
  const email = `comprador-${n}@prueba.local`;
  const user = await env.DB.prepare(
    `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at, email_verified_at)
     values ('Ana Compradora', ?, 'x', '30123456', '1155550000', ?, '2026-01-01', '2026-01-01') returning id`,
  )
    .bind(email, rol)
    .first<{ id: number }>();
  const token = await signAccessToken(
    env.JWT_SECRET,
    { user: { id: user!.id, name: 'Ana Compradora', email, activo: true, provinces_id: null }, rol, permisos: [] },
    3600,
  );
  return { id: user!.id, email, auth: { authorization: `Bearer ${token}` } };
}

export function asBuyer(
  buyer: { auth: Record<string, string> },
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(buyer.auth)) headers.set(k, v);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return provider(path, { ...init, headers, body });
}

/**
 * Outbound fetches of the Worker go nowhere in tests: route MercadoPago's API to the bundled sandbox and
 * the sandbox's notifications (PUBLIC_ORIGIN) back into the Worker, like the real network would.
 */
export function routeNetworkToSelf() {
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === 'https://api.mercadopago.com') {
      return SELF.fetch(new Request(`${ORIGIN}/dev/mercadopago${url.pathname}${url.search}`, request));
    }
    if (url.origin === ORIGIN) return SELF.fetch(request);
    return original(request);
  });
}
