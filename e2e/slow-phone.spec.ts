import type { APIRequestContext } from '@playwright/test';
import { createVerifiedUser, loginForm, newUser, registerForm, SUBJECT } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 31, "teléfono lento" (playwright.config.ts runs this file with CPU 6× and a slow mobile network, on a
 * phone's screen). A person taps and types as soon as a control shows: these tests never wait for an island
 * to come alive. Each checks that the first tap did something and that nothing typed or ticked was lost.
 * Every page they visit is also watched for React hydration errors (support/test.ts).
 */

let dniCounter = Date.now() % 10_000_000;
const uniqueDni = () => String(20_000_000 + (dniCounter++ % 70_000_000)).padStart(8, '0');

/** A demo event with a paid (or free) ticket type anyone may buy, with room. */
async function demoTicket(request: APIRequestContext, free: boolean) {
  const list = (await (await request.get('/api/v1/events?limit=50')).json()) as { data: { id: number }[] };
  for (const { id } of list.data) {
    const event = (
      (await (await request.get(`/api/v1/events/${id}`)).json()) as {
        data: {
          id: number;
          title: string;
          dates: {
            ticket_types: { id: number; name: string; price_cents: number; named: boolean; remaining: number }[];
          }[];
        };
      }
    ).data;
    const type = event.dates
      .flatMap((d) => d.ticket_types)
      .find((t) => !t.named && t.remaining >= 10 && (free ? t.price_cents === 0 : t.price_cents > 0));
    if (type) return { event, type };
  }
  throw new Error('No demo event with such a ticket type');
}

test('logs in through the navigation menu: the first taps open the menu and the login form', async ({
  page,
  request,
}) => {
  // Made through a request context of its own: verifying an e-mail logs that context in.
  const user = await createVerifiedUser(request, 'lento-login', uniqueDni());
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Iniciar Sesión' }).click();
  const form = loginForm(page);
  await expect(form).toBeVisible();
  await form.getByLabel('Correo electrónico').fill(user.email);
  await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('navigation', { name: 'Barra inferior' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Barra inferior' }).getByRole('button', { name: 'Perfil' }).click();
  await expect(page.getByRole('link', { name: 'Mis tickets' }).last()).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'user-data')?.value).toContain(encodeURIComponent(user.email).slice(0, 10));
});

test('registers: every field typed at once is kept and the first tap on "Registrarme" registers', async ({ page }) => {
  const user = newUser('lento-registro');
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Registrarse' }).click();
  const form = registerForm(page);
  await expect(form).toBeVisible();
  const dni = uniqueDni();
  await form.getByLabel('Nombre completo').fill(user.name);
  await form.getByLabel('DNI').fill(dni);
  await form.getByLabel('Correo electrónico').fill(user.email);
  await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await form.getByLabel('Repetir contraseña').fill(user.password);
  await form.getByLabel('Teléfono').fill('1155556666');
  await form.getByRole('checkbox', { name: /Acepto los/ }).check();
  // Nothing typed before the form was live was lost: the button is enabled only for a complete, valid form.
  await form.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('Registro exitoso, verifique su correo')).toBeVisible();
  const mail = await waitForMail(page.request, user.email, SUBJECT.verify);
  expect(mail.links.length).toBeGreaterThan(0);
});

