import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * On a checkout page with a live hold: waits for the form's island (a tick before hydration is lost), accepts
 * the terms and pays in the MercadoPago sandbox ("Aprobar"), as a person does. Answers the order id.
 */
export async function payAtCheckout(page: Page) {
  await page.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await page.getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByRole('heading', { name: '¡Compra confirmada!' })).toBeVisible();
  return orderId;
}

/**
 * The buyer logged in on `page` reserves `quantity` tickets of a type at the checkout and pays them in the
 * MercadoPago sandbox. `checkoutHeading` first checks that the checkout page shows "Finalizar compra".
 * Answers the order id.
 */
export async function buyAndPay(
  page: Page,
  eventId: number,
  typeId: number,
  quantity = 1,
  opts: { checkoutHeading?: boolean } = {},
) {
  await page.goto(`/checkout?event=${eventId}&items=${typeId}:${quantity}`);
  if (opts.checkoutHeading) await expect(page.getByRole('heading', { name: 'Finalizar compra' })).toBeVisible();
  // GET /checkout only shows the selection; the hold is made with a POST.
  await page.getByRole('button', { name: 'Reservar entradas' }).click();
  return payAtCheckout(page);
}

/**
 * On an event page: taps `add` `times` (the ticket selector must be live) and "Comprar", which reserves with a
 * POST and lands on the read-only /checkout?order=. Answers the order id.
 */
export async function reserveFromEventPage(page: Page, add: Locator, times = 1) {
  for (let i = 0; i < times; i++) await add.click();
  await page.getByRole('button', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/\/checkout\?order=/);
  return new URL(page.url()).searchParams.get('order') ?? '';
}

/** A buyer's order as GET /orders/:id answers it to the person logged in on `request` (the fields specs read). */
export type BuyerOrder = {
  status: string;
  promo_code: string;
  discount_cents: number;
  subtotal_cents: number;
  total_cents: number;
  items: { ticket_type_id: number; quantity: number }[];
};

export async function buyerOrder(request: APIRequestContext, orderId: string) {
  return ((await (await request.get(`/api/v1/orders/${orderId}`)).json()) as { data: BuyerOrder }).data;
}
