import { DEMO } from './support/session';
import { destination, signIn } from './support/shell';
import { expect, test } from './support/test';

/**
 * The navigation guard of spec sections 2 and 6, as a table of role × path -> destination, with real
 * logins of the demo accounts. 'ok' means the guard lets the request through (the page answers, or it
 * redirects on its own, like /admin to the dashboard); a guest on a login-required path goes to the index
 * with the login prompt and the remembered destination; a blocked role goes to /access-denied?from=.
 */
const OK = 'ok';
const LOGIN = (path: string) => `/?login=1&next=${encodeURIComponent(path)}`;
const DENIED = (path: string) => `/access-denied?from=${encodeURIComponent(path)}`;

type Role = 'guest' | 'usuario' | 'colaborador' | 'admin' | 'superadmin';
const ROLES: Role[] = ['guest', 'usuario', 'colaborador', 'admin', 'superadmin'];

// Columns: guest, USER, COLABORATORS, ADMIN, SUPERADMIN.
const TABLE: [string, 'login' | typeof OK, string, string, string, string][] = [
  ['/perfil', 'login', OK, OK, OK, OK],
  ['/nuevo', 'login', OK, OK, OK, OK],
  ['/checkout', 'login', OK, OK, OK, OK],
  ['/mis-tickets', 'login', OK, OK, OK, OK],
  ['/admin', 'login', 'denied', 'denied', '/admin/dashboard', '/admin/dashboard'],
  ['/admin/dashboard', 'login', 'denied', 'denied', OK, OK],
  ['/admin/events', 'login', OK, OK, OK, OK],
  ['/admin/tickets', 'login', 'denied', 'denied', OK, OK],
  ['/admin/access-control', 'login', 'denied', OK, OK, OK],
  ['/admin/access-control/full', 'login', 'denied', OK, OK, OK],
  ['/admin/finance', 'login', 'denied', 'denied', OK, OK],
];

for (const [index, role] of ROLES.entries()) {
  test.describe(`guard as ${role}`, () => {
    test.beforeEach(async ({ page }) => {
      if (role !== 'guest') await signIn(page, DEMO[role]);
    });

    for (const row of TABLE) {
      const path = row[0];
      const cell = row[index + 1];
      const expected = cell === 'login' ? LOGIN(path) : cell === 'denied' ? DENIED(path) : cell;
      test(`${path} -> ${expected === OK ? 'allowed' : expected}`, async ({ page }) => {
        const { status, to } = await destination(page, path);
        expect(status).toBeLessThan(400);
        if (expected === OK) {
          // Allowed: whatever the page does, the guard did not send it to the login or to access-denied.
          expect(to).not.toMatch(/^\/(\?login=1|access-denied)/);
        } else {
          expect(status).toBe(302);
          expect(to).toBe(expected);
        }
      });
    }
  });
}

test('a guest keeps the query of the destination for after the login', async ({ page }) => {
  const { to } = await destination(page, '/checkout?event=3&qty=2');
  expect(to).toBe(LOGIN('/checkout?event=3&qty=2'));
});

test('a guest sent to the index sees the login prompt and the remembered view', async ({ page }) => {
  await page.goto('/perfil');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Ingresar' })).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('boleteria:next-view'));
  expect(JSON.parse(stored ?? 'null')).toMatchObject({ name: 'perfil' });
});

test('access-denied shows the blocked path', async ({ page }) => {
  await signIn(page, DEMO.usuario);
  await page.goto('/admin/finance');
  await expect(page).toHaveURL(/\/access-denied\?from=%2Fadmin%2Ffinance$/);
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await expect(page.getByText('/admin/finance', { exact: true })).toBeVisible();
});

test('access-denied itself needs a session', async ({ page }) => {
  const { to } = await destination(page, '/access-denied?from=/admin');
  expect(to).toBe(LOGIN('/access-denied?from=/admin'));
});

test('a stored pending view wins once the user is signed in', async ({ page }) => {
  await page.goto('/legal');
  await page.evaluate(() =>
    localStorage.setItem('boleteria:next-view', JSON.stringify({ name: 'legal', query: { section: 'privacidad' } })),
  );
  await signIn(page, DEMO.usuario);
  await page.goto('/ayuda');
  await expect(page).toHaveURL(/\/legal\?section=privacidad$/);
  const left = await page.evaluate(() => localStorage.getItem('boleteria:next-view'));
  expect(JSON.parse(left ?? 'null')).toBeNull();
});

test('/admin goes to the dashboard', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Control' })).toBeVisible();
});

for (const path of ['/no-existe', '/eventos/x/y/z', '/admin-falso', '/legal/extra']) {
  test(`unknown path ${path} goes to the index`, async ({ page }) => {
    const { status, to } = await destination(page, path);
    expect(status).toBe(302);
    expect(to).toBe('/');
  });
}
