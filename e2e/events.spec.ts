import type { APIRequestContext } from '@playwright/test';
import { loginForm, submitLogin } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { boxOfficeSale } from './support/box-office';
import { DEMO, DEMO_PASSWORD, loginAs } from './support/session';
import { expect, test } from './support/test';

/** A datetime-local value `days` from now at 21:00. */
function inDays(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T21:00`;
}

test.describe('public catalogue', () => {
  test('browses the index, filters by province and opens an event with its ticket types', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Próximos eventos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Destacados' })).toBeVisible();

    await page.goto('/eventos');
    await page.getByLabel('Provincia').selectOption({ label: 'Mendoza' });
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/provincia=13/);
    await expect(page.getByRole('heading', { name: 'Eventos en Mendoza' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Festival Vendimia Rock' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fiesta Retro 90s' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Festival Vendimia Rock' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Festival Vendimia Rock' })).toBeVisible();
    const tickets = page.getByRole('table');
    await expect(tickets.first().getByRole('row', { name: /Abono un día \$\s35\.000/ })).toBeVisible();
    await expect(tickets.first().getByRole('row', { name: /Abono dos días \$\s60\.000/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
      'href',
      /google\.com\/maps\/search/,
    );

    // The selector's script marks it ready once it has taken over the server-rendered markup.
    await expect(page.locator('ticket-selector')).toHaveAttribute('data-ready', '1');
    // Fees up front: each paid type shows its total with the service charge before anything is chosen.
    const row = page.locator('ticket-selector [data-ticket]').filter({ hasText: 'Abono un día' }).first();
    const shown = (await row.locator('[data-ticket-total]').textContent()) ?? '';
    const [, total, fee] = /^Total (\$\s[\d.,]+) \(incluye (\$\s[\d.,]+) de cargo por servicio\)$/.exec(shown) ?? [];
    expect(total, `the event page shows "${shown}"`).toBeTruthy();
    expect(fee).not.toMatch(/^\$\s0$/);
    await page.getByRole('button', { name: 'Agregar una entrada Abono un día' }).click();
    await expect(page.locator('ticket-selector [data-total]')).toHaveText(total);

    // A visitor's "Comprar" opens the login dialog on the event page itself; once logged in, the same
    // selection goes straight to the checkout (no confirmation step), charged what the page showed.
    const eventUrl = page.url();
    await page.getByRole('button', { name: 'Comprar' }).click();
    const dialog = loginForm(page);
    await expect(dialog).toBeVisible();
    expect(page.url()).toBe(eventUrl);
    await submitLogin(page, DEMO.usuario, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/checkout\?order=/);
    await expect(page.getByRole('button', { name: 'Reservar entradas' })).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText(total);
    await expect(page.getByRole('region', { name: 'Resumen de la compra' })).toContainText(fee);
    // The reservation is released, so the other tests find the stock they expect.
    await page.locator('astro-island[component-url*="checkout-form"]:not([ssr])').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Cancelar reserva' }).click();
    await expect(page).toHaveURL(eventUrl);
  });

  test('shows sold-out and last-tickets availability', async ({ page }) => {
    await page.goto('/eventos?q=Fuegos');
    await page.getByRole('link', { name: 'Los Fuegos del Sur en vivo' }).click();
    await expect(page.getByRole('row', { name: /VIP .* Agotado/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Platea .* Últimas entradas/ })).toBeVisible();
  });
});

test('a user creates an event, becomes its admin, a superadmin approves it and it goes public', async ({ page }) => {
  const title = `Recital de prueba ${Date.now()}`;
  await loginAs(page, DEMO.usuario);
  await page.goto('/nuevo');

  await page.getByLabel('Nombre de tu productora').fill('Productora de Ulises');
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Categoría').selectOption('Música');
  await page.getByLabel('Descripción').fill('Un recital **inolvidable**.\n\nCon invitados.');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await page.getByLabel('Nombre del lugar').fill('Teatro El Círculo');
  await page.getByLabel('Dirección').fill('Laprida 1223');
  await page.getByLabel('Ciudad').fill('Rosario');
  await page.getByLabel('Provincia').selectOption({ label: 'Santa Fe' });
  await page.getByLabel('Inicio de la función 1').fill(inDays(20));
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await page.getByLabel('Precio ($)').fill('15.000');
  await page.getByLabel('Capacidad').fill('300');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('General: $ 15.000 · 300 lugares')).toBeVisible();

  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('Permisos actualizados')).toBeVisible();
  await expect(page).toHaveURL(/\/nuevo\?id=\d+/);

  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByText('En revisión')).toBeVisible();
  // State-aware actions: an event in review cannot be unpublished; cancelling is last and destructive.
  await row.getByRole('button', { name: `Más acciones de ${title}` }).click();
  await expect(row.getByRole('button', { name: 'Despublicar' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Cancelar evento' })).toHaveClass(/text-error/);
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: 'Cancelar evento' })).toBeHidden();

  await page.context().clearCookies();
  await loginAs(page, DEMO.superadmin);
  await page.goto('/admin/events?tab=revision');
  const pending = page.getByRole('row', { name: new RegExp(title) });
  await pending.getByRole('button', { name: 'Aprobar' }).click();
  await page.getByRole('dialog', { name: 'Aprobar evento' }).getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Evento aprobado y publicado')).toBeVisible();

  await page.context().clearCookies();
  await page.goto(`/eventos?q=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('row', { name: /General \$\s15\.000 .*Disponible/ })).toBeVisible();
});

