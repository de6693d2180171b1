import { hashPassword } from '../../api/lib/password';

/** The demo accounts of the README (password demo1234), verified and active. */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  {
    email: 'superadmin@demo.ar',
    name: 'Sofía Superadmin',
    rol: 'SUPERADMIN',
    dni: '20111222',
    telefono: '1140001111',
    provinces_id: 1,
  },
  {
    email: 'admin@demo.ar',
    name: 'Andrés Admin',
    rol: 'ADMIN',
    dni: '25333444',
    telefono: '1140002222',
    provinces_id: 2,
  },
  {
    email: 'colaborador@demo.ar',
    name: 'Carla Colaboradora',
    rol: 'COLABORATORS',
    dni: '30555666',
    telefono: '3514003333',
    provinces_id: 6,
  },
  {
    email: 'usuario@demo.ar',
    name: 'Ulises Usuario',
    rol: 'USER',
    dni: '35777888',
    telefono: '3414004444',
    provinces_id: 21,
  },
] as const;

/**
 * Creates the demo users (memberships come from the events seeder, which finds them by e-mail).
 * One hash serves all four: scrypt is deliberately slow and the salt's uniqueness does not matter here.
 */
export async function seedAccounts(env: Env): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const insert = env.DB.prepare(
    `insert into users (name, email, password_hash, dni, telefono, pais_id, provinces_id, rol, activo,
                        email_verified_at, accept_promotions, terms_accepted_at)
     values (?, ?, ?, ?, ?, 1, ?, ?, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     on conflict (email) do nothing`,
  );
  await env.DB.batch(
    DEMO_ACCOUNTS.map((a) => insert.bind(a.name, a.email, passwordHash, a.dni, a.telefono, a.provinces_id, a.rol)),
  );
}
