import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerifiedUser } from './support/accounts';
import { adminEvent } from './support/admin-event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * The embeddable checkout (issue 34): a producer's page on another origin (a tiny static server of this test,
 * on 127.0.0.1 while Boletería is on localhost) embeds an event with the snippet; a buyer picks tickets in the
 * frame, buys in the window it opens (top level: login and MercadoPago refuse frames), pays in the MercadoPago
 * sandbox, and the host page hears `boleteria:order_completed`.
 */

/** Serves one HTML page; answers its origin. The test owns it and closes it. */
async function hostPage(html: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('a page on another origin embeds the ticket selector; a buyer buys through it and the page hears the order', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await loginAs(adminPage, DEMO.admin);
  const { event, type } = await adminEvent(adminPage.request);
  await admin.close();

  const { server, origin } = await hostPage(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Productora de prueba</title></head>
<body>
  <h1>Nuestra fecha</h1>
  <script src="${baseURL}/embed.js" data-event="${event.id}" async></script>
  <p id="completed">sin compras</p>
  <script>
    document.addEventListener('boleteria:order_completed', (e) => {
      document.getElementById('completed').textContent = 'orden ' + e.detail.orderId + ' del evento ' + e.detail.eventId;
    });
  </script>
</body></html>`);
  try {
    // Only the embed may be framed: every other page refuses, the embed allows any site.
    const framed = await page.request.get(`/embed/eventos/${event.id}`);
    expect(framed.headers()['x-frame-options']).toBeUndefined();
    expect(framed.headers()['content-security-policy']).toContain('frame-ancestors http: https:');
    const eventPage = await page.request.get(`/eventos/${event.id}`);
    expect(eventPage.headers()['x-frame-options']).toBe('DENY');
    expect(eventPage.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    const buyer = await createVerifiedUser(page.request, 'embebido');
    await loginAs(page, buyer.email, buyer.password);
    await page.goto(origin);
    const frameElement = page.locator('iframe[title="Entradas"]');
    await expect(frameElement).toBeVisible();
    const frame = page.frameLocator('iframe[title="Entradas"]');
    await frame.getByRole('button', { name: `Agregar una entrada ${type.name}` }).click();
    // The frame grew to its content (its own message, checked by the loader).
    await expect.poll(() => frameElement.evaluate((el) => (el as HTMLIFrameElement).style.height)).not.toBe('420px');

    const opened = context.waitForEvent('page');
    await frame.getByRole('button', { name: 'Comprar' }).click();
    const purchase = await opened;
    // The purchase runs at the top level, on Boletería's own origin.
    await purchase.waitForURL(/\/checkout\?order=/);
    expect(new URL(purchase.url()).origin).toBe(new URL(baseURL ?? '').origin);
    const orderId = new URL(purchase.url()).searchParams.get('order') ?? '';
    await purchase.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
    await purchase.getByRole('checkbox', { name: /Acepto los términos/ }).check();
    await purchase.getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
    await purchase.getByRole('button', { name: 'Aprobar' }).click();
    await expect(purchase.getByRole('heading', { name: '¡Compra confirmada!' })).toBeVisible();

    await expect(page.locator('#completed')).toHaveText(`orden ${orderId} del evento ${event.id}`);
    await expect(frame.getByText('¡Listo! Tu compra está pagada.')).toBeVisible();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('the event page offers the snippet in its Compartir menu; the embedded selector passes axe', async ({
  page,
  browser,
}) => {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await loginAs(adminPage, DEMO.admin);
  const { event } = await adminEvent(adminPage.request);
  await admin.close();
  await page.goto(`/eventos/${event.id}`);
  await page.getByText('Insertar en tu sitio').click();
  const snippet = page.getByLabel('Código para insertar');
  await expect(snippet).toHaveValue(
    new RegExp(`<script src="http://localhost:\\d+/embed.js" data-event="${event.id}" async></script>`),
  );
  await page.goto(`/embed/eventos/${event.id}`);
  await expectNoSeriousA11yViolations(page, 'embed');
});

test("a seated event's embed sends the buyer to the event page's seat map, in a window of its own", async ({
  page,
}) => {
  const events = (await (await page.request.get('/api/v1/events')).json()) as { data: { id: number }[] };
  let seatedId: number | null = null;
  for (const { id } of events.data) {
    if ((await page.request.get(`/api/v1/holds/seats?event_id=${id}`)).ok()) {
      seatedId = id;
      break;
    }
  }
  expect(seatedId, 'the demo sells a seated event').not.toBeNull();
  await page.goto(`/embed/eventos/${seatedId}`);
  const link = page.getByRole('link', { name: 'Elegí tus butacas en Boletería' });
  await expect(link).toHaveAttribute('href', `/eventos/${seatedId}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expectNoSeriousA11yViolations(page, 'a seated event embedded');
});
