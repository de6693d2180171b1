import type { Page } from '@playwright/test';
import { createVerifiedUser, newUser, shellLive } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { boxOfficeSale } from './support/box-office';
import { DEMO, loginAs } from './support/session';
import { bottomBar, signIn } from './support/shell';
import { expect, test } from './support/test';
import { eventWithWaitlist } from './support/waitlist';

// axe-core audit (WCAG 2 A/AA) of the public pages, the buyer's pages, every back-office page and the door
// scanner, on a desktop and on a 390 px phone. Read-only: it signs in as the demo accounts and changes nothing,
// so it runs in the 'roles' project. Each page is audited once its islands have hydrated.

type Viewport = { name: string; size: { width: number; height: number } };
const VIEWPORTS: Viewport[] = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];

/** Waits until every eagerly hydrated island of the page is interactive. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => !document.querySelector('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]'),
  );
}

async function audit(page: Page, path: string, label = path) {
  const res = await page.goto(path);
  expect(res?.status(), `${path} answers`).toBeLessThan(400);
  await settle(page);
  await expectNoSeriousA11yViolations(page, label);
}

async function firstEventId(page: Page) {
  const list = (await (await page.request.get('/api/v1/events?limit=50')).json()) as { data: { id: number }[] };
  expect(list.data.length).toBeGreaterThan(0);
  return list.data[0].id;
}

/** A demo event with an on-sale ticket type, for the checkout's selection page. */
async function sellableSelection(page: Page) {
  type Detail = { data: { dates: { ticket_types: { id: number; remaining: number }[] }[] } };
  const list = (await (await page.request.get('/api/v1/events?limit=50')).json()) as { data: { id: number }[] };
  for (const { id } of list.data) {
    const event = ((await (await page.request.get(`/api/v1/events/${id}`)).json()) as Detail).data;
    const type = event.dates.flatMap((d) => d.ticket_types).find((t) => t.remaining > 0);
    if (type) return `/checkout?event=${id}&items=${type.id}:1`;
  }
  throw new Error('No demo event with tickets on sale');
}

/** A test event with one free ticket, bought by a new account logged in on `page` (issue 32's screens). */
async function freeTicket(page: Page, title: string) {
  const created = await page.request.post('/dev/checkout/test-event', { data: { capacity: 5, price_cents: 0, title } });
  const event = (await created.json()) as { event_id: number; ticket_type_id: number };
  const user = await createVerifiedUser(page.request, 'a11y-entrada', '30111888');
  await loginAs(page, user.email, user.password);
  const hold = await page.request.post('/api/v1/holds', {
    data: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
  });
  const orderId = ((await hold.json()) as { data: { id: string } }).data.id;
  const done = await page.request.post(`/api/v1/orders/${orderId}/checkout`, {
    data: {
      buyer: { name: 'Rita Accesible', email: user.email, dni: '30111888', phone: '1155550000' },
      accept_terms: true,
    },
  });
  expect(done.status()).toBe(200);
  return event;
}

const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/events',
  '/admin/tickets',
  '/admin/access-control',
  '/admin/access-control/full',
  '/admin/finance',
  '/admin/invitations',
  '/admin/collaborators',
  '/admin/configurations',
  // Issue 34 (webhooks).
  '/admin/integraciones/webhooks',
];

