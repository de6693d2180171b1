import { expect, type Page } from '@playwright/test';

/**
 * The buyer logged in on `page` reserves `quantity` tickets of a type at the checkout and pays them in the
 * MercadoPago sandbox ("Aprobar"), as a person does. Answers the order id.
 */
export async function buyAndPay(page: Page, eventId: number, typeId: number, quantity = 1) {
  await page.goto(`/checkout?event=${eventId}&items=${typeId}:${quantity}`);
  await page.getByRole('button', { name: 'Reservar entradas' }).click();
  await page.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await page.getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByRole('heading', { name: '¡Compra confirmada!' })).toBeVisible();
  return orderId;
}
