import { seedAccounts } from './seeds/accounts';
import { seedEvents } from './seeds/events';
import { seedDemoStadium } from './seeds/stadium';

/**
 * Seeds the demo data (local only: reached through /dev/seed, which needs DEV_MODE).
 * Does nothing when the database already has users, so running `npm start` again keeps the data.
 */
export async function seedDemoData(env: Env) {
  seeding ??= (async () => {
    if (await hasUsers(env)) return { seeded: false };
    await seedAccounts(env);
    await seedEvents(env);
    await seedDemoStadium(env);
    return { seeded: true };
  })().finally(() => {
    seeding = null;
  });
  return seeding;
}

/** The seeding under way in this isolate: a second call (or a readiness check) waits for it. */
let seeding: Promise<{ seeded: boolean }> | null = null;

async function hasUsers(env: Env) {
  const existing = await env.DB.prepare('select count(*) as n from users').first<{ n: number }>();
  return (existing?.n ?? 0) > 0;
}

/**
 * Whether the demo data is there to use: false before the start script has asked for it, and only once a
 * seeding under way has finished (tests must not start on a half-loaded database).
 */
export async function demoDataReady(env: Env) {
  if (seeding) await seeding.catch(() => undefined);
  return hasUsers(env);
}
