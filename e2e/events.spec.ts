import { expect, test } from '@playwright/test';
import { submitLogin } from './support/accounts';
import { DEMO, DEMO_PASSWORD, loginAs } from './support/session';

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
    await expect(tickets.first().getByRole('row', { name: /Abono un día \$ 35\.000/ })).toBeVisible();
    await expect(tickets.first().getByRole('row', { name: /Abono dos días \$ 60\.000/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
      'href',
      /google\.com\/maps\/search/,
    );

    // The selector's script marks it ready once it has taken over the server-rendered markup.
    await expect(page.locator('ticket-selector')).toHaveAttribute('data-ready', '1');
    await page.getByRole('button', { name: 'Agregar una entrada Abono un día' }).click();
    // "Comprar" posts the selection; a visitor is sent to log in first and comes back to the same selection.
    await page.getByRole('button', { name: 'Comprar' }).click();
    const dialog = page.getByRole('dialog', { name: /ingresar/i });
    await expect(dialog).toBeVisible();
    await submitLogin(page, DEMO.usuario, DEMO_PASSWORD);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/checkout' && /^\d+:1$/.test(url.searchParams.get('items') ?? ''),
    );
    await expect(page.getByRole('button', { name: 'Reservar entradas' })).toBeVisible();
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
  await expect(page.getByRole('row', { name: /General \$ 15\.000 Disponible/ })).toBeVisible();
});

test('a visitor sees a new price at once, even with the page in the edge cache', async ({ page, browser }) => {
  const visitor = await browser.newPage();
  const list = await visitor.request.get('/api/v1/events?q=Stand-up');
  const { data } = (await list.json()) as { data: { id: number; title: string }[] };
  const event = data.find((e) => e.title === 'Noche de Stand-up')!;
  await visitor.goto(`/eventos/${event.id}`);
  await expect(visitor.getByRole('row', { name: /General \$ 14\.000/ })).toBeVisible();
  const again = await visitor.request.get(`/eventos/${event.id}`);
  expect(again.headers()['cache-control']).toBe('public, no-cache');
  expect(again.headers().etag).toBeTruthy();
  expect(again.headers()['x-edge-cache']).toBe('HIT');

  // The producer (superadmin here, who may edit any event) raises the price through the API.
  await loginAs(page, DEMO.superadmin);
  const managed = await (await page.request.get(`/api/v1/admin/events/${event.id}`)).json();
  managed.data.dates[0].ticket_types[0].price_cents = 1_650_000;
  const put = await page.request.put(`/api/v1/admin/events/${event.id}`, { data: managed.data });
  expect(put.status()).toBe(200);

  const fresh = await visitor.request.get(`/eventos/${event.id}`, {
    headers: { 'if-none-match': again.headers().etag },
  });
  expect(fresh.status()).toBe(200);
  expect(fresh.headers()['x-edge-cache']).toBeUndefined();
  await visitor.reload();
  await expect(visitor.getByRole('row', { name: /General \$ 16\.500/ })).toBeVisible();
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

test('the wizard shows the API validation messages in Spanish and pages are private when signed in', async ({
  page,
}) => {
  await loginAs(page, DEMO.admin);
  const publicPage = await page.request.get('/eventos');
  expect(publicPage.headers()['cache-control']).toBe('private, no-store');
  await page.goto('/nuevo');
  await page.getByLabel('Título').fill('ab');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('El título debe tener al menos 3 caracteres').first()).toBeVisible();
  await expect(page.getByText('Elegí la categoría del evento')).toBeVisible();
});
