import type { Browser, BrowserContext, Page } from '@playwright/test';
import { linkTo, SUBJECT, uniqueEmail } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * "Venta con fila": three buyers join the pre-queue in their own browsers; at the opening the draw lets one
 * in, who buys; the others see their place and the people ahead change live; a hold without a pass is
 * refused in Spanish.
 */

const PASSWORD = 'clave-segura-1';

/** A verified account with a DNI of its own (the queue keeps one place per DNI), logged in in its own context. */
async function buyerContext(browser: Browser, baseURL: string, n: number) {
  const context = await browser.newContext({ baseURL });
  const email = uniqueEmail(`fila${n}`);
  const dni = String(50_000_000 + Math.floor(Math.random() * 40_000_000));
  const res = await context.request.post('/api/v1/register', {
    data: {
      name: `Persona Fila ${n}`,
      email,
      password: PASSWORD,
      repeat_password: PASSWORD,
      telefono: '1155556666',
      dni,
      terms_and_conditions: true,
      accept_promotions: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const mail = await waitForMail(context.request, email, SUBJECT.verify);
  const token = new URL(linkTo(mail, '/verify-email')).searchParams.get('token') ?? '';
  expect((await context.request.get(`/api/v1/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(true);
  const page = await context.newPage();
  await loginAs(page, email, PASSWORD);
  return { context, page };
}

test('three buyers queue; at the opening one is admitted and buys, the others move up; no pass, no hold', async ({
  browser,
  page: admin,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await loginAs(admin, DEMO.superadmin);
  const created = await admin.request.post('/dev/checkout/test-event', {
    data: { capacity: 10, price_cents: 0, max_per_order: 2, title: `Show con fila ${Date.now()}` },
  });
  expect(created.ok()).toBe(true);
  const event = (await created.json()) as { event_id: number; ticket_type_id: number };
  const setting = (opensInMs: number) => ({
    opens_at: new Date(Date.now() + opensInMs).toISOString(),
    prequeue_minutes: 30,
    rate_per_minute: 6,
  });
  // The pre-queue opens now (the opening is 10 minutes away); the opening is moved closer once all joined.
  const put = await admin.request.put(`/api/v1/admin/queues/${event.event_id}`, { data: setting(10 * 60_000) });
  expect(put.status(), await put.text()).toBe(200);

  const buyers: { context: BrowserContext; page: Page }[] = [];
  for (let n = 1; n <= 3; n++) buyers.push(await buyerContext(browser, baseURL ?? '', n));

  // The event page shows the countdown instead of the ticket selector.
  const first = buyers[0].page;
  await first.goto(`/eventos/${event.event_id}`);
  const buy = first.locator('#comprar');
  await expect(buy.getByText('Venta con fila')).toBeVisible();
  await expect(buy.getByText(/^Faltan \d+ min \d\d s$/)).toBeVisible();
  await expect(buy.getByRole('button', { name: 'Comprar' })).toHaveCount(0);

  for (const [i, { page }] of buyers.entries()) {
    await page.goto(`/eventos/${event.event_id}`);
    await page.getByRole('link', { name: 'Entrar a la fila' }).click();
    await expect(page).toHaveURL(new RegExp(`/eventos/${event.event_id}/espera$`));
    await page.getByRole('button', { name: 'Entrar a la fila' }).click();
    await expect(page.getByText('Número de pre-fila')).toBeVisible();
    await expect(page.locator('[data-field="prequeue_number"]')).toHaveText(String(i + 1));
  }

  // Before the opening nobody holds, and at any time a hold without a pass gets the Spanish 403.
  const direct = await first.request.post('/api/v1/holds', {
    data: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
  });
  expect(direct.status()).toBe(403);
  expect(((await direct.json()) as { message: string }).message).toBe(
    'Esta venta tiene fila virtual: para comprar necesitás tu turno de la fila.',
  );

  // Opening in 3 seconds: the draw places the three, and the first place is let in at once.
  expect((await admin.request.put(`/api/v1/admin/queues/${event.event_id}`, { data: setting(3000) })).status()).toBe(
    200,
  );
  const turnOf = (page: Page) => page.getByText('¡Es tu turno!');
  let admitted = -1;
  await expect
    .poll(
      async () => {
        for (const [i, { page }] of buyers.entries()) if (await turnOf(page).isVisible()) admitted = i;
        return admitted;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(0);
  const waiting = buyers.filter((_, i) => i !== admitted).map((b) => b.page);
  const aheadOf = (page: Page) => page.locator('[data-field="ahead"]');
  await Promise.all(waiting.map((page) => expect(aheadOf(page)).toBeVisible()));
  const before = await Promise.all(waiting.map(async (page) => Number(await aheadOf(page).textContent())));
  expect([...before].sort()).toEqual([0, 1]);
  const last = waiting[before.indexOf(1)];

  // The admitted buyer picks a ticket on the wait page and buys (free tickets: no payment).
  const winner = buyers[admitted].page;
  await winner.getByRole('button', { name: 'Agregar una entrada General' }).click();
  await winner.getByRole('button', { name: 'Comprar' }).click();
  await expect(winner).toHaveURL(/\/checkout\?order=/);
  await winner.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
  await winner.getByRole('checkbox', { name: /Acepto los términos/ }).check();
  await winner.getByRole('button', { name: 'Confirmar entradas' }).click();
  await expect(winner.getByRole('heading', { name: '¡Compra confirmada!' })).toBeVisible();

  // At 6 a minute the next place comes in about 10 s later: the last one sees the people ahead go 1 → 0.
  await expect(aheadOf(last)).toHaveText('0', { timeout: 30_000 });

  // The proof page shows the committed hash and the revealed seed, and recomputes a place.
  await first.goto(`/eventos/${event.event_id}/fila`);
  await expect(first.getByText('La huella de esta semilla coincide con la publicada.')).toBeVisible();
  await first.getByLabel('Número de pre-fila').fill('1');
  await first.getByRole('button', { name: 'Calcular mi lugar' }).click();
  await expect(first.getByText(/^El número de pre-fila 1 recibió el lugar [123] de la fila\.$/)).toBeVisible();

  for (const b of buyers) await b.context.close();
});
