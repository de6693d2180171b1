import { uniqueEmail } from './support/accounts';
import { adminEvent } from './support/admin-event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { boxOfficeSale } from './support/box-office';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

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
  await page.goto('/admin/tickets');
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
  await page.goto('/admin/tickets');
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
  await page.goto('/admin/collaborators');
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
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('combobox', { name: 'Período' })).toHaveValue('hoy');
  await expect(page.getByRole('region', { name: 'Cifras del período' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingresos de hoy' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'dashboard on a phone');
});

test('the events list on a phone: cards with the status, the main action and the menu', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/admin/events');
  const card = page.getByRole('row').filter({ hasText: 'Los Fuegos del Sur en vivo' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Publicado')).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Más acciones de Los Fuegos del Sur en vivo' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await card.getByRole('button', { name: 'Más acciones de Los Fuegos del Sur en vivo' }).click();
  await expect(card.getByRole('button', { name: 'Cancelar evento' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'events list with its menu open on a phone');
});

test('cancelling an event on a phone: the dialog counts the tickets sold; Finanzas shows the refunds as cards', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, DEMO.admin);
  // An event of its own (capacity 3: other specs never take it), with one box-office cash sale.
  const title = `Show suspendido ${Date.now().toString(36)}`;
  const created = await page.request.post('/dev/checkout/test-event', {
    data: { capacity: 3, price_cents: 2000_00, title },
  });
  expect(created.ok()).toBe(true);
  const event = (await created.json()) as { event_id: number; ticket_type_id: number };
  await boxOfficeSale(page.request, event.event_id, event.ticket_type_id);

  // The list reads the inventory's D1 mirror, written at most once a second: wait for the sale to show.
  const card = page.getByRole('row').filter({ hasText: title });
  await expect(async () => {
    await page.goto('/admin/events');
    await expect(card).toContainText('1 / 3', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await card.getByRole('button', { name: `Más acciones de ${title}` }).click();
  await card.getByRole('button', { name: 'Cancelar evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar evento' });
  await expect(dialog).toContainText('1 entrada vendida');
  await expect(dialog).toContainText('les devolvemos automáticamente el importe completo');
  await expectNoSeriousA11yViolations(page, 'cancel-event dialog on a phone');
  await dialog.getByLabel('Motivo (se incluye en el aviso)').fill('Se suspendió la gira');
  await dialog.getByRole('button', { name: 'Cancelar evento' }).click();
  await expect(
    page.getByText('Evento cancelado. Estamos reembolsando 1 compra: seguí el avance en Finanzas.'),
  ).toBeVisible();

  // Finanzas: the cancellation's refunds, as a card with its status, progress and the cash to hand back.
  await page.goto('/admin/finance');
  const refunds = page.getByRole('region', { name: 'Reembolsos por cancelación' });
  const progress = refunds.getByRole('row').filter({ hasText: title });
  await expect(async () => {
    await page.reload();
    await expect(progress.getByText('Completado')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await progress.scrollIntoViewIfNeeded();
  await expect(progress.getByText('Reembolsadas 1 de 1 compras')).toBeInViewport();
  await expect(progress).toContainText('1 venta en efectivo ($ 2.000): el reembolso se entrega en la boletería.');
  // The event's own figures: a card with its status and its main action in view.
  const figures = page.getByRole('region', { name: 'Por evento' }).getByRole('row').filter({ hasText: title });
  await figures.scrollIntoViewIfNeeded();
  await expect(figures.getByText('Cancelado')).toBeInViewport();
  await expect(figures.getByRole('button', { name: `Ver solo este evento: ${title}` })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'finance as cards on a phone');
});

test('invitations on a phone: the tables are cards with the status and the actions in view', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/admin/invitations');
  await page.getByLabel('Evento').selectOption({ index: 1 });
  const form = page.getByRole('form', { name: 'Invitar a una persona' });
  const guest = uniqueEmail('invitado-telefono');
  await form.getByLabel('Nombre').fill('Invitada en el teléfono');
  await form.getByLabel('E-mail').fill(guest);
  await form.getByLabel('DNI').fill('30111222');
  await form.getByLabel('Cantidad').fill('1');
  await form.getByLabel('Etiqueta').fill('Prensa teléfono');
  await form.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText(`Enviamos la invitación a ${guest} (1 entrada).`)).toBeVisible();
  const card = page.getByRole('table', { name: 'Invitaciones enviadas' }).getByRole('row').filter({ hasText: guest });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Enviada', { exact: true })).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Revocar' })).toBeInViewport();
  const tag = page
    .getByRole('table', { name: 'Invitaciones por etiqueta' })
    .getByRole('row', { name: /Prensa teléfono/ });
  await tag.scrollIntoViewIfNeeded();
  await expect(tag.getByText(/Sin límite|\d+ de \d+/)).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'invitations as cards on a phone');
});