for (const { name, size } of VIEWPORTS) {
  test.describe(`axe on ${name}`, () => {
    test.use({ viewport: size });
    const phone = size.width < 500;

    test.describe('visitor', () => {
      for (const path of ['/', '/eventos', '/productoras', '/ingresar', '/registrarme'])
        test(path, async ({ page }) => {
          await audit(page, path);
        });

      test('an event page', async ({ page }) => {
        await audit(page, `/eventos/${await firstEventId(page)}`);
      });

      test('a producer page', async ({ page }) => {
        await page.goto('/productoras');
        const href = await page.locator('main a[href^="/productoras/"]').first().getAttribute('href');
        expect(href).toBeTruthy();
        await audit(page, href!);
      });

      test('the login dialog keeps focus inside, closes with Escape and gives focus back', async ({ page }) => {
        test.skip(phone, 'the same dialog frame; the keyboard path is checked on the desktop');
        await page.goto('/eventos');
        await settle(page);
        await shellLive(page); // the dialog's own keyboard behaviour is under test
        const opener = page.getByRole('banner').getByRole('link', { name: 'Iniciar Sesión' });
        await opener.click();
        const dialog = page.getByRole('dialog', { name: 'Ingresar' });
        await expect(dialog.getByLabel('Correo electrónico')).toBeFocused();
        // Shift+Tab from the first control ("✕") wraps to the last one, Tab from there back to the first.
        const close = dialog.getByRole('button', { name: 'Cerrar' });
        await page.keyboard.press('Shift+Tab');
        await expect(close).toBeFocused();
        await page.keyboard.press('Shift+Tab');
        await expect(dialog.getByRole('link', { name: 'Registrarme' })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(close).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
      });

      for (const dialog of ['Ingresar', 'Registrarse'] as const)
        test(`the ${dialog} dialog`, async ({ page }) => {
          await page.goto('/eventos');
          await settle(page);
          await shellLive(page); // the dialog over the page is what is audited here (its page is audited below)
          const link = dialog === 'Ingresar' ? 'Iniciar Sesión' : 'Registrarse';
          if (phone) {
            await bottomBar(page).getByRole('button', { name: 'Perfil' }).click();
            await bottomBar(page).getByRole('link', { name: link }).click();
          } else {
            await page.getByRole('banner').getByRole('link', { name: link }).click();
          }
          await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
          await expectNoSeriousA11yViolations(page, `the ${dialog} dialog`);
        });
    });

    test.describe('buyer', () => {
      test.beforeEach(async ({ page }) => {
        await signIn(page, DEMO.usuario);
      });
      for (const path of ['/', '/mis-tickets', '/perfil'])
        test(path, async ({ page }) => {
          await audit(page, path);
        });

      test('the checkout selection', async ({ page }) => {
        await audit(page, await sellableSelection(page), 'the checkout selection');
        await expect(page.getByRole('button', { name: 'Reservar entradas' })).toBeVisible();
      });
    });

    test.describe('producer admin', () => {
      test.beforeEach(async ({ page }) => {
        await signIn(page, DEMO.admin);
      });
      for (const path of ADMIN_PAGES)
        test(path, async ({ page }) => {
          await audit(page, path);
        });

      // Its own test event and accounts (the demo data has nobody waiting): the demo accounts are not changed.
      test("an event's codes and waiting list entries", async ({ browser, page }) => {
        const event = await eventWithWaitlist(browser);
        await audit(page, `/admin/codigos/${event.event_id}`, 'codes and waiting list entries');
        await expect(page.getByRole('table', { name: 'Personas en la lista' })).toBeVisible();
      });

      test("an event's actions menu and the cancel-event dialog", async ({ page }) => {
        await audit(page, '/admin/events');
        const row = page.getByRole('row').filter({ hasText: 'Los Fuegos del Sur en vivo' });
        await row.getByRole('button', { name: 'Más acciones de Los Fuegos del Sur en vivo' }).click();
        await expectNoSeriousA11yViolations(page, 'the events list with a menu open');
        await row.getByRole('button', { name: 'Cancelar evento' }).click();
        const dialog = page.getByRole('dialog', { name: 'Cancelar evento' });
        await expect(dialog).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'the cancel-event dialog');
        await dialog.getByRole('button', { name: 'Volver' }).click();
        await expect(dialog).toBeHidden();
        // A click on the dimmed page neither closes it nor drops focus out of it: Escape still closes it.
        await row.getByRole('button', { name: 'Más acciones de Los Fuegos del Sur en vivo' }).click();
        await row.getByRole('button', { name: 'Cancelar evento' }).click();
        await expect(dialog).toBeVisible();
        await page.mouse.click(4, 4);
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });
    });

    test('the event wizard announces each step', async ({ page }) => {
      await signIn(page, DEMO.admin);
      await audit(page, '/nuevo', 'the event wizard');
      await expect(
        page.getByRole('list', { name: 'Pasos' }).getByRole('button', { name: 'Datos básicos' }),
      ).toHaveAttribute('aria-current', 'step');
      // An empty step does not let the keyboard through: the step is marked and focus goes to the first error.
      await page.getByRole('button', { name: 'Siguiente' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Título')).toBeFocused();
      await expectNoSeriousA11yViolations(page, 'the event wizard with errors marked');
      await page.getByLabel('Título').fill('Recital accesible');
      await page.getByLabel('Categoría').selectOption('Música');
      await page.getByLabel('Descripción').fill('Un recital.');
      // Siguiente from the keyboard: focus lands on the new step's heading, which names the step and its place.
      await page.getByRole('button', { name: 'Siguiente' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Paso 2 de 5: Fechas y lugar' })).toBeFocused();
      await expectNoSeriousA11yViolations(page, 'the event wizard, step 2');
      await page.getByRole('button', { name: 'Anterior' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Paso 1 de 5: Datos básicos' })).toBeFocused();
    });

    test("the access overview's list editor: a switch and checkboxes named by their labels", async ({ page }) => {
      await signIn(page, DEMO.admin);
      await audit(page, '/admin/access-control', 'the access overview');
      await page.getByRole('button', { name: 'Agregar lista' }).click();
      const reentry = page.getByRole('switch', { name: 'Permitir salir y volver a entrar' });
      await expect(reentry).not.toBeChecked();
      await expect(page.getByLabel('Nombre de la lista')).toBeVisible();
      // The switch answers the keyboard like the checkbox it is, and says its state.
      await reentry.focus();
      await page.keyboard.press('Space');
      await expect(reentry).toBeChecked();
      await expect(reentry).toHaveAttribute('aria-checked', 'true');
      await expectNoSeriousA11yViolations(page, 'the list editor');
      // Nothing is saved: the editor closes.
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await expect(reentry).toBeHidden();
    });

    test('the door scanner as a collaborator', async ({ page }) => {
      await signIn(page, DEMO.colaborador);
      await audit(page, '/admin/access-control/full', 'the door scanner');
    });

    // The screens issue 32 added. Those that need data make their own test event and accounts.
    test.describe('issue 32 screens', () => {
      test('the verification screen that stays after registering', async ({ page }) => {
        const user = newUser('a11y-verificacion');
        await page.goto('/?registro=1');
        const form = page.getByRole('dialog', { name: /registrarse/i });
        await form.getByLabel('Nombre completo').fill(user.name);
        await form.getByLabel('DNI').fill('30111777');
        await form.getByLabel('Correo electrónico').fill(user.email);
        await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
        await form.getByLabel('Repetir contraseña', { exact: true }).fill(user.password);
        await form.getByLabel('Teléfono').fill('1155556666');
        await form.getByLabel(/Acepto los/).check();
        await form.getByRole('button', { name: 'Registrarme' }).click();
        const screen = page.getByRole('dialog', { name: 'Revisá tu correo' });
        await expect(screen).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'the verification screen');
        await screen.getByRole('button', { name: 'Cambiar correo' }).click();
        await expect(screen.getByLabel('Tu correo correcto')).toBeFocused();
        await expectNoSeriousA11yViolations(page, 'the verification screen, changing the address');
      });

      test('a ticket QR full screen in Mis tickets', async ({ page }) => {
        await freeTicket(page, `QR accesible ${Date.now()}`);
        await audit(page, '/mis-tickets');
        await page
          .getByRole('button', { name: /Mostrar en pantalla completa el QR/ })
          .first()
          .click();
        await expect(page.locator('dialog#qr-grande')).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'the QR full screen');
      });

      test("a promoter's link on the event page, and the code's QR for the producer", async ({ browser, page }) => {
        const event = await eventWithWaitlist(browser);
        await signIn(page, DEMO.admin);
        const code = `A11Y${Date.now().toString(36).toUpperCase()}`;
        const created = await page.request.post(`/api/v1/admin/promo-codes/${event.producer_id}`, {
          data: { code, event_id: event.event_id, discount_type: 'percent', value: 10 },
        });
        expect(created.status()).toBe(201);
        await audit(page, `/admin/codigos/${event.event_id}`, 'the codes page with share buttons');
        await page.getByRole('button', { name: `QR del código ${code}` }).click();
        await expect(page.getByRole('dialog', { name: `QR del código ${code}` })).toBeVisible();
        await expectNoSeriousA11yViolations(page, "a code's QR");
        await audit(page, `/eventos/${event.event_id}?codigo=${code}`, 'an event page with a code applied');
        await expect(page.getByTestId('promo-applied')).toBeVisible();
      });

      test('the box-office receipt with the function and the venue', async ({ page }) => {
        await signIn(page, DEMO.admin);
        const created = await page.request.post('/dev/checkout/test-event', {
          data: { capacity: 5, price_cents: 1000_00, title: `Boletería accesible ${Date.now()}` },
        });
        const event = (await created.json()) as { event_id: number; ticket_type_id: number };
        const orderId = await boxOfficeSale(page.request, event.event_id, event.ticket_type_id);
        await audit(page, `/admin/boleteria/${orderId}`, 'the box-office receipt');
      });

      test("the wizard's last step with the review note", async ({ page }) => {
        await signIn(page, DEMO.admin);
        const managed = (await (await page.request.get('/api/v1/admin/events')).json()) as {
          data: { id: number; status: string }[];
        };
        const draft = managed.data.find((e) => e.status === 'borrador') ?? managed.data[0];
        await audit(page, `/nuevo?id=${draft.id}`, 'the event wizard of an existing event');
        for (let step = 2; step <= 5; step++) {
          await page.getByRole('button', { name: 'Siguiente' }).click();
          await expect(page.getByRole('heading', { name: new RegExp(`Paso ${step} de 5`) })).toBeVisible();
        }
        await expectNoSeriousA11yViolations(page, "the wizard's last step");
      });

      test('the producers list with "Publica sin revisión", as a superadmin', async ({ page }) => {
        await signIn(page, DEMO.superadmin);
        await audit(page, '/admin/configurations', 'the platform configuration');
        await expect(page.getByRole('switch', { name: /publica sin revisión/ }).first()).toBeVisible();
      });

      test('the door search with results', async ({ page, browser }) => {
        const event = await freeTicket(await (await browser.newContext()).newPage(), `Puerta accesible ${Date.now()}`);
        await signIn(page, DEMO.colaborador);
        await audit(page, '/admin/access-control/full', 'the door scanner');
        await page.getByLabel('Evento').selectOption(String(event.event_id));
        await page.getByRole('button', { name: 'Empezar a escanear' }).click();
        await page.getByRole('button', { name: 'Buscar', exact: true }).click();
        const overlay = page.getByRole('dialog', { name: 'Buscar entrada' });
        await overlay.getByLabel('Buscar por nombre, DNI, correo, código u orden').fill('Rita');
        await expect(overlay.getByRole('listitem').filter({ hasText: 'Rita Accesible' })).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'the door search');
      });
    });
  });
}
