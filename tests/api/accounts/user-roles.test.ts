import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { syncUserRole } from '../../../functions/api/services/accounts/roles';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedAccounts } from '../../../functions/dev/seeds/accounts';
import { claimsOf, createUser, login } from '../kit/actors';

let producerCount = 0;
async function producer() {
  const slug = `productora-${Date.now()}-${++producerCount}`;
  const row = await env.DB.prepare('insert into producers (name, slug) values (?, ?) returning id')
    .bind(slug, slug)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

const join = (producerId: number, userId: number, role: 'ADMIN' | 'DOOR') =>
  env.DB.prepare('insert into producer_members (producer_id, user_id, role) values (?, ?, ?)')
    .bind(producerId, userId, role)
    .run();

describe('syncUserRole', () => {
  it('derives the role from the memberships and reports each change once', async () => {
    const user = await createUser();
    expect(await syncUserRole(env.DB, user.id)).toEqual({ rol: 'USER', changed: false });
    const [p1, p2] = [await producer(), await producer()];
    await join(p1, user.id, 'DOOR');
    expect(await syncUserRole(env.DB, user.id)).toEqual({ rol: 'COLABORATORS', changed: true });
    expect(await syncUserRole(env.DB, user.id)).toEqual({ rol: 'COLABORATORS', changed: false });
    await join(p2, user.id, 'ADMIN');
    expect(await syncUserRole(env.DB, user.id)).toEqual({ rol: 'ADMIN', changed: true });
    await env.DB.prepare('delete from producer_members where user_id = ?').bind(user.id).run();
    expect(await syncUserRole(env.DB, user.id)).toEqual({ rol: 'USER', changed: true });
  });

  it('keeps a superadmin a superadmin', async () => {
    const user = await createUser({ rol: 'SUPERADMIN' });
    await join(await producer(), user.id, 'DOOR');
    expect(await syncUserRole(env.DB, user.id)).toEqual({ rol: 'SUPERADMIN', changed: false });
  });
});

describe('demo accounts', () => {
  // Five full-cost scrypt runs: give it room on a busy machine.
  it('seeds four verified, active accounts that log in with demo1234 and carry their role', {
    timeout: 30_000,
  }, async () => {
    await seedAccounts(env);
    await seedAccounts(env); // idempotent
    for (const account of DEMO_ACCOUNTS) {
      const { token } = await login(account.email, DEMO_PASSWORD);
      const claims = claimsOf(token);
      expect(claims.rol).toBe(account.rol);
      expect(claims.user).toMatchObject({ name: account.name, email: account.email, activo: true });
    }
    const { n } = (await env.DB.prepare(`select count(*) as n from users where email like '%@demo.ar'`).first<{
      n: number;
    }>()) ?? { n: 0 };
    expect(n).toBe(4);
  });
});
