import type { Page } from '@playwright/test';
import { createVerifiedUser } from './support/accounts';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 32, item 6: a new producer building its first event is told on the wizard's last step how long review
 * takes; a producer the platform trusts (a superadmin's setting) publishes its own event at once.
 */
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T21:00`;
};

/** From the wizard's current step to the last one, step by step. */
async function toLastStep(page: Page, from: number) {
  for (let step = from + 1; step <= 5; step++) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`Paso ${step} de 5`) })).toBeVisible();
  }
}

test('a new producer is told how long review takes; once trusted, its admin publishes at once', async ({
  page,
  browser,
}) => {
  const producer = `Productora confiable ${Date.now()}`;
  const title = `Recital sin espera ${Date.now()}`;
  const user = await createVerifiedUser(page.request, 'productora');
  await loginAs(page, user.email, user.password);

  // Their first event, through the wizard.
  await page.goto('/nuevo');
  await page.getByLabel('Nombre de tu productora').fill(producer);
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Categoría').selectOption('Música');
  await page.getByLabel('Descripción').fill('Un recital **en vivo**.');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Nombre del lugar').fill('Club del Sur');
  await page.getByLabel('Dirección').fill('Defensa 1000');
  await page.getByLabel('Ciudad').fill('Buenos Aires');
  await page.getByLabel('Provincia').selectOption({ index: 1 });
  await page.getByLabel('Inicio de la función 1').fill(inDays(15));
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Precio ($)').fill('15.000');
  await page.getByLabel('Capacidad').fill('100');
  await toLastStep(page, 3);

  // Moderated: the last step says how long review takes, and the button sends it to review.
  await expect(page.getByTestId('publish-note')).toContainText('suele tardar menos de 24 horas hábiles');
  await expect(page.getByRole('button', { name: 'Enviar a revisión' })).toBeVisible();
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page).toHaveURL(/\/nuevo\?id=\d+/);
  const eventId = new URL(page.url()).searchParams.get('id');

  // A superadmin trusts the producer in Configuración.
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, DEMO.superadmin);
  await admin.goto('/admin/configurations');
  const trust = admin.getByRole('switch', { name: `${producer} publica sin revisión` });
  await trust.click();
  await expect(trust).toBeChecked();

  // Now the same step says it goes on sale at once, and it does.
  await page.goto(`/nuevo?id=${eventId}`);
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await toLastStep(page, 1);
  await expect(page.getByTestId('publish-note')).toContainText('Tu productora publica sin revisión');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByText('Evento publicado').first()).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/eventos/${eventId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
