import type { APIRequestContext, Page } from '@playwright/test';
import { reserveFromEventPage } from './support/checkout';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

type TicketType = { id: number; name: string; price_cents: number; named: boolean; remaining: number };
type PublicEvent = { id: number; title: string; dates: { ticket_types: TicketType[] }[] };

/** A demo event (from the events seed) with a ticket type that fits: paid or free, not named. */
async function demoTicket(request: APIRequestContext, free: boolean) {
  const list = (await (await request.get('/api/v1/events?limit=50')).json()) as { data: { id: number }[] };
  for (const { id } of list.data) {
    const event = ((await (await request.get(`/api/v1/events/${id}`)).json()) as { data: PublicEvent }).data;
    const type = event.dates
      .flatMap((d) => d.ticket_types)
      .find((t) => !t.named && t.remaining >= 10 && (free ? t.price_cents === 0 : t.price_cents > 0));
    if (type) return { event, type };
  }
  throw new Error(`No demo event with a ${free ? 'free' : 'paid'} ticket type`);
}

/**
 * Opens the checkout for `quantity` tickets (the selection page, then "Reservar entradas", which holds them)
 * and waits until the form is interactive. Answers the new order's id.
 */
async function openCheckout(page: Page, eventId: number, typeId: number, quantity: number) {
  await page.goto(`/checkout?event=${eventId}&items=${typeId}:${quantity}`);
  await page.getByRole('button', { name: 'Reservar entradas' }).click();
  await expect(page).toHaveURL(/\/checkout\?order=/);
  await expect(page.getByRole('heading', { name: 'Finalizar compra' })).toBeVisible();
  await page.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
  return new URL(page.url()).searchParams.get('order') ?? '';
}

async function payWith(page: Page, button: 'Aprobar' | 'Rechazar' | 'Dejar pendiente') {
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await page.getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
  await expect(page.getByRole('heading', { name: 'Pagar compra' })).toBeVisible();
  await page.getByRole('button', { name: button }).click();
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, DEMO.usuario);
});

test('usuario buys 2 tickets, approves in MercadoPago and gets them by e-mail and in Mis tickets', async ({ page }) => {
  const { event, type } = await demoTicket(page.request, false);
  await openCheckout(page, event.id, type.id, 2);
  // Buyer data comes from the profile; the breakdown shows the service charge.
  await expect(page.getByLabel('Correo')).toHaveValue(DEMO.usuario);
  await expect(page.getByText('Cargo por servicio')).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/\d\d:\d\d/);
  await payWith(page, 'Aprobar');

  await expect(page).toHaveURL(/\/payment\/success\?/);
  await expect(page.getByRole('heading', { name: '¡Compra confirmada!' })).toBeVisible();
  const mail = await waitForMail(page.request, DEMO.usuario, new RegExp(`Tus entradas para ${event.title}`));
  expect(mail.html.match(/data:image\/gif;base64/g)).toHaveLength(2);

  await page.getByRole('link', { name: 'Ver mis tickets' }).click();
  await expect(page).toHaveURL(/\/mis-tickets/);
  const section = page.getByRole('region', { name: event.title });
  await expect(section.getByRole('img', { name: /Código QR de la entrada/ })).toHaveCount(2);
  await expect(section.getByText('Válida', { exact: true })).toHaveCount(2);
  await expect(section.getByRole('link', { name: 'Agregar al calendario' })).toHaveCount(2);
});

test('a rejected payment shows the failure page and releases the tickets', async ({ page }) => {
  const { event, type } = await demoTicket(page.request, false);
  await openCheckout(page, event.id, type.id, 1);
  await payWith(page, 'Rechazar');
  await expect(page).toHaveURL(/\/payment\/failure\?/);
  await expect(page.getByRole('heading', { name: 'El pago fue rechazado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Intentar de nuevo' })).toBeVisible();
});

test('a pending cash payment shows the pending page and keeps the reservation', async ({ page }) => {
  const { event, type } = await demoTicket(page.request, false);
  await openCheckout(page, event.id, type.id, 1);
  await payWith(page, 'Dejar pendiente');
  await expect(page).toHaveURL(/\/payment\/pending\?/);
  await expect(page.getByRole('heading', { name: 'Pago pendiente' })).toBeVisible();
  await expect(page.getByText(/Guardamos tus entradas hasta el/)).toBeVisible();
});

test('a hold that expires puts the tickets back on sale', async ({ page }) => {
  const { event, type } = await demoTicket(page.request, false);
  const availability = async () => {
    const res = await page.request.get(`/api/v1/holds/availability?event_id=${event.id}`);
    const { data } = (await res.json()) as { data: { typeId: number; held: number; available: number }[] };
    return data.find((t) => t.typeId === type.id)!;
  };
  const orderId = await openCheckout(page, event.id, type.id, 3);
  const during = await availability();
  // Time passes: the hold is made to run out in one second and the inventory's alarm releases it.
  await page.request.post('/dev/checkout/expire-hold', { data: { order_id: orderId, ms: 1000 } });
  await expect.poll(async () => (await availability()).available, { timeout: 10_000 }).toBe(during.available + 3);
  await page.reload();
  await expect(page.getByText('Esta reserva ya no está activa.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reservar de nuevo' })).toBeVisible();
});

test('free tickets are issued without payment', async ({ page }) => {
  const { event, type } = await demoTicket(page.request, true);
  await openCheckout(page, event.id, type.id, 1);
  await expect(page.getByTestId('order-total')).toHaveText('Gratis');
  await page.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await page.getByRole('button', { name: 'Confirmar entradas' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?order=/);
  await expect(page.getByRole('heading', { name: '¡Compra confirmada!' })).toBeVisible();
  await page.goto('/mis-tickets');
  await expect(page.getByRole('region', { name: event.title }).getByRole('img', { name: /Código QR/ })).toHaveCount(1);
});

test('the event page reserves with a POST; a cross-site GET /checkout never touches the live hold', async ({
  page,
}) => {
  const { event, type } = await demoTicket(page.request, false);
  const orderOf = async (id: string) =>
    ((await (await page.request.get(`/api/v1/orders/${id}`)).json()) as { data: { status: string } }).data.status;
  const available = async () => {
    const res = await page.request.get(`/api/v1/holds/availability?event_id=${event.id}`);
    return ((await res.json()) as { data: { typeId: number; available: number }[] }).data.find(
      (t) => t.typeId === type.id,
    )!.available;
  };

  // The buyer picks 2 on the event page and buys: one POST, then the read-only /checkout?order=.
  await page.goto(`/eventos/${event.id}`);
  await expect(page.locator('ticket-selector')).toHaveAttribute('data-ready', '1');
  const add = page.getByRole('button', { name: `Agregar una entrada ${type.name}` }).first();
  const orderId = await reserveFromEventPage(page, add, 2);
  expect(await orderOf(orderId)).toBe('held');
  const before = await available();

  // A link from another site (cookies go along with top-level GETs) only shows a selection to confirm.
  await page.goto(`/checkout?event=${event.id}&items=${type.id}:1`, { referer: 'https://otro-sitio.invalid/' });
  await expect(page.getByRole('button', { name: 'Reservar entradas' })).toBeVisible();
  expect(await orderOf(orderId)).toBe('held');
  expect(await available()).toBe(before);

  // A cross-site POST is refused before it reaches the page.
  const forged = await page.request.post('/checkout', {
    headers: { origin: 'https://otro-sitio.invalid' },
    form: { event: String(event.id), items: `${type.id}:1` },
  });
  expect(forged.status()).toBe(403);
  expect(await orderOf(orderId)).toBe('held');
  expect(await available()).toBe(before);
});
