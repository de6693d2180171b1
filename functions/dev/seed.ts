import { seedAccounts } from './seeds/accounts';
import { seedEvents } from './seeds/events';

/**
 * Seeds the demo data (local only: reached through /dev/seed, which needs DEV_MODE).
 * Does nothing when the database already has users, so running `npm start` again keeps the data.
 */
export async function seedDemoData(env: Env) {
  const existing = await env.DB.prepare('select count(*) as n from users').first<{ n: number }>();
  if (existing && existing.n > 0) return { seeded: false };
  await seedAccounts(env);
  await seedEvents(env);
  return { seeded: true };
}
