import { expect, test } from '@playwright/test';
import { gotoHydrated, uniqueEmail } from './support/accounts';
import { adminEvent } from './support/admin-event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs } from './support/session';

/**
 * The five most common back-office tasks on a 390 px phone: sell at the box office, find that order by
 * the buyer's e-mail, refund it, invite door staff, and see today's sales. Tables are cards there: no
 * sideways scrolling, the status and the main action in view, and no buyer bottom bar.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The page is as wide as the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

test('an admin does the five most common tasks on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, DEMO.admin);
  const { event, type } = await adminEvent(page.request);
  const buyer = uniqueEmail('telefono');

  // 1. Sell at the box office, in cash, with the buyer's e-mail.
  await gotoHydrated(page, '/admin/tickets');
  await expect(page.getByRole('navigation', { name: 'Barra inferior' })).toHaveCount(0);
  await page.getByText('Venta en boletería').click();
  const form = page.getByRole('form', { name: 'Venta en boletería' });
  await form.getByRole('combobox', { name: 'Evento' }).selectOption({ label: event.title });
  await expect(form.getByRole('combobox', { name: 'Entrada' }).locator('option')).not.toHaveCount(0);
  await form.getByRole('combobox', { name: 'Entrada' }).selectOption(String(type.id));
  await form.getByLabel('Efectivo').check();
  await form.getByLabel(/E-mail/).fill(buyer);
  await form.getByRole('button', { name: /Cobrar/ }).click();
  await expect(page.getByRole('heading', { name: 'Venta registrada' })).toBeVisible();

  // 2. Find the order by the buyer's e-mail: a card with its status and the way into it.
  await gotoHydrated(page, '/admin/tickets');
  await page.getByLabel('Buscar', { exact: true }).fill(buyer);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const card = page.getByRole('row').filter({ hasText: buyer });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Pagada')).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'orders as cards on a phone');

  // 3. Refund it, with a reason, in the app's dialog.
  await card.getByRole('button').first().click();
  const detail = page.getByRole('region', { name: 'Detalle de la orden' });
  await detail.getByRole('button', { name: 'Cancelar y reembolsar todo' }).click();
  const refund = page.getByRole('dialog', { name: 'Cancelar y reembolsar la orden' });
  await refund.getByLabel('Motivo').fill('Se equivocó de función');
  await refund.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await expect(detail.getByText('Se equivocó de función')).toBeVisible();

  // 4. Invite door staff.
  await gotoHydrated(page, '/admin/collaborators');
  const staff = uniqueEmail('puerta-telefono');
  await page.getByLabel('Correo', { exact: true }).fill(staff);
  await page.getByLabel('Rol', { exact: true }).selectOption({ label: 'Control de acceso' });
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Listo: invitamos a ${staff}` })).toBeVisible();
  const invited = page.getByRole('row').filter({ hasText: staff });
  await expect(invited).toContainText('Control de acceso');
  await expect(invited.getByRole('button', { name: 'Revocar' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // 5. See today's sales: the period opens on today, and the latest orders are cards.
  await gotoHydrated(page, '/admin/dashboard');
  await expect(page.getByRole('combobox', { name: 'Período' })).toHaveValue('hoy');
  await expect(page.getByRole('region', { name: 'Cifras del período' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingresos de hoy' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'dashboard on a phone');
});

test('the events list on a phone: cards with the status, the main action and the menu', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await gotoHydrated(page, '/admin/events');
  const card = page.getByRole('row').filter({ hasText: 'Los Fuegos del Sur en vivo' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Publicado')).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Más acciones de Los Fuegos del Sur en vivo' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await card.getByRole('button', { name: 'Más acciones de Los Fuegos del Sur en vivo' }).click();
  await expect(card.getByRole('button', { name: 'Cancelar evento' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'events list with its menu open on a phone');
});
