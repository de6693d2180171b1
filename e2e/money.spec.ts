import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createVerifiedUser } from './support/accounts';
import { adminEvent } from './support/admin-event';
import { sellAtBoxOffice } from './support/box-office';
import { buyAndPay } from './support/checkout';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs, newPage } from './support/session';
import { expect, test } from './support/test';

type OrderDetail = {
  id: string;
  status_label: string;
  total_cents: number;
  tickets: { id: string; code: string; status: string; status_label: string }[];
};

const asAdmin = (browser: Browser) => newPage(browser, DEMO.admin);

/**
 * A new verified buyer (so the demo accounts other specs count tickets of stay untouched) buys `quantity`
 * tickets and approves the payment in the MercadoPago sandbox. Answers the order id and the buyer's e-mail.
 */
async function buy(page: Page, eventId: number, typeId: number, quantity: number) {
  const buyer = await createVerifiedUser(page.request, 'reembolso');
  await loginAs(page, buyer.email, buyer.password);
  const orderId = await buyAndPay(page, eventId, typeId, quantity);
  return { orderId, email: buyer.email };
}

async function orderOf(request: APIRequestContext, orderId: string) {
  return ((await (await request.get(`/api/v1/admin/orders/${orderId}`)).json()) as { data: OrderDetail }).data;
}

/** The door scanner's own endpoint (what the camera page posts). */
async function scan(request: APIRequestContext, eventId: number, code: string) {
  const res = await request.post(`/api/v1/checkin/events/${eventId}/scan`, {
    data: { code, nonce: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`, device: 'e2e' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { result: string } }).data.result;
}

async function openOrder(admin: Page, orderId: string) {
  await admin.goto(`/admin/tickets?orden=${orderId}`);
  await admin.locator('astro-island[component-url*="admin-orders"]:not([ssr])').waitFor({ state: 'attached' });
  await admin.getByLabel('Buscar', { exact: true }).fill(orderId.slice(0, 8));
  await admin.getByRole('button', { name: 'Buscar', exact: true }).click();
  await admin.getByRole('button', { name: orderId.slice(0, 8) }).click();
  return admin.getByRole('article', { name: `Orden ${orderId.slice(0, 8)}` });
}

test('a walk-in box-office sale without e-mail: receipt, printed tickets (A4, 80 mm, PDF) the scanner admits', async ({
  browser,
}) => {
  const admin = await asAdmin(browser);
  const { event, type } = await adminEvent(admin.request, 'last');
  // The receipt: confirmation, order code, amount, method and the tickets as QR on screen.
  await sellAtBoxOffice(admin, event.title, type.id, 2);
  const orderId = admin.url().split('/').pop() ?? '';
  await expect(admin.getByTestId('receipt-code')).toHaveText(orderId.slice(0, 8).toUpperCase());
  const order = await orderOf(admin.request, orderId);
  await expect(admin.getByTestId('receipt-amount')).toHaveText(
    `$ ${(order.total_cents / 100).toLocaleString('es-AR')}`,
  );
  await expect(admin.getByText('Medio de pago:')).toBeVisible();
  await expect(admin.getByText('Efectivo en boletería', { exact: true })).toBeVisible();
  await expect(admin.getByRole('img', { name: /Código QR de la entrada/ })).toHaveCount(2);
  for (const t of order.tickets) await expect(admin.getByText(t.id, { exact: true })).toBeVisible();

  // Printed: the receipt's controls stay off paper, the tickets are on it (A4 and the 80 mm roll).
  await admin.emulateMedia({ media: 'print' });
  await expect(admin.getByRole('img', { name: /Código QR de la entrada/ }).first()).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Imprimir A4' })).toBeHidden();
  await admin.evaluate(() => {
    document.documentElement.dataset.print = 'thermal';
  });
  const width = await admin
    .locator('.ticket')
    .first()
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThan(300); // 72 mm ≈ 272 px
  await admin.emulateMedia({ media: 'screen' });

  // The PDF downloads.
  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Descargar PDF' }).click();
  expect(
    readFileSync(await (await download).path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The scanner admits a printed ticket once.
  expect(await scan(admin.request, event.id, order.tickets[0].code)).toBe('admitted');
  expect(await scan(admin.request, event.id, order.tickets[0].code)).toBe('used');

  // Keyboard: the e-mail form is reachable and optional; sending it works.
  const email = `boleteria-${Date.now()}@prueba.local`;
  await admin.getByLabel('E-mail del comprador (opcional)').fill(email);
  await admin.getByRole('button', { name: 'Enviar por e-mail' }).press('Enter');
  await expect(admin.getByRole('status').filter({ hasText: `Enviamos las entradas a ${email}.` })).toBeVisible();
  await waitForMail(admin.request, email, /Tus entradas para/);
  await admin.context().close();
});

test('a refund states amount and method, marks the order, and the buyer gets an e-mail with the amount', async ({
  page,
  browser,
}) => {
  const admin = await asAdmin(browser);
  const { event, type } = await adminEvent(admin.request, 'last');
  const { orderId, email } = await buy(page, event.id, type.id, 2);
  const detail = await openOrder(admin, orderId);
  await detail.getByRole('checkbox').first().check();
  await detail.getByRole('button', { name: 'Reembolsar seleccionadas' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('table', { name: 'Detalle del reembolso' })).toBeVisible();
  await expect(dialog.getByText('MercadoPago, al medio de pago original')).toBeVisible();
  const total = (await dialog.getByTestId('refund-total').textContent())?.trim() ?? '';
  expect(total).toMatch(/^\$\s[\d.]+(,\d{2})?$/);
  await admin.getByLabel('Motivo').fill('No puede asistir');
  await dialog.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await expect(detail.getByTestId('order-status')).toHaveText('Reembolso parcial');
  await expect(detail.getByText('Reembolsada', { exact: true })).toHaveCount(1);

  const mail = await waitForMail(admin.request, email, new RegExp(`^Reembolso de \\${total.replace('.', '\\.')}`));
  expect(mail.html).toContain(total);
  expect(mail.text).toContain('hasta 10 días hábiles');
  await expect(detail.getByText(/E-mail de reembolso enviado a/)).toBeVisible();
  await admin.context().close();
});

test('refunding a ticket already admitted is refused, then done with "ya ingresó: reembolsar igual"', async ({
  page,
  browser,
}) => {
  const admin = await asAdmin(browser);
  const { event, type } = await adminEvent(admin.request, 'last');
  const { orderId } = await buy(page, event.id, type.id, 1);
  const [ticket] = (await orderOf(admin.request, orderId)).tickets;
  expect(await scan(admin.request, event.id, ticket.code)).toBe('admitted');
  await expect.poll(async () => (await orderOf(admin.request, orderId)).tickets[0].status).toBe('used');

  const detail = await openOrder(admin, orderId);
  await expect(detail.getByText('Usada', { exact: false })).toBeVisible();
  await detail.getByRole('button', { name: 'Cancelar y reembolsar todo' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('Ya ingresó', { exact: true })).toBeVisible();
  await admin.getByLabel('Motivo').fill('Se descompuso adentro');
  await dialog.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Alguna de esas entradas ya ingresó al evento. Para reembolsarla igual, confirmá "ya ingresó: reembolsar igual".',
  );
  await dialog.getByRole('checkbox', { name: /ya ingresó: reembolsar igual/ }).check();
  await dialog.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await expect(detail.getByTestId('order-status')).toHaveText('Reembolsada');
  await expect(detail.getByText(/ya ingresó: reembolsar igual/)).toBeVisible();
  await admin.context().close();
});
