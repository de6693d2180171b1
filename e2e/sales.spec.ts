import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { adminEvent } from './support/admin-event';
import { sellAtBoxOffice } from './support/box-office';
import { buyAndPay } from './support/checkout';
import { DEMO, loginAs, newPage } from './support/session';
import { expect, test } from './support/test';

const asAdmin = (browser: Browser) => newPage(browser, DEMO.admin);

/** usuario@demo.ar buys `quantity` tickets and approves the payment in the sandbox; answers the order id. */
async function buy(page: Page, eventId: number, typeId: number, quantity: number) {
  await loginAs(page, DEMO.usuario);
  return buyAndPay(page, eventId, typeId, quantity, { checkoutHeading: true });
}

test('a purchase shows in the dashboard and the search; the admin refunds one ticket and the buyer sees it cancelled; exports contain the order', async ({
  page,
  browser,
}) => {
  const admin = await asAdmin(browser);
  const { event, type } = await adminEvent(admin.request);
  const orderId = await buy(page, event.id, type.id, 2);

  // Dashboard: the order is among the latest, and the figures count it (they refresh by themselves).
  await admin.goto('/admin/dashboard');
  const latest = admin.getByRole('region', { name: 'Cifras del período' });
  await expect(latest).toBeVisible();
  await expect(admin.getByRole('link', { name: orderId.slice(0, 8) })).toBeVisible();

  // Search by the buyer's e-mail, open the order, refund one ticket with a reason.
  await admin.goto('/admin/tickets');
  await admin.locator('astro-island[component-url*="admin-orders"]:not([ssr])').waitFor({ state: 'attached' });
  await admin.getByLabel('Buscar', { exact: true }).fill(DEMO.usuario);
  await admin.getByRole('button', { name: 'Buscar', exact: true }).click();
  await admin.getByRole('button', { name: orderId.slice(0, 8) }).click();
  const detail = admin.getByRole('article', { name: `Orden ${orderId.slice(0, 8)}` });
  await detail.getByRole('checkbox').first().check();
  await detail.getByRole('button', { name: 'Reembolsar seleccionadas' }).click();
  await admin.getByLabel('Motivo').fill('No puede asistir');
  await admin.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await expect(detail.getByText('Entradas reembolsadas')).toBeVisible();
  await expect(detail.getByText('No puede asistir')).toBeVisible();

  await page.goto('/mis-tickets');
  const section = page.getByRole('region', { name: event.title });
  await expect(section.getByText('Cancelada', { exact: true })).toHaveCount(1);

  // Exports: the CSV and the XLSX download and contain the order.
  const csvDownload = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Exportar CSV' }).click();
  const csv = readFileSync(await (await csvDownload).path(), 'utf8');
  expect(csv).toContain(orderId);
  const xlsxDownload = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Exportar XLSX' }).click();
  const files = unzipSync(readFileSync(await (await xlsxDownload).path()));
  expect(Object.values(files).some((f) => strFromU8(f).includes(orderId))).toBe(true);
  await admin.context().close();
});

test('a box-office sale produces valid printable tickets and appears in finance', async ({ browser }) => {
  const admin = await asAdmin(browser);
  const { event, type } = await adminEvent(admin.request);
  await sellAtBoxOffice(admin, event.title, type.id, 2);
  // The receipt screen shows the tickets to hand over.
  await expect(admin.getByRole('img', { name: /Código QR de la entrada/ })).toHaveCount(2);

  // The QR codes are valid tickets for the door.
  const orderId = admin.url().split('/').pop() ?? '';
  const order = (await (await admin.request.get(`/api/v1/admin/orders/${orderId}`)).json()) as {
    data: { tickets: { code: string; status: string }[]; total_cents: number };
  };
  expect(order.data.tickets.map((t) => t.status)).toEqual(['valid', 'valid']);
  const verified = (await (
    await admin.request.post('/api/v1/tickets/verify', { data: { code: order.data.tickets[0].code } })
  ).json()) as { data: { valid: boolean } };
  expect(verified.data.valid).toBe(true);

  await admin.goto('/admin/finance');
  // The last 7 days, not "hoy": a sale a moment before midnight (Argentina) is yesterday's a moment later.
  await admin.getByRole('combobox', { name: 'Período' }).selectOption('7d');
  await admin.getByRole('combobox', { name: 'Evento' }).selectOption(String(event.id));
  await expect(admin.getByRole('row', { name: new RegExp(event.title) })).toBeVisible();
  const finance = (await (
    await admin.request.get(`/api/v1/admin/box-office/report?event_id=${event.id}&period=7d`)
  ).json()) as { data: { method: string; amount_cents: number }[] };
  expect(finance.data.find((r) => r.method === 'cash')?.amount_cents).toBeGreaterThanOrEqual(order.data.total_cents);
  await admin.context().close();
});
