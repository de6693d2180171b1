import { MSG } from '../src/shared/messages/common';
import { linkTo, SUBJECT, toastWith, uniqueEmail } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 32, item 10: a person invited to a producer's team opens the invitation, creates their account with the
 * invited address already filled in, verifies it, and lands back on the invitation (not the home page) to
 * accept it. On a phone.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('an invited person registers with the invited address filled in and lands on the invitation after verifying', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('equipo-nuevo');
  await loginAs(page, DEMO.admin);
  const producers = (await (await page.request.get('/api/v1/admin/events')).json()) as {
    data: { producer_id: number }[];
  };
  const invite = await page.request.post('/api/v1/admin/team/invitations', {
    data: { producer_id: producers.data[0].producer_id, email, role: 'DOOR' },
  });
  expect(invite.status(), await invite.text()).toBe(201);

  const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 390, height: 844 } });
  const person = await context.newPage();
  const invitation = await waitForMail(person.request, email, /Te invitaron a sumarte a un equipo/);
  const link = linkTo(invitation, '/equipo/aceptar');
  await person.goto(link);
  await person.getByRole('link', { name: 'Crear mi cuenta' }).click();

  // The registration opens with the invited address in it.
  const form = person.getByRole('dialog', { name: /registrarse/i });
  await expect(form.getByLabel('Correo electrónico')).toHaveValue(email);
  await form.getByLabel('Nombre completo').fill('Puerta Invitada');
  await form.getByLabel('DNI').fill('30111555');
  await form.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
  await form.getByLabel('Repetir contraseña', { exact: true }).fill('clave-segura-1');
  await form.getByLabel('Teléfono').fill('1155556666');
  await form.getByLabel(/Acepto los/).check();
  await form.getByRole('button', { name: 'Registrarme' }).click();
  await expect(toastWith(person, MSG.registerSuccess)).toBeVisible();
  await expect(person.getByRole('dialog', { name: 'Revisá tu correo' })).toContainText(
    'volvés a esta página y seguís donde estabas',
  );

  // The e-mailed link verifies the account and brings the person back to the invitation.
  const verify = await waitForMail(person.request, email, SUBJECT.verify);
  await person.goto(linkTo(verify, '/verify-email'));
  await expect(toastWith(person, MSG.verifySuccess)).toBeVisible();
  await person.waitForURL((url) => url.pathname === '/equipo/aceptar');
  expect(person.url()).toBe(link);
  await person.getByRole('button', { name: 'Aceptar la invitación' }).click();
  await expect(person.getByText(/Ya sos parte del equipo de/)).toBeVisible();
  await context.close();
});

test('an invited person with an account logs in with the invited address filled in and comes back to accept', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('equipo-existente');
  const register = await page.request.post('/api/v1/register', {
    data: {
      name: 'Ana Existente',
      email,
      password: 'clave-segura-1',
      repeat_password: 'clave-segura-1',
      telefono: '1155556666',
      dni: '30111666',
      terms_and_conditions: true,
      accept_promotions: false,
    },
  });
  expect(register.status()).toBe(201);
  const verify = await waitForMail(page.request, email, SUBJECT.verify);
  expect(
    (
      await page.request.get(
        `/api/v1/verify-email?token=${new URL(linkTo(verify, '/verify-email')).searchParams.get('token')}`,
      )
    ).ok(),
  ).toBe(true);
  await loginAs(page, DEMO.admin);
  const producers = (await (await page.request.get('/api/v1/admin/events')).json()) as {
    data: { producer_id: number }[];
  };
  expect(
    (
      await page.request.post('/api/v1/admin/team/invitations', {
        data: { producer_id: producers.data[0].producer_id, email, role: 'DOOR' },
      })
    ).status(),
  ).toBe(201);

  const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 390, height: 844 } });
  const person = await context.newPage();
  const link = linkTo(
    await waitForMail(person.request, email, /Te invitaron a sumarte a un equipo/),
    '/equipo/aceptar',
  );
  await person.goto(link);
  await person.getByRole('link', { name: 'Ingresar', exact: true }).click();
  const dialog = person.getByRole('dialog', { name: /ingresar/i });
  await expect(dialog.getByLabel('Correo electrónico')).toHaveValue(email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
  // A slow phone: the page's button shows well before its island is live, and the person taps it at once.
  await person.route('**/_astro/accept-invitation*', async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await person.waitForURL(link);
  await expect(person.locator('astro-island[component-url*="accept-invitation"][ssr]')).toHaveCount(1);
  await person.getByRole('button', { name: 'Aceptar la invitación' }).click();
  await expect(person.getByText(/Ya sos parte del equipo de/)).toBeVisible();
  await context.close();
});
