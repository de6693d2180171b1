import { MSG } from '../src/shared/messages/common';
import { linkTo, newUser, registerByApi, SUBJECT, submitLogin, toastWith } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { shoot } from './support/screenshot';
import { expect, test } from './support/test';

/**
 * Issue 32, item 1: a new buyer who registers in the middle of a purchase, on a phone, gets a screen that
 * stays (beside the spec's toast): the address the mail went to, "Reenviar correo", "Cambiar correo" and what
 * happens next. A typo in the address is fixed there, and the link brings the buyer back to the event with
 * the selection.
 */
test.use({ viewport: { width: 390, height: 844 } });

const EVENT = 'Los Fuegos del Sur en vivo';

test('registering inside a purchase leaves a screen with the address, resend, change and what comes next', async ({
  page,
  request,
}) => {
  const user = newUser('compra-nueva');
  const typo = user.email.replace('@prueba.ar', '@prueba.com.ar');
  await page.goto('/eventos?q=Fuegos');
  await page.getByRole('link', { name: EVENT }).click();
  await expect(page.locator('ticket-selector')).toHaveAttribute('data-ready', '1');
  await page.getByRole('button', { name: 'Agregar una entrada Campo' }).click();
  const eventPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Comprar' }).click();

  // No account yet: "Registrarme" from the login dialog, with a typo in the address.
  await page
    .getByRole('dialog', { name: /ingresar/i })
    .getByRole('link', { name: 'Registrarme' })
    .click();
  const form = page.getByRole('dialog', { name: /registrarse/i });
  await form.getByLabel('Nombre completo').fill(user.name);
  await form.getByLabel('DNI').fill('30111333');
  await form.getByLabel('Correo electrónico').fill(typo);
  await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await form.getByLabel('Repetir contraseña', { exact: true }).fill(user.password);
  await form.getByLabel('Teléfono').fill('1155556666');
  await form.getByLabel(/Acepto los/).check();
  await form.getByRole('button', { name: 'Registrarme' }).click();
  // The spec's toast, word for word ...
  await expect(toastWith(page, MSG.registerSuccess)).toBeVisible();
  await page.waitForTimeout(300);
  await shoot(page, '32-1-verificacion');

  // ... and beside it a screen that stays after the toast is gone.
  const screen = page.getByRole('dialog', { name: 'Revisá tu correo' });
  await expect(screen).toBeVisible();
  await expect(screen.getByTestId('verify-pending-email')).toHaveText(typo);
  await expect(screen).toContainText('volvés a esta página con las entradas que elegiste');
  await expect(toastWith(page, MSG.registerSuccess)).toBeHidden();
  await expect(screen).toBeVisible();

  // "Cambiar correo": the right address gets the link (the mistyped one would have been dead).
  await screen.getByRole('button', { name: 'Cambiar correo' }).click();
  await screen.getByLabel('Tu correo correcto').fill(user.email);
  await screen.getByRole('button', { name: 'Enviar a este correo' }).click();
  await expect(screen.getByTestId('verify-pending-email')).toHaveText(user.email);
  await expect(screen.getByRole('status')).toHaveText(`Te enviamos el correo a ${user.email}.`);
  await waitForMail(request, user.email, SUBJECT.verify);

  // "Reenviar correo": a fresh link; the first one stops working.
  await screen.getByRole('button', { name: 'Reenviar correo' }).click();
  await expect(screen.getByRole('status')).toHaveText(`Te reenviamos el correo a ${user.email}.`);
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/dev/correo.json?to=${encodeURIComponent(user.email)}`)).json()) as {
        subject: string;
      }[];
      return mails.filter((m) => SUBJECT.verify.test(m.subject)).length;
    })
    .toBe(2);
  const mail = await waitForMail(request, user.email, SUBJECT.verify);

  // The link brings the buyer back to the event with the selection kept.
  await page.goto(linkTo(mail, '/verify-email'));
  await expect(toastWith(page, MSG.verifySuccess)).toBeVisible();
  await page.waitForURL((url) => url.pathname === eventPath && url.searchParams.has('seleccion'));
  await expect(page.locator('ticket-selector')).toHaveAttribute('data-ready', '1');
  await expect(page.locator('ticket-selector output[aria-label="Cantidad Campo"]').first()).toHaveText('1');
});

test('an unverified login gets the same screen beside the spec message', async ({ page, request }) => {
  const user = newUser('login-pendiente');
  await registerByApi(request, user, '30111444');
  await page.goto('/?login=1');
  await expect(page.getByRole('dialog', { name: /ingresar/i })).toBeVisible();
  await submitLogin(page, user.email, user.password);
  await expect(toastWith(page, MSG.loginUnverified)).toBeVisible();
  const screen = page.getByRole('dialog', { name: 'Revisá tu correo' });
  await expect(screen.getByTestId('verify-pending-email')).toHaveText(user.email);
  await expect(screen.getByRole('button', { name: 'Reenviar correo' })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Cambiar correo' })).toBeVisible();
});
