import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import type { Permission } from '../../../src/shared/roles';
import { asBuyer } from '../kit/actors';
import { ORIGIN } from '../kit/http';

export type KeyOwner = { auth: Record<string, string> };
export type CreatedKey = { id: string; secret: string; prefix: string };

/** A producer key created through the back office's route by `owner` (a producer-wide admin of it). */
export async function createKey(
  owner: KeyOwner,
  producerId: number,
  permissions: readonly Permission[],
  more: { event_ids?: number[] | null; name?: string; expires_in_days?: number | null } = {},
): Promise<CreatedKey> {
  const res = await asBuyer(owner, `/admin/api-keys/${producerId}`, {
    method: 'POST',
    json: { name: more.name ?? `Clave ${permissions.length} permisos`, permissions, ...more },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { data } = (await res.json()) as { data: { key: { id: string; prefix: string }; secret: string } };
  return { id: data.key.id, prefix: data.key.prefix, secret: data.secret };
}

/**
 * A call straight to the provider API with a producer key, as the producer's own server makes it: the key
 * in Authorization and no platform key.
 */
export function withKey(secret: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${secret}`);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  if (body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return SELF.fetch(`${ORIGIN}/api/v1${path}`, { ...init, headers, body });
}
