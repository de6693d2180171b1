import { createVerifiedUser, linkTo } from './support/accounts';
import { adminEvent } from './support/admin-event';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';
import { eventWithWaitlist } from './support/waitlist';

/**
 * Issue 32, item 9, on a 390×844 phone: the refund dialog's table is not cut off, "$" never wraps away from
 * its amount, the bottom bar does not cover the checkout, a 2 h offer's countdown reads "1 h 59 min", and the
 * registration dialog does not move under the finger as its messages appear.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('the refund dialog shows its whole table inside the box', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  const { event, type } = await adminEvent(page.request, 'last');
  const sale = await page.request.post('/api/v1/admin/box-office/sales', {
    data: { event_id: event.id, items: [{ ticket_type_id: type.id, quantity: 2 }], method: 'card' },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  const orderId = ((await sale.json()) as { data: { order_id: string } }).data.order_id;
  await page.goto(`/admin/tickets?orden=${orderId}`);
  await page.locator('astro-island[component-url*="admin-orders"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Buscar', { exact: true }).fill(orderId.slice(0, 8));
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('button', { name: orderId.slice(0, 8) }).click();
  const detail = page.getByRole('article', { name: `Orden ${orderId.slice(0, 8)}` });
  await detail.getByRole('checkbox').first().check();
  await detail.getByRole('checkbox').nth(1).check();
  await detail.getByRole('button', { name: 'Reembolsar seleccionadas' }).click();
  const dialog = page.getByRole('dialog');
  const table = dialog.getByRole('table', { name: 'Detalle del reembolso' });
  await expect(table).toBeVisible();
  // The dialog itself never scrolls sideways (its text would slide out of view with the table) ...
  const box = await dialog.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll).toBeLessThanOrEqual(box.client);
  // ... and every column can be read: the total is on screen once its row is scrolled to.
  const total = dialog.getByTestId('refund-total');
  await total.scrollIntoViewIfNeeded();
  const cell = await total.boundingBox();
  const frame = await dialog.boundingBox();
  expect(cell!.x).toBeGreaterThanOrEqual(frame!.x);
  expect(cell!.x + cell!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
  await dialog.getByRole('button', { name: 'Volver' }).click();
});

test('"$" stays with its amount in Finanzas (a non-breaking space)', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/admin/finance');
  await page.locator('astro-island[component-url*="admin-finance"]:not([ssr])').waitFor({ state: 'attached' });
  await expect(page.getByText(/^\$\s\d/).first()).toBeVisible();
  const texts = await page.locator('main').evaluate((main) => {
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.textContent?.includes('$')) found.push(node.textContent);
    return found;
  });
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text, `"${text}" can break after "$"`).not.toMatch(/\$[ \t\n]/);
});

test('a waiting-list offer of 2 h counts down as "1 h 59 min", not "119:55"', async ({ browser }) => {
  const { orderId, holder, entries } = await eventWithWaitlist(browser);
  // The holder lets the ticket go: it is offered to the first on the waiting list, for two hours.
  const holding = await (await browser.newContext()).newPage();
  await loginAs(holding, holder.email, holder.password);
  expect((await holding.request.delete(`/api/v1/holds/${orderId}`)).status()).toBe(200);

  const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const offer = await waitForMail(page.request, entries[0].email, /Se liberaron entradas/, 15_000);
  await loginAs(page, entries[0].email, entries[0].password);
  await page.goto(linkTo(offer, '/checkout'));
  await page.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
  await expect(page.getByRole('timer')).toContainText(/1 h 5\d min/);
  await expect(page.getByRole('timer')).not.toContainText(/\d{3}:\d\d/);
  await context.close();
});

test('the bottom bar does not cover the checkout', async ({ page }) => {
  const created = await page.request.post('/dev/checkout/test-event', {
    data: { capacity: 5, price_cents: 1000_00, title: `Checkout en el teléfono ${Date.now()}` },
  });
  const event = (await created.json()) as { event_id: number; ticket_type_id: number };
  const buyer = await createVerifiedUser(page.request, 'telefono');
  await loginAs(page, buyer.email, buyer.password);
  await page.goto(`/checkout?event=${event.event_id}&items=${event.ticket_type_id}:1`);
  await page.getByRole('button', { name: 'Reservar entradas' }).click();
  await page.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
  // Neither the terms nor the pay button is ever under the buyer's bottom bar.
  await expect(page.getByRole('navigation', { name: 'Barra inferior' })).toHaveCount(0);
  for (const control of [
    page.getByRole('checkbox', { name: /Acepto los términos/ }),
    page.getByRole('button', { name: 'Pagar con Mercado Pago' }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('nav')?.getAttribute('aria-label') ?? null,
      [box!.x + box!.width / 2, box!.y + box!.height / 2],
    );
    expect(hit).toBeNull();
  }
  await page.getByRole('button', { name: 'Cancelar reserva' }).click();
});

test('the registration dialog keeps its place while its messages appear', async ({ page }) => {
  await page.goto('/?registro=1');
  const dialog = page.getByRole('dialog', { name: /registrarse/i });
  await expect(dialog).toBeVisible();
  const top = async () => (await dialog.boundingBox())!.y;
  const start = await top();
  // Wrong values, field after field: each leaves a message under its field.
  await dialog.getByLabel('Nombre completo').fill('A');
  await dialog.getByLabel('DNI').fill('12');
  await dialog.getByLabel('Correo electrónico').fill('no-es-correo');
  await dialog.getByLabel('Contraseña', { exact: true }).fill('corta');
  await dialog.getByLabel('Repetir contraseña', { exact: true }).fill('otra');
  await dialog.getByLabel('Teléfono').click();
  await expect(dialog.getByText('DNI debe tener exactamente 8 dígitos sin puntos')).toBeVisible();
  await expect(dialog.getByText('Correo debe ser valido')).toBeVisible();
  expect(await top()).toBe(start);
});
