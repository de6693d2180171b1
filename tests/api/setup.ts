import { applyD1Migrations, type D1Migration, env } from 'cloudflare:test';
import { afterEach } from 'vitest';
import { afterCommit } from '../../functions/api/reactions/webhooks';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A webhook's first attempt runs after the answer (functions/api/reactions/webhooks.ts): a test ends when its
// sends have, so none outlives the test whose data it reads.
afterEach(() => afterCommit.settled());
