import type { Page } from '@playwright/test';
import { linkTo, registerByApi, SUBJECT, toastWith, uniqueEmail } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * The team: the demo producer's ADMIN invites a new person as door staff; they register with the invited
 * address, accept, scan that producer's event (a ticket typed in the scanner), and are refused finance and
 * another producer's event; once removed, the scanner refuses them.
 */
const FREE_EVENT = 'Canciones para Chicos';

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Código de la entrada').fill(code);
  await page.getByRole('button', { name: 'Validar' }).click();
}

/** A free ticket of `eventId` for whoever is signed in on `page`; answers its code. */
async function freeTicket(page: Page, eventId: number, email: string) {
  const detail = (await (await page.request.get(`/api/v1/events/${eventId}`)).json()) as {
    data: { dates: { ticket_types: { id: number }[] }[] };
  };
  const hold = await page.request.post('/api/v1/holds', {
    data: { event_id: eventId, items: [{ ticket_type_id: detail.data.dates[0].ticket_types[0].id, quantity: 1 }] },
  });
  expect(hold.status()).toBe(201);
  const orderId = ((await hold.json()) as { data: { id: string } }).data.id;
  const checkout = await page.request.post(`/api/v1/orders/${orderId}/checkout`, {
    data: { buyer: { name: 'Puerta Nueva', email, dni: '30111222', phone: '1155556666' }, accept_terms: true },
  });
  expect(checkout.status()).toBe(200);
  const mine = (await (await page.request.get('/api/v1/tickets')).json()) as {
    data: { event: { id: number }; tickets: { code: string; order_id: string }[] }[];
  };
  return mine.data.find((g) => g.event.id === eventId)!.tickets.find((t) => t.order_id === orderId)!.code;
}

test('an admin invites door staff, who register, accept, scan only that producer’s event, and lose access when removed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO.admin);
  const managed = (await (await page.request.get('/api/v1/admin/events')).json()) as {
    data: { id: number; title: string; producer_id: number }[];
  };
  const event = managed.data.find((e) => e.title === FREE_EVENT)!;
  const catalogue = (await (await page.request.get('/api/v1/events?limit=50')).json()) as { data: { id: number }[] };
  const foreign = catalogue.data.find((e) => !managed.data.some((m) => m.id === e.id))!;

  const email = uniqueEmail('puerta');
  await page.goto('/admin/collaborators');
  // Nobody changes their own role or events: the admin's own row offers neither.
  const own = page.getByRole('row').filter({ hasText: DEMO.admin });
  await expect(own.getByRole('combobox')).toBeDisabled();
  await expect(own.getByRole('button', { name: 'Quitar', exact: true })).toHaveCount(0);
  await page.getByLabel('Correo', { exact: true }).fill(email);
  await page.getByLabel('Rol', { exact: true }).selectOption({ label: 'Control de acceso' });
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(toastWith(page, `Enviamos la invitación a ${email}`)).toBeVisible();
  // The success stays in the form too, after the toast goes.
  await expect(page.getByRole('status').filter({ hasText: `Listo: invitamos a ${email}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Control de acceso');

  // The invited person opens the link, registers with that address, verifies it and accepts.
  const person = await browser.newPage({ locale: 'es-AR' });
  const invitation = await waitForMail(person.request, email, /Te invitaron a sumarte a un equipo/);
  const link = linkTo(invitation, '/equipo/aceptar');
  await person.goto(link);
  await expect(person.getByText('como Control de acceso', { exact: false })).toBeVisible();
  await expect(person.getByRole('link', { name: 'Crear mi cuenta' })).toBeVisible();
  await registerByApi(person.request, { name: 'Puerta Nueva', email, password: 'clave-segura-1' });
  const verify = await waitForMail(person.request, email, SUBJECT.verify);
  const verified = await person.request.get(
    `/api/v1/verify-email?token=${new URL(linkTo(verify, '/verify-email')).searchParams.get('token')}`,
  );
  expect(verified.ok()).toBe(true);
  await person.goto(link);
  await person.getByRole('button', { name: 'Aceptar la invitación' }).click();
  await expect(person.getByText(/Ya sos parte del equipo de/)).toBeVisible();

  // They scan a ticket of that producer's event...
  const code = await freeTicket(person, event.id, email);
  await person.goto('/admin/access-control/full');
  await person.getByLabel('Evento').selectOption(String(event.id));
  await expect(person.getByLabel('Evento').locator(`option[value="${foreign.id}"]`)).toHaveCount(0);
  await person.getByRole('button', { name: 'Empezar a escanear' }).click();
  await typeCode(person, code);
  await expect(person.locator('[data-result="admitted"]')).toContainText('Entrada válida');
  // ...but neither finance nor another producer's event.
  expect((await person.request.get(`/api/v1/admin/finance?producer_id=${event.producer_id}`)).status()).toBe(403);
  const elsewhere = await person.request.post(`/api/v1/checkin/events/${foreign.id}/scan`, {
    data: { code, nonce: crypto.randomUUID(), device: 'e2e' },
  });
  expect(elsewhere.status()).toBe(403);

  // The admin removes them; their scanner refuses the next code.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Quitar' }).click();
  // The app's own dialog, styled as destructive.
  const confirmRemove = page.getByRole('dialog', { name: /^Quitar a / });
  await expect(confirmRemove.getByRole('button', { name: 'Quitar' })).toHaveClass(/btn-error/);
  await confirmRemove.getByRole('button', { name: 'Quitar' }).click();
  await expect(toastWith(page, 'Quitamos a la persona del equipo')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await expect(person.locator('[data-result]')).toHaveCount(0, { timeout: 10_000 });
  await typeCode(person, code);
  await expect(toastWith(person, 'No tenés permiso para controlar el acceso de este evento.')).toBeVisible();
  await person.close();
});