test('buys: "+" and "Comprar" at once, the terms ticked and the phone corrected at once, then pays', async ({
  page,
}) => {
  const user = await createVerifiedUser(page.request, 'lento-compra', uniqueDni());
  await loginAs(page, user.email, user.password);
  const { event, type } = await demoTicket(page.request, false);
  await page.goto(`/eventos/${event.id}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: `Agregar una entrada ${type.name}` }).click();
  await page.getByRole('button', { name: 'Comprar' }).and(page.locator(':enabled')).click();

  await expect(page).toHaveURL(/\/checkout\?order=/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const terms = page.getByRole('checkbox', { name: /Acepto los términos/ });
  await terms.check();
  await page.getByLabel('Teléfono').fill('1199998888');
  await page.getByRole('button', { name: 'Pagar con Mercado Pago' }).click();

  await expect(page.getByRole('heading', { name: 'Pagar compra' })).toBeVisible();
  const order = (await (await page.request.get(`/api/v1/orders/${orderId}`)).json()) as {
    data: { buyer: { phone: string } };
  };
  expect(order.data.buyer.phone).toBe('1199998888');
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?/);
  await expect(page.getByRole('heading', { name: '¡Compra confirmada!' })).toBeVisible();
});

test("the event wizard's first step keeps what was typed at once", async ({ page }) => {
  const user = await createVerifiedUser(page.request, 'lento-evento', uniqueDni());
  await loginAs(page, user.email, user.password);
  const title = `Peña lenta ${Date.now()}`;
  await page.goto('/nuevo', { waitUntil: 'commit' });
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Categoría').selectOption('Música');
  await page.getByLabel('Descripción').fill('Folclore toda la noche.');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { name: /Fechas y lugar/ })).toBeVisible();
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await expect(page.getByLabel('Categoría')).toHaveValue('Música');
  await expect(page.getByLabel('Descripción')).toHaveValue('Folclore toda la noche.');
});

test('the door: the code typed into the manual entry is validated on the first tap', async ({ page, browser }) => {
  // A free ticket of the demo event the collaborator scans, bought by a fresh buyer (outside this page).
  const buyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const buyer = buyerContext.request;
  const user = await createVerifiedUser(buyer, 'lento-puerta', uniqueDni());
  expect((await buyer.post('/api/v1/login', { data: { email: user.email, password: user.password } })).ok()).toBe(true);
  // The demo producer's free event, which the demo collaborator controls (as in door.spec.ts).
  const events = (await (await buyer.get('/api/v1/events?limit=50')).json()) as {
    data: { id: number; title: string }[];
  };
  const event = events.data.find((e) => e.title === 'Canciones para Chicos')!;
  const detail = (await (await buyer.get(`/api/v1/events/${event.id}`)).json()) as {
    data: { dates: { ticket_types: { id: number }[] }[] };
  };
  const type = detail.data.dates[0].ticket_types[0];
  const hold = await buyer.post('/api/v1/holds', {
    data: { event_id: event.id, items: [{ ticket_type_id: type.id, quantity: 1 }] },
  });
  expect(hold.status()).toBe(201);
  const orderId = ((await hold.json()) as { data: { id: string } }).data.id;
  const paid = await buyer.post(`/api/v1/orders/${orderId}/checkout`, {
    data: { buyer: { name: user.name, email: user.email, dni: uniqueDni(), phone: '1155550000' }, accept_terms: true },
  });
  expect(paid.status()).toBe(200);
  const mine = (await (await buyer.get('/api/v1/tickets')).json()) as {
    data: { event: { id: number }; tickets: { code: string; order_id: string }[] }[];
  };
  const code = mine.data.find((g) => g.event.id === event.id)!.tickets.find((t) => t.order_id === orderId)!.code;
  await buyerContext.close();

  await loginAs(page, DEMO.colaborador);
  await page.goto('/admin/access-control/full', { waitUntil: 'commit' });
  await page.getByLabel('Evento').selectOption(String(event.id));
  await page.getByRole('button', { name: 'Empezar a escanear' }).click();
  await page.getByLabel('Código de la entrada').fill(code);
  await page.getByRole('button', { name: 'Validar' }).click();
  await expect(page.locator('[data-result="admitted"]')).toContainText('Entrada válida');
});

test('the profile form keeps a phone corrected at once and saves it on the first tap', async ({ page }) => {
  const user = await createVerifiedUser(page.request, 'lento-perfil', uniqueDni());
  await loginAs(page, user.email, user.password);
  await page.goto('/perfil', { waitUntil: 'commit' });
  const phone = page.getByLabel('Teléfono');
  await phone.fill('1144443333');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Perfil actualizado con éxito')).toBeVisible();
  await page.goto('/perfil');
  await expect(page.getByLabel('Teléfono')).toHaveValue('1144443333');
});
