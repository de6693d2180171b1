import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { signAccessToken } from '../../functions/lib/jwt';
import { asBuyer, createBuyer, createTestEvent } from './checkout-fixtures';

/** "Venta con fila" as its buyers and producer call it: accounts with DNIs, queued events, joins, places, holds. */

let dniCounter = Math.floor(Math.random() * 1000);

/** A verified buyer with a DNI of their own (the queue keeps one place per DNI). */
export async function queueBuyer(options: { dni?: string; verified?: boolean; ttlSeconds?: number } = {}) {
  const dni = options.dni ?? String(40_000_000 + ((Date.now() % 1_000_000) * 10 + dniCounter++));
  const email = `fila-${Date.now()}-${dniCounter++}@prueba.local`;
  const user = await env.DB.prepare(
    `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at, email_verified_at)
     values ('Fila Compradora', ?, 'x', ?, '1155550000', 'USER', '2026-01-01', ?) returning id`,
  )
    .bind(email, dni, options.verified === false ? null : '2026-01-01')
    .first<{ id: number }>();
  const token = await signAccessToken(
    env.JWT_SECRET,
    {
      user: { id: user!.id, name: 'Fila Compradora', email, activo: true, provinces_id: null },
      rol: 'USER',
      permisos: [],
    },
    options.ttlSeconds ?? 3600,
  );
  return { id: user!.id, dni, email, auth: { authorization: `Bearer ${token}` } };
}

export type Json = { status: boolean; message?: string; data?: Record<string, unknown> & { [k: string]: unknown } };
export type Place = {
  state: string;
  closed_reason: string | null;
  joined: boolean;
  prequeue_number: number | null;
  position: number | null;
  ahead: number | null;
  admitted: boolean;
  pass: string | null;
};

export async function json(res: Response) {
  return (await res.json()) as Json;
}

/** An event marked "Venta con fila" opening in `opensInMs`, and its producer's admin session. */
export async function queuedEvent(opensInMs: number, setting: Record<string, unknown> = {}, capacity = 100) {
  const event = await createTestEvent(env, { capacity, max_per_order: 4 });
  const admin = await createBuyer('SUPERADMIN');
  const opensAt = Date.now() + opensInMs;
  const res = await asBuyer(admin, `/admin/queues/${event.event_id}`, {
    method: 'PUT',
    json: { opens_at: new Date(opensAt).toISOString(), rate_per_minute: 1, ...setting },
  });
  expect(res.status).toBe(200);
  return { event, admin, opensAt };
}

export const join = (buyer: { auth: Record<string, string> }, eventId: number) =>
  asBuyer(buyer, `/queues/${eventId}/join`, { method: 'POST' });

export async function place(buyer: { auth: Record<string, string> }, eventId: number): Promise<Place> {
  const res = await asBuyer(buyer, `/queues/${eventId}/me`);
  expect(res.status).toBe(200);
  return (await json(res)).data as unknown as Place;
}

export const hold = (buyer: { auth: Record<string, string> }, eventId: number, typeId: number, pass?: string) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: {
      event_id: eventId,
      items: [{ ticket_type_id: typeId, quantity: 1 }],
      ...(pass ? { queue_pass: pass } : {}),
    },
  });
