import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// API tests run inside workerd with the real bindings of wrangler.toml (D1, Durable Objects, R2),
// the migrations applied in tests/api/setup.ts, and test-only secrets.

// The property tests' knobs (CROSS_RACES_SEED, MONEY_RACES_SEED, CROSS_RACES_RUNS…) are read from process.env
// inside workerd, which sees the bindings, not the shell's environment: they are passed on as bindings.
const knobs = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => /^[A-Z_]+_(SEED|RUNS)$/.test(e[0]) && !!e[1]),
);
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: './tests/api/worker.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          API_KEY: 'test-api-key',
          JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
          MP_ACCESS_TOKEN: 'TEST-access-token',
          MP_WEBHOOK_SECRET: 'test-webhook-secret',
          TICKET_SIGNING_KEY: 'test-ticket-key',
          MAIL_API_KEY: '',
          SETTINGS_ENCRYPTION_KEY: 'test-settings-key-0123456789abcdef',
          MP_CLIENT_ID: 'test-client-id',
          MP_CLIENT_SECRET: 'test-client-secret',
          MP_AUTH_BASE: 'http://localhost:8787/dev/mercadopago',
          DEV_MODE: '1',
          PUBLIC_ORIGIN: 'http://localhost:8787',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
          ...knobs,
        },
      },
    }),
  ],
  test: {
    include: ['tests/api/**/*.test.ts'],
    setupFiles: ['./tests/api/setup.ts'],
    // Real scrypt and 2,000-way concurrency: generous limits for a loaded 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
}));
