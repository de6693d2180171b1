import { expect, test } from '@playwright/test';
import { gotoHydrated, linkTo, newUser, registerByApi, SUBJECT } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';

test('an ADMIN sends two invitations to a new e-mail; the recipient registers and sees two QR tickets in /mis-tickets', async ({
  page,
  browser,
  request,
}) => {
  const guest = newUser('invitada');
  await loginAs(page, DEMO.admin);
  await gotoHydrated(page, '/admin/invitations');
  await page.getByLabel('Evento').selectOption({ index: 1 });
  const form = page.getByRole('form', { name: 'Invitar a una persona' });
  await expect(form).toBeVisible();

  for (const tag of ['Prensa', 'Promotor Juan']) {
    await form.getByLabel('Nombre').fill(guest.name);
    await form.getByLabel('E-mail').fill(guest.email);
    await form.getByLabel('DNI').fill('30111222');
    await form.getByLabel('Cantidad').fill('1');
    await form.getByLabel('Etiqueta').fill(tag);
    await form.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(page.getByText(`Enviamos la invitación a ${guest.email} (1 entrada).`)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Invitaciones por etiqueta' }).getByRole('cell', { name: tag }),
    ).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Invitaciones enviadas' }).getByText(guest.email)).toHaveCount(2);

  // The guest, in a browser of their own: the invitation e-mail arrived; they register and verify that e-mail.
  const invitation = await waitForMail(request, guest.email, /^Invitación: tus entradas para /);
  expect(invitation.html).toContain('Invitación · ');
  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();
  await registerByApi(request, guest);
  const verify = await waitForMail(request, guest.email, SUBJECT.verify);
  await guestPage.goto(linkTo(verify, '/verify-email'));
  await guestPage.waitForURL((url) => url.pathname === '/');

  // The e-mail's button records the opening and leads to Mis tickets, where both QR tickets are.
  const open = invitation.links.find((l) => new URL(l).pathname.startsWith('/api/v1/invitations/open/'));
  expect(open).toBeTruthy();
  await guestPage.goto(new URL(open!).pathname);
  await guestPage.waitForURL((url) => url.pathname === '/mis-tickets');
  await expect(guestPage.locator('[data-ticket-qr]')).toHaveCount(2);
  await expect(guestPage.getByText('Invitación', { exact: true })).toHaveCount(2);

  // The admin sees one of them opened.
  await page.reload();
  await page.getByLabel('Evento').selectOption({ index: 1 });
  await expect(page.getByRole('table', { name: 'Invitaciones enviadas' }).getByText('Abierta')).toHaveCount(1);
  await guestContext.close();
});
