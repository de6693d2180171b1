import { env } from 'cloudflare:test';
import { signAccessToken } from '../../functions/lib/jwt';
import { provider } from './helpers';

let counter = 0;

export type TestUser = { id: number; email: string; token: string };

/** A user straight in the database, with an access token for its id (login is the accounts work's). */
export async function makeUser(rol: 'USER' | 'COLABORATORS' | 'ADMIN' | 'SUPERADMIN' = 'USER'): Promise<TestUser> {
  counter += 1;
  const email = `u${counter}-${Date.now()}@prueba.ar`;
  const row = await env.DB.prepare(
    `insert into users (name, email, password_hash, dni, telefono, rol, terms_accepted_at)
     values (?, ?, 'x', '12345678', '1122334455', ?, '2026-01-01T00:00:00Z') returning id`,
  )
    .bind(`Usuario ${counter}`, email, rol)
    .first<{ id: number }>();
  const id = row!.id;
  return { id, email, token: await tokenFor(id, email, rol) };
}

export function tokenFor(id: number, email: string, rol: string) {
  return signAccessToken(
    env.JWT_SECRET,
    { user: { id, name: `Usuario ${id}`, email, activo: true, provinces_id: 1 }, rol, permisos: [] },
    900,
  );
}

/** A provider-API call as `user` (or as a visitor). */
export async function call<T = Record<string, unknown>>(
  path: string,
  user: TestUser | null,
  init: { method?: string; json?: unknown } = {},
) {
  const headers = new Headers();
  if (user) headers.set('authorization', `Bearer ${user.token}`);
  const res = await provider(path, {
    method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  return {
    status: res.status,
    body: (await res.json()) as T & { message?: string; errors?: Record<string, string[]> },
  };
}

const inDays = (days: number, hour = 21) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
};

/** A complete event body (a date in 10 days with two ticket types). */
export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Noche de Jazz en San Telmo',
    description: 'Una noche de **jazz** en vivo.\n\nCon invitados.',
    category: 'Música',
    venue: { name: 'Club del Sur', address: 'Defensa 1000', city: 'CABA', provinces_id: 1 },
    dates: [
      {
        starts_at: inDays(10),
        doors_at: inDays(10, 20),
        ticket_types: [
          { name: 'General', price_cents: 1_500_000, capacity: 100 },
          { name: 'VIP', price_cents: 4_000_000, capacity: 20, max_per_order: 4 },
        ],
      },
    ],
    ...overrides,
  };
}

export type EventData = {
  id: number;
  producer_id: number;
  status: string;
  title: string;
  dates: { id: number; ticket_types: { id: number; name: string; capacity: number }[] }[];
};
