import { formatMoney } from '../src/shared/money';
import { discountLines, priceLine, totals } from '../src/shared/pricing';
import { adminEvent } from './support/admin-event';
import { shoot } from './support/screenshot';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 32, item 5: a promoter's link (`?codigo=`) shows on the event page the discounted prices and "Código X
 * aplicado" (not only at the checkout); the producer copies each code's link, or shows its QR.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('the producer copies a code’s link and QR; the link shows the discounted prices and the code applied', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO.admin);
  const { event, type, producerId } = await adminEvent(admin.request, 'last');
  const code = `LINK${Date.now().toString(36).toUpperCase()}`;
  const created = await admin.request.post(`/api/v1/admin/promo-codes/${producerId}`, {
    data: { code, event_id: event.id, discount_type: 'percent', value: 20, owner_label: 'Lucía RRPP' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const link = `${baseURL}/eventos/${event.id}?codigo=${code}`;

  // A visitor opens the link on a phone: the code is applied and the prices are the discounted ones.
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(link);
  await expect(page.locator('ticket-selector')).toHaveAttribute('data-ready', '1');
  await page.locator('#comprar').scrollIntoViewIfNeeded();
  await shoot(page, '32-5-link');
  await expect(page.getByTestId('promo-applied')).toContainText(`Código ${code} aplicado`);
  await expect(page.getByTestId('promo-applied')).toContainText('20 % de descuento');
  const discounted = Math.round(type.price_cents * 0.8);
  const row2 = page.locator(`ticket-selector [data-ticket="${type.id}"]`).first();
  await expect(row2.locator('[data-discounted]')).toContainText(formatMoney(type.price_cents).replace('\u00a0', ' '));
  await expect(row2.locator('[data-discounted] strong')).toHaveText(formatMoney(discounted));

  // The selection's total is the checkout's: the discounted price plus the charge on it.
  const detail = (await (await page.request.get(`/api/v1/events/${event.id}`)).json()) as {
    data: { service_fee: { percent_bp: number; fixed_cents: number } };
  };
  const fee = { percentBp: detail.data.service_fee.percent_bp, fixedCents: detail.data.service_fee.fixed_cents };
  const expected = totals(
    discountLines([priceLine(type.id, 2, type.price_cents, fee)], { type: 'percent', value: 20, typeIds: null }, fee),
  ).totalCents;
  const add = page.getByRole('button', { name: `Agregar una entrada ${type.name}` }).first();
  await add.click();
  await add.click();
  await expect(page.locator('ticket-selector [data-total]')).toHaveText(formatMoney(expected));

  // The producer's codes page: "Copiar link" puts the code's own link on the clipboard; "QR" shows it.
  await admin.goto(`/admin/codigos/${event.id}`);
  await admin.locator('astro-island[component-url*="promo-admin"]:not([ssr])').waitFor({ state: 'attached' });
  const row = admin.getByRole('row').filter({ hasText: code });
  await row.getByRole('button', { name: `Copiar link del código ${code}` }).click();
  await expect(admin.getByText(`Copiamos el link del código ${code}.`)).toBeVisible();
  expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await row.getByRole('button', { name: `QR del código ${code}` }).click();
  const qr = admin.getByRole('dialog', { name: `QR del código ${code}` });
  await expect(qr.getByRole('img', { name: `Código QR del link del código ${code}` })).toBeVisible();
  await expect(qr.getByLabel('Link para compartir')).toHaveValue(link);
  await expect(qr.getByRole('link', { name: 'Descargar QR' })).toHaveAttribute('download', `qr-${code}.gif`);
  await qr.getByRole('button', { name: 'Cerrar' }).click();
  await adminContext.close();
});