type PublicEventAnswer = {
  data: { id: number; dates: { ticket_types: { id: number; price_cents: number; remaining: number }[] }[] };
};

/** A demo event as the provider answers it, found by its title. */
async function publicEvent(request: APIRequestContext, title: string) {
  const list = await request.get(`/api/v1/events?q=${encodeURIComponent(title)}`);
  const { data } = (await list.json()) as { data: { id: number; title: string }[] };
  const id = data.find((e) => e.title === title)!.id;
  return ((await (await request.get(`/api/v1/events/${id}`)).json()) as PublicEventAnswer).data;
}

/** "General $ 14.000" as the ticket table's row reads (a price in cents). */
const generalRow = (cents: number) =>
  new RegExp(`General \\$\\s${(cents / 100).toLocaleString('es-AR').replace(/\./g, '\\.')}(?!\\d)`);

test('a visitor sees a new price at once, even with the page in the edge cache', async ({ page, browser }) => {
  const visitor = await browser.newPage();
  // The price as it is now: a repeated run finds the one the run before it set.
  const event = await publicEvent(visitor.request, 'Noche de Stand-up');
  const price = event.dates[0].ticket_types[0].price_cents;
  await visitor.goto(`/eventos/${event.id}`);
  await expect(visitor.getByRole('row', { name: generalRow(price) })).toBeVisible();
  const again = await visitor.request.get(`/eventos/${event.id}`);
  expect(again.headers()['cache-control']).toBe('public, no-cache');
  expect(again.headers().etag).toBeTruthy();
  expect(again.headers()['x-edge-cache']).toBe('HIT');

  // The producer (superadmin here, who may edit any event) raises the price through the API.
  await loginAs(page, DEMO.superadmin);
  const managed = await (await page.request.get(`/api/v1/admin/events/${event.id}`)).json();
  managed.data.dates[0].ticket_types[0].price_cents = price + 250_000;
  const put = await page.request.put(`/api/v1/admin/events/${event.id}`, { data: managed.data });
  expect(put.status()).toBe(200);

  const fresh = await visitor.request.get(`/eventos/${event.id}`, {
    headers: { 'if-none-match': again.headers().etag },
  });
  expect(fresh.status()).toBe(200);
  expect(fresh.headers()['x-edge-cache']).toBeUndefined();
  await visitor.reload();
  await expect(visitor.getByRole('row', { name: generalRow(price + 250_000) })).toBeVisible();
});

test('another event selling between two visits leaves an event page in the edge cache', async ({ page, browser }) => {
  const visitor = await browser.newPage();
  const event = await publicEvent(visitor.request, 'Noche de Stand-up');
  await visitor.request.get(`/eventos/${event.id}`);
  const cached = await visitor.request.get(`/eventos/${event.id}`);
  expect(cached.headers()['x-edge-cache']).toBe('HIT');

  // Another producer's event sells a ticket at its box office, and its stock reaches the database's mirror.
  await loginAs(page, DEMO.admin);
  const other = await publicEvent(page.request, 'Los Fuegos del Sur en vivo');
  const type = other.dates[0].ticket_types[0];
  await boxOfficeSale(page.request, other.id, type.id, 1);
  await expect
    .poll(
      async () => (await publicEvent(visitor.request, 'Los Fuegos del Sur en vivo')).dates[0].ticket_types[0].remaining,
    )
    .toBe(type.remaining - 1);

  // The stand-up's page did not change: it is still served from the edge cache, the same page.
  const after = await visitor.request.get(`/eventos/${event.id}`);
  expect(after.headers()['x-edge-cache']).toBe('HIT');
  expect(after.headers().etag).toBe(cached.headers().etag);
});

test('a collaborator sees the producer events without management actions', async ({ page }) => {
  await loginAs(page, DEMO.colaborador);
  await page.goto('/admin/events');
  const row = page.getByRole('row', { name: /Los Fuegos del Sur en vivo/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'Ver' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Festival Vendimia Rock/ })).toHaveCount(0);
});

