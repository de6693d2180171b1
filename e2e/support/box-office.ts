import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A cash box-office sale of `quantity` tickets through the API, as the admin on `request`. Answers the order id. */
export async function boxOfficeSale(request: APIRequestContext, eventId: number, typeId: number, quantity = 1) {
  const sale = await request.post('/api/v1/admin/box-office/sales', {
    data: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity }], method: 'cash' },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  return ((await sale.json()) as { data: { order_id: string } }).data.order_id;
}

/**
 * The admin logged in on `admin` sells `quantity` tickets of a type for cash from the "Venta en boletería"
 * form of /admin/tickets, as a person does, and lands on the receipt ("Venta registrada").
 */
export async function sellAtBoxOffice(admin: Page, eventTitle: string, typeId: number, quantity: number) {
  await admin.goto('/admin/tickets');
  await admin.locator('astro-island[component-url*="admin-orders"]:not([ssr])').waitFor({ state: 'attached' });
  await admin.getByText('Venta en boletería').click();
  const form = admin.getByRole('form', { name: 'Venta en boletería' });
  await form.getByRole('combobox', { name: 'Evento' }).selectOption({ label: eventTitle });
  await expect(form.getByRole('combobox', { name: 'Entrada' }).locator('option')).not.toHaveCount(0);
  await form.getByRole('combobox', { name: 'Entrada' }).selectOption(String(typeId));
  await form.getByLabel('Cantidad').fill(String(quantity));
  await form.getByLabel('Efectivo').check();
  await form.getByRole('button', { name: /Cobrar/ }).click();
  await expect(admin.getByRole('heading', { name: 'Venta registrada' })).toBeVisible();
}
