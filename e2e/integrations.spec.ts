import { request as playwrightRequest } from '@playwright/test';
import { API_KEY_MSG, INTEGRATIONS_TEXT as T } from '../src/shared/messages/integrations';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

// Configuración → Integraciones (issue 34): the producer creates an API key, sees its secret once, uses it
// from another program (no browser session, no platform key), revokes it, and the key stops working.

test('a producer creates an API key, sees it once, uses it, revokes it, and it stops working', async ({
  page,
  baseURL,
}) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/admin/configurations');
  const link = page.getByTestId('integrations-link');
  const producerId = new URL((await link.getAttribute('href')) ?? '', baseURL).searchParams.get('productora');
  expect(producerId).toMatch(/^\d+$/);
  await link.click();
  await expect(page.getByRole('heading', { name: T.title, level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Integraciones');

  const name = `Sitio web ${Date.now().toString(36)}`;
  await page.getByLabel(T.name).fill(name);
  await page.getByLabel(/\(export\.data\)/).check();
  await page.getByRole('button', { name: T.create }).click();
  const shown = page.getByRole('dialog', { name: T.secretTitle });
  await expect(shown).toBeVisible();
  const secret = (await shown.getByTestId('api-key-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^bol_live_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: T.done }).click();
  await expect(shown).toBeHidden();

  // Once: neither this page nor a fresh load of it tells the secret again.
  const row = page.locator('tr', { has: page.getByRole('rowheader', { name }) });
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await expectNoSeriousA11yViolations(page, 'Integraciones con una clave');
  await page.reload();
  await expect(row).toContainText(T.neverUsed);
  expect(await page.content()).not.toContain(secret);

  // Another program (no cookies, no platform key) calls the API with the key.
  const server = await playwrightRequest.newContext({ baseURL });
  const call = () =>
    server.get(`/api/v1/admin/producers/${producerId}`, { headers: { authorization: `Bearer ${secret}` } });
  const used = await call();
  expect(used.status(), await used.text()).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('last-used')).not.toHaveText(T.neverUsed, { timeout: 1000 });
  }).toPass();

  await row.getByRole('button', { name: `${T.revoke} ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: T.revokeTitle });
  await confirm.getByRole('button', { name: T.revoke }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText(T.revoked);

  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(API_KEY_MSG.revoked);
  await server.dispose();
});

test('the developers’ reference lists the API from its OpenAPI document', async ({ page }) => {
  await page.goto('/desarrolladores');
  await expect(page.getByRole('heading', { name: 'Desarrolladores', level: 1 })).toBeVisible();
  await expect(page.getByText('/admin/api-keys/{producer}').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Descripción OpenAPI 3.1' })).toHaveAttribute(
    'href',
    '/api/v1/openapi.json',
  );
  await expectNoSeriousA11yViolations(page, 'Desarrolladores');
  const document = await page.request.get('/api/v1/openapi.json');
  expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
});
