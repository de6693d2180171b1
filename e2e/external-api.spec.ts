import { type ChildProcess, spawn } from 'node:child_process';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { Mail } from './support/mailbox';
import { DEMO, DEMO_PASSWORD } from './support/session';

// A second instance of the product whose edge uses the first one (the e2e server) as an external
// provider API through API_ORIGIN. E-mails are sent by the provider, so they land in the first
// instance's mailbox: that proves the call crossed to the external origin with the API key.
const PORT = Number(process.env.E2E_PORT ?? 8799);
const PROVIDER = `http://localhost:${PORT}`;
const EDGE_PORT = PORT + 100;
const EDGE = `http://localhost:${EDGE_PORT}`;

let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(
    process.execPath,
    [
      'scripts/start.mjs',
      '--no-build',
      '--fresh',
      '--state',
      `.wrangler/e2e-edge-${EDGE_PORT}`,
      '--port',
      String(EDGE_PORT),
      '--var',
      `API_ORIGIN:${PROVIDER}`,
    ],
    { stdio: 'ignore', detached: true },
  );
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${EDGE}/dev/correo.json`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The edge-only instance did not start');
});

test.afterAll(() => {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
});

async function mails(base: string, to: string) {
  const res = await fetch(`${base}/dev/correo.json?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

test('the edge forwards to an external provider origin with the API key', async () => {
  const edge = await playwrightRequest.newContext({ baseURL: EDGE });
  const before = (await mails(PROVIDER, DEMO.usuario)).length;

  const res = await edge.post('/api/v1/restore-password', { data: { email: DEMO.usuario } });
  expect(res.status()).toBe(200);

  await expect.poll(async () => (await mails(PROVIDER, DEMO.usuario)).length).toBe(before + 1);
  expect(await mails(EDGE, DEMO.usuario)).toHaveLength(0);
  await edge.dispose();
});

test('a session through the external provider sets the cookies at the edge', async () => {
  const edge = await playwrightRequest.newContext({ baseURL: EDGE });
  const login = await edge.post('/api/v1/login', { data: { email: DEMO.usuario, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const body = await login.json();
  expect(body.session.user.email).toBe(DEMO.usuario);
  expect(body.token).toBeUndefined();
  const cookies = (await edge.storageState()).cookies.map((c) => c.name).sort();
  expect(cookies).toEqual(['auth-token', 'refresh-token', 'user-data']);

  const profile = await edge.get(`/api/v1/user?id=${body.session.user.id}`);
  expect(profile.status()).toBe(200);
  expect((await profile.json()).data.email).toBe(DEMO.usuario);
  await edge.dispose();
});

test('the external provider refuses calls without the API key', async () => {
  const res = await fetch(`${PROVIDER}/api/v1/locations`, { headers: { 'x-api-key': 'wrong' } });
  expect(res.status).toBe(401);
});
