import { PROMO_MSG } from '../src/shared/messages/promo';
import { createVerifiedUser } from './support/accounts';
import { adminEvent } from './support/admin-event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { buyerOrder, payAtCheckout, reserveFromEventPage } from './support/checkout';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

test('a code from the event link shows the discount at checkout; the paid order and the e-mail carry it', async ({
  browser,
  page,
}) => {
  // The producer's admin makes a 25 % code for the event.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO.admin);
  const { event, type, producerId } = await adminEvent(admin.request, 'last');
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const created = await admin.request.post(`/api/v1/admin/promo-codes/${producerId}`, {
    data: { code, event_id: event.id, discount_type: 'percent', value: 25, max_tickets: 5, owner_label: 'RRPP e2e' },
  });
  expect(created.status()).toBe(201);
  await adminContext.close();

  const buyer = await createVerifiedUser(page.request, 'codigo');
  await loginAs(page, buyer.email, buyer.password);

  // A bad code on the checkout's field: the message is on the field and nothing is reserved.
  await page.goto(`/checkout?event=${event.id}&items=${type.id}:1&codigo=NOEXISTE`);
  await page.getByRole('button', { name: 'Reservar entradas' }).click();
  await expect(page.getByTestId('promo-error')).toHaveText(PROMO_MSG.codeInvalid);
  await expect(page.getByLabel(PROMO_MSG.codeLabel)).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'checkout with a refused code');

  // The promoter's link, lower-case: the event page carries the code to the checkout.
  await page.goto(`/eventos/${event.id}?codigo=${code.toLowerCase()}`);
  await expect(page.locator('ticket-selector')).toHaveAttribute('data-ready', '1');
  const add = page.getByRole('button', { name: `Agregar una entrada ${type.name}` }).first();
  const orderId = await reserveFromEventPage(page, add, 2);
  await page.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });

  const discount = Math.round((type.price_cents * 25) / 100) * 2;
  const order = await buyerOrder(page.request, orderId);
  expect(order).toMatchObject({
    promo_code: code,
    discount_cents: discount,
    subtotal_cents: type.price_cents * 2 - discount,
  });
  const summary = page.getByRole('region', { name: 'Resumen de la compra' });
  await expect(summary.getByText(PROMO_MSG.discountLine(code))).toBeVisible();
  await expect(summary.getByTestId('order-discount')).toContainText((discount / 100).toLocaleString('es-AR'));
  await expect(summary.getByTestId('order-total')).toContainText((order.total_cents / 100).toLocaleString('es-AR'));
  await expect(page.getByTestId('promo-applied')).toHaveText(PROMO_MSG.codeApplied(code));
  await expectNoSeriousA11yViolations(page, 'checkout with a code');

  await payAtCheckout(page);
  const paid = await buyerOrder(page.request, orderId);
  expect(paid).toMatchObject({ status: 'paid', promo_code: code, discount_cents: discount });
  const mail = await waitForMail(page.request, buyer.email, /entradas/i, 15_000);
  expect(mail.html).toContain(PROMO_MSG.discountLine(code));
});

test('the producer creates, generates and archives codes for an event, with the report', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  const { event } = await adminEvent(page.request, 'last');
  await page.goto(`/admin/codigos/${event.id}`);
  await page.locator('astro-island[component-url*="promo-admin"]:not([ssr])').waitFor({ state: 'attached' });
  const code = `RRPP${Date.now().toString(36).toUpperCase()}`;

  // A percentage above 100 is refused on its field.
  await page.getByLabel('Código (vacío: se genera uno)').fill(code);
  await page.getByRole('textbox', { name: /^Porcentaje/ }).fill('150');
  await page.getByRole('button', { name: 'Crear código' }).click();
  await expect(page.getByText(PROMO_MSG.percentMax).first()).toBeVisible();

  await page.getByRole('textbox', { name: /^Porcentaje/ }).fill('20');
  await page.getByLabel('RRPP').fill('Lola');
  await page.getByRole('button', { name: 'Crear código' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: new RegExp(code) })).toContainText('Lola');

  await page.getByLabel('Cantidad a generar').fill('3');
  await page.getByLabel('Prefijo').fill('e2e-');
  await page.getByRole('button', { name: 'Generar códigos' }).click();
  await expect(table.getByRole('row', { name: /E2E-/ })).toHaveCount(3);
  await expectNoSeriousA11yViolations(page, 'promo codes of an event');

  await page.getByRole('button', { name: `Archivar ${code}` }).click();
  await expect(table.getByRole('row', { name: new RegExp(code) })).toContainText('Archivado');
  const csv = await page.request.get(
    `/api/v1/admin/promo-codes/${(await adminEvent(page.request, 'last')).producerId}/report?event_id=${event.id}&format=csv`,
  );
  expect(await csv.text()).toContain(code);
});