test('the cancel-event dialog says how many tickets are sold and that buyers get their money back', async ({
  page,
}) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/admin/events');
  const row = page.getByRole('row', { name: /Los Fuegos del Sur en vivo/ });
  const sold = Number(/(\d+) \/ \d+/.exec((await row.getByRole('cell').nth(4).textContent()) ?? '')?.[1]);
  expect(sold).toBeGreaterThan(0);
  await row.getByRole('button', { name: 'Más acciones de Los Fuegos del Sur en vivo' }).click();
  await row.getByRole('button', { name: 'Cancelar evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar evento' });
  await expect(dialog).toContainText(`${sold.toLocaleString('es-AR')} entradas vendidas`);
  await expect(dialog).toContainText('les devolvemos automáticamente el importe completo, cargo por servicio incluido');
  await expect(dialog.getByRole('button', { name: 'Cancelar evento' })).toHaveClass(/btn-error/);
  // Without a reason nothing happens; "Volver" leaves the event as it was.
  await dialog.getByRole('button', { name: 'Cancelar evento' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Escribí el motivo.');
  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Publicado')).toBeVisible();
});

test('the wizard shows the API validation messages in Spanish and pages are private when signed in', async ({
  page,
}) => {
  await loginAs(page, DEMO.admin);
  const publicPage = await page.request.get('/eventos');
  expect(publicPage.headers()['cache-control']).toBe('private, no-store');
  // Typed into the hydrated wizard: text typed into the server-rendered form is reset when the island hydrates.
  await page.goto('/nuevo');
  await page.getByLabel('Título').fill('ab');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('El título debe tener al menos 3 caracteres').first()).toBeVisible();
  await expect(page.getByText('Elegí la categoría del evento')).toBeVisible();
});

test('the wizard checks each step, marks the step with errors and focuses the first one', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/nuevo');
  // Staff build events inside the back office.
  await expect(page.getByRole('navigation', { name: 'Navegación inferior' }).or(page.locator('aside'))).not.toHaveCount(
    0,
  );
  await expect(page.getByRole('navigation', { name: 'Barra inferior' })).toHaveCount(0);
  const steps = page.getByRole('list', { name: 'Pasos' });

  // Nothing filled: "Siguiente" stays on the first step, marks it and puts focus on the title.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(steps.getByRole('button', { name: 'Datos básicos (tiene errores)' })).toBeVisible();
  await expect(page.getByLabel('Título')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Revisá los campos marcados en "Datos básicos"');

  // The preview cannot be reached by skipping ahead either.
  await steps.getByRole('button', { name: /Vista previa/ }).click();
  await expect(page.getByLabel('Título')).toBeFocused();

  // Once the step is right, the next one opens and is announced.
  await page.getByLabel('Título').fill('Recital de validación');
  await page.getByLabel('Categoría').selectOption('Música');
  await page.getByLabel('Descripción').fill('Un recital.');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: 'Paso 2 de 5: Fechas y lugar' })).toBeFocused();
  await expect(steps.getByRole('button', { name: /tiene errores/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(steps.getByRole('button', { name: 'Fechas y lugar (tiene errores)' })).toBeVisible();
  await expect(page.getByLabel('Nombre del lugar')).toBeFocused();
});

test('a keyboard-only producer moves across the Eventos tabs with the arrows, Home and End', async ({ page }) => {
  await loginAs(page, DEMO.superadmin);
  await page.goto('/admin/events');
  await page.locator('astro-island[component-url*="admin-events"]:not([ssr])').waitFor({ state: 'attached' });
  const tabs = page.getByRole('tablist', { name: 'Vistas de eventos' }).getByRole('tab');
  // The superadmin's three views ("Productora" shows once its producers are loaded).
  const labels = ['Eventos', 'En revisión', 'Productora'];
  await expect(tabs).toHaveText(labels);
  const last = labels.length - 1;
  const isFocused = (i: number) => tabs.nth(i).evaluate((el) => el === document.activeElement);
  // Only the selected tab is in the Tab order: Tab from the top of the page reaches it, and no other tab.
  for (let n = 0; n < 40 && !(await isFocused(0)); n++) await page.keyboard.press('Tab');
  await expect(tabs.nth(0)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('tabindex', '-1');
  const panel = (i: number) => page.getByRole('tabpanel', { name: labels[i] });
  await expect(panel(0)).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
  await expect(panel(1)).toBeVisible();
  await page.keyboard.press('End');
  await expect(tabs.nth(last)).toBeFocused();
  await expect(panel(last)).toBeVisible();
  // The arrows wrap around; Home goes to the first.
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(0)).toBeFocused();
  await expect(panel(0)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(last)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.nth(0)).toBeFocused();
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expectNoSeriousA11yViolations(page, 'the Eventos tabs');
  // Tab leaves the tab list for what follows it, not for the next tab.
  await page.keyboard.press('Tab');
  await expect(tabs.nth(0)).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role') ?? null)).not.toBe('tab');
});
