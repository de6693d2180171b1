import { expect, type Page, test } from '@playwright/test';
import { createVerifiedUser, gotoHydrated } from './support/accounts';
import { DEMO, loginAs } from './support/session';

/**
 * Issue 32, item 6: a new producer's event waits for review (the wizard's last step says how long); a producer
 * the platform trusts (a superadmin's setting) publishes its own event at once.
 */
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T21:00`;
};

/** Opens the wizard on an event and walks to its last step. */
async function lastStep(page: Page, eventId: number, title: string) {
  await gotoHydrated(page, `/nuevo?id=${eventId}`);
  await expect(page.getByLabel('Título')).toHaveValue(title);
  for (let step = 2; step <= 5; step++) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`Paso ${step} de 5`) })).toBeVisible();
  }
  await expect(page.getByTestId('publish-note')).toBeVisible();
}

test('a new producer is told how long review takes; once trusted, its admin publishes at once', async ({
  page,
  browser,
}) => {
  const producer = `Productora confiable ${Date.now()}`;
  const title = `Recital sin espera ${Date.now()}`;
  const user = await createVerifiedUser(page.request, 'productora');
  await loginAs(page, user.email, user.password);
  const created = await page.request.post('/api/v1/admin/events', {
    data: {
      producer_name: producer,
      title,
      description: 'Un recital **en vivo**.',
      category: 'Música',
      venue: { name: 'Club del Sur', address: 'Defensa 1000', city: 'CABA', provinces_id: 1 },
      dates: [{ starts_at: inDays(15), ticket_types: [{ name: 'General', price_cents: 1_500_000, capacity: 100 }] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = ((await created.json()) as { data: { id: number; producer_id: number } }).data;
  // The login's claims follow the new role (ADMIN of the new producer).
  await loginAs(page, user.email, user.password);

  // Moderated: the last step says how long review takes, and the button sends it to review.
  await lastStep(page, event.id, title);
  await expect(page.getByTestId('publish-note')).toContainText('suele tardar menos de 24 horas hábiles');
  await expect(page.getByRole('button', { name: 'Enviar a revisión' })).toBeVisible();

  // A superadmin trusts the producer in Configuración.
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, DEMO.superadmin);
  await gotoHydrated(admin, '/admin/configurations');
  const trust = admin.getByRole('switch', { name: `${producer} publica sin revisión` });
  await trust.click();
  await expect(trust).toBeChecked();
  await expect(admin.getByText('La productora publica sus eventos sin revisión').first()).toBeVisible();

  // Now the same step says it goes on sale at once, and it does.
  await lastStep(page, event.id, title);
  await expect(page.getByTestId('publish-note')).toContainText('Tu productora publica sin revisión');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page.getByText('Evento publicado').first()).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/eventos/${event.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
