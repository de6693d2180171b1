import type { Page } from '@playwright/test';
import { shellLive } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO } from './support/session';
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
  });
}
