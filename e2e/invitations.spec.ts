import { linkTo, newUser, registerByApi, SUBJECT } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

test('an ADMIN sends two invitations to a new e-mail; the recipient registers and sees two QR tickets in /mis-tickets', async ({
  page,
  browser,
  request,
}) => {
  const guest = newUser('invitada');
  await loginAs(page, DEMO.admin);
  await page.goto('/admin/invitations');
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

test('an ADMIN imports a CSV: bad rows are listed by number and nothing is sent; a good file is; one is revoked', async ({
  page,
}) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/admin/invitations');
  await page.getByLabel('Evento').selectOption({ index: 1 });
  const importer = page.getByRole('form', { name: 'Importar invitaciones desde un CSV' });
  const stamp = Date.now().toString(36);
  const upload = async (lines: string[]) => {
    await importer.getByLabel('Archivo CSV').setInputFiles({
      name: 'invitados.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['nombre;email;dni;cantidad;tipo;etiqueta', ...lines].join('\n')),
    });
    await importer.getByRole('button', { name: 'Importar y enviar' }).click();
  };

  await upload([
    `Ana Lista;ana-${stamp}@prueba.ar;30111222;1;General;Prensa ${stamp}`,
    'Beto;no-es-correo;123;1;General;Prensa',
  ]);
  const problems = importer.getByRole('alert');
  await expect(problems).toContainText('Revisá el archivo: una fila tiene errores. No se importó ninguna invitación.');
  await expect(problems).toContainText('Fila 3');
  await expect(problems).toContainText('El DNI debe tener 7 u 8 dígitos, sin puntos.');
  const sent = page.getByRole('table', { name: 'Invitaciones enviadas' });
  await expect(page.getByText(`ana-${stamp}@prueba.ar`)).toHaveCount(0);

  await upload([
    `Ana Lista;ana-${stamp}@prueba.ar;30111222;1;General;Prensa ${stamp}`,
    `Beto Lista;beto-${stamp}@prueba.ar;30111223;2;General;Prensa ${stamp}`,
  ]);
  await expect(page.getByText('Enviamos 2 invitaciones (3 entradas).')).toBeVisible();
  const beto = sent.getByRole('row', { name: new RegExp(`beto-${stamp}`) });
  await beto.getByRole('button', { name: 'Revocar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revocar invitación' });
  await dialog.getByLabel('Motivo').fill('Ya no viene');
  await dialog.getByRole('button', { name: 'Revocar' }).click();
  await expect(beto.getByText('Revocada')).toBeVisible();
  const tag = page
    .getByRole('table', { name: 'Invitaciones por etiqueta' })
    .getByRole('row', { name: new RegExp(stamp) });
  // Only Ana's invitation counts now: 1 invitation, 1 ticket.
  await expect(tag.getByRole('cell').nth(1)).toHaveText('1');
  await expect(tag.getByRole('cell').nth(3)).toHaveText('1');
});
