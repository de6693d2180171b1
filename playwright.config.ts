import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import type { SlowPhoneOption } from './e2e/support/test';
import { freePort } from './scripts/lib/free-port.mjs';

// End-to-end tests drive the production build, served by wrangler (workerd) on a fresh local database
// with the demo data, in Debian's Chromium. Access tokens last 20 s here so that refresh is exercised.
// The server takes a free port (E2E_PORT to choose one) and a random instance id; Playwright waits for
// an answer carrying that id, so a test never runs against some other server that holds the port. The
// values go through the environment so Playwright's worker processes see the same ones.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_INSTANCE ??= randomUUID();
const PORT = Number(process.env.E2E_PORT);
const INSTANCE = process.env.E2E_INSTANCE;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install Debian's: "apt-get update && apt-get install -y chromium", ` +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
}

export default defineConfig<SlowPhoneOption>({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // Flows that change the demo accounts (usuario@demo.ar becomes ADMIN when it creates an event) run
  // after the suites that check each demo role's navigation and guard.
  projects: [
    {
      name: 'roles',
      testIgnore: /(checkout|events|door|slow-phone)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'flows',
      testMatch: /(checkout|events|door)\.spec\.ts/,
      dependencies: ['roles'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Issue 31: a mid-range phone on mobile data (CPU 6×, ~1.6 Mbps, 150 ms; e2e/support/test.ts), tapping as
    // soon as a control shows. Last, with fresh accounts (the demo collaborator only scans).
    {
      name: 'teléfono lento',
      testMatch: /slow-phone\.spec\.ts/,
      dependencies: ['flows'],
      use: { ...devices['Pixel 7'], channel: undefined, slowPhone: true },
    },
  ],
  webServer: {
    command: `node scripts/start.mjs --no-build --fresh --state .wrangler/e2e-state-${PORT} --port ${PORT} --var ACCESS_TOKEN_TTL:20 --var INSTANCE_ID:${INSTANCE}`,
    // Answers 200 only on our instance (the id is checked by the route); another server on the port makes
    // Playwright stop at once: "…is already used, make sure that nothing is running on the port/url".
    url: `http://localhost:${PORT}/__instance/${INSTANCE}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
