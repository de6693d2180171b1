import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests drive the production build, served by wrangler (workerd) on a fresh local database
// with the demo data, in Debian's Chromium. Access tokens last 20 s here so that refresh is exercised.
const PORT = Number(process.env.E2E_PORT ?? 8799);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install Debian's: "apt-get update && apt-get install -y chromium", ` +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
}

export default defineConfig({
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
      testIgnore: /(checkout|events|door)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'flows',
      testMatch: /(checkout|events|door)\.spec\.ts/,
      dependencies: ['roles'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `node scripts/start.mjs --no-build --fresh --state .wrangler/e2e-state-${PORT} --port ${PORT} --var ACCESS_TOKEN_TTL:20`,
    url: `http://localhost:${PORT}/dev/correo.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
