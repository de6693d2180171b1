import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Closing a running queue (issue 32, item 3): "Cerrar la fila" used to end the online sale for good with a
 * confirmation that did not say so. Now each way to close says what it does, "Cerrar la fila y volver a la venta
 * normal" puts the ticket selector back on the event page, and a closed queue can be reopened.
 * SCREENSHOT_DIR=docs/screenshots saves the confirmation and the event page afterwards.
 */

const shot = async (page: Page, name: string) => {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}` });
};

test('the queue closes back to the normal sale, saying so first; the event page sells again; it reopens', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAs(admin, DEMO.superadmin);
  const created = await admin.request.post('/dev/checkout/test-event', {
    data: { capacity: 5, price_cents: 0, max_per_order: 2, title: `Show con fila que cierra ${Date.now()}` },
  });
  expect(created.ok()).toBe(true);
  const event = (await created.json()) as { event_id: number };
  const put = await admin.request.put(`/api/v1/admin/queues/${event.event_id}`, {
    data: { opens_at: new Date(Date.now() + 2500).toISOString(), prequeue_minutes: 30, rate_per_minute: 60 },
  });
  expect(put.status(), await put.text()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await admin.request.get(`/api/v1/queues/${event.event_id}`)).json()) as { data: { state: string } })
          .data.state,
      { timeout: 20_000 },
    )
    .toBe('open');

  const visitor = await browser.newPage();
  await visitor.goto(`/eventos/${event.event_id}`);
  const buy = visitor.locator('#comprar');
  await expect(buy.getByText('Venta con fila')).toBeVisible();
  await expect(buy.getByRole('button', { name: 'Agregar una entrada General' })).toHaveCount(0);

  await admin.goto(`/admin/fila/${event.event_id}`);
  await expect(admin.getByRole('switch', { name: 'Abrir la lista de espera durante la fila' })).not.toBeChecked();
  await expectNoSeriousA11yViolations(admin, 'queue admin, queue open');
  // Closing for good says that the online sale stops and how to keep selling.
  await admin.getByRole('button', { name: 'Cerrar la fila', exact: true }).click();
  const close = admin.getByRole('dialog', { name: 'Cerrar la fila' });
  await expect(close).toContainText('no se venden online hasta que la reabras o vuelvas a la venta normal');
  await expect(close).toContainText('Podés reabrir la fila después.');
  await close.getByRole('button', { name: 'Volver' }).click();

  await admin.getByRole('button', { name: 'Cerrar la fila y volver a la venta normal' }).click();
  const toNormal = admin.getByRole('dialog', { name: 'Cerrar la fila y volver a la venta normal' });
  await expect(toNormal).toContainText('se venden en la página del evento por orden de llegada, sin turno');
  await expectNoSeriousA11yViolations(admin, 'queue admin, closing back to the normal sale');
  await shot(admin, '32-3-cerrar-fila-despues.png');
  await toNormal.getByRole('button', { name: 'Cerrar la fila y volver a la venta normal' }).click();
  await expect(admin.getByText('En vivo · Fila cerrada (venta normal, sin fila)')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Reabrir la fila' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'queue admin, closed back to the normal sale');

  // The event page sells again: the ticket selector instead of the queue.
  await visitor.reload();
  await expect(buy.getByRole('button', { name: 'Agregar una entrada General' })).toBeVisible();
  await expect(buy.getByText('Venta con fila')).toHaveCount(0);
  await shot(visitor, '32-3-pagina-evento-despues.png');

  // Reopened: the queue is back, and the event page shows it again.
  await admin.getByRole('button', { name: 'Reabrir la fila' }).click();
  await expect(admin.getByRole('button', { name: 'Cerrar la fila', exact: true })).toBeVisible();
  await visitor.reload();
  await expect(buy.getByText('Venta con fila')).toBeVisible();
  await expect(buy.getByRole('button', { name: 'Agregar una entrada General' })).toHaveCount(0);
  await visitor.close();
});
