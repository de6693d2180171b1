import { linkTo, toastWith, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

const FREE_EVENT = 'Canciones para Chicos';

/**
 * A sent transfer shows as pending on the ticket with "Cancelar transferencia"; the recipient's link shows
 * the event, date, venue and masked sender with "Ingresá o registrate para aceptarla"; cancelling it
 * brings the ticket back and the link stops working.
 */
test('a pending transfer shows on the ticket, previews for the recipient and can be cancelled', async ({
  page,
  browser,
}) => {
  await loginAs(page, DEMO.usuario);
  const list = (await (await page.request.get(`/api/v1/events?q=${encodeURIComponent(FREE_EVENT)}`)).json()) as {
    data: { id: number; title: string }[];
  };
  const event = list.data.find((e) => e.title === FREE_EVENT)!;
  const detail = (await (await page.request.get(`/api/v1/events/${event.id}`)).json()) as {
    data: { dates: { ticket_types: { id: number }[] }[] };
  };
  const hold = await page.request.post('/api/v1/holds', {
    data: { event_id: event.id, items: [{ ticket_type_id: detail.data.dates[0].ticket_types[0].id, quantity: 1 }] },
  });
  expect(hold.status()).toBe(201);
  const orderId = ((await hold.json()) as { data: { id: string } }).data.id;
  const checkout = await page.request.post(`/api/v1/orders/${orderId}/checkout`, {
    data: {
      buyer: { name: 'Usuario Demo', email: DEMO.usuario, dni: '30111222', phone: '1155556666' },
      accept_terms: true,
    },
  });
  expect(checkout.status()).toBe(200);

  await page.goto('/mis-tickets');
  const section = page.getByRole('region', { name: FREE_EVENT });
  const card = section
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Transferir' }) })
    .last();
  await card.scrollIntoViewIfNeeded();
  // The card's own islands (client:visible) are what this test uses: wait for them, not for the whole page's.
  await expect(card.locator('astro-island[ssr]')).toHaveCount(0);
  await card.getByRole('button', { name: 'Transferir' }).click();
  const recipient = uniqueEmail('recibe');
  const offer = page.getByRole('dialog', { name: /^Transferir / });
  await offer.getByLabel('Correo de quien la recibe').fill(recipient);
  await offer.getByRole('button', { name: 'Enviar' }).click();
  const pending = section.locator('[data-transfer-pending]').filter({ hasText: recipient });
  await expect(pending).toContainText('Transferencia pendiente');
  await expect(pending.getByRole('button', { name: 'Cancelar transferencia' })).toBeVisible();

  // The recipient, not signed in, sees what is offered and how to accept it.
  const mail = await waitForMail(page.request, recipient, /Te transfirieron una entrada/);
  const link = linkTo(mail, '/tickets/transfer');
  const context = await browser.newContext({ locale: 'es-AR' });
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: FREE_EVENT })).toBeVisible();
  await expect(visitor.getByText('Fecha')).toBeVisible();
  await expect(visitor.getByText('Lugar')).toBeVisible();
  await expect(visitor.getByText('Te la envía u***@demo.ar.')).toBeVisible();
  await expect(visitor.getByText('Ingresá o registrate para aceptarla')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Registrarme' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'transfer recipient page');

  // After a reload the ticket still says pending (from the API); the sender cancels it.
  await page.goto('/mis-tickets');
  const again = page
    .getByRole('region', { name: FREE_EVENT })
    .locator('[data-transfer-pending]')
    .filter({ hasText: recipient });
  await again.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]').filter({ has: again })).toHaveCount(0);
  await again.getByRole('button', { name: 'Cancelar transferencia' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancelar transferencia' });
  await expectNoSeriousA11yViolations(page, 'cancel transfer dialog');
  await confirm.getByRole('button', { name: 'Cancelar transferencia' }).click();
  await expect(toastWith(page, /Cancelaste la transferencia/)).toBeVisible();
  await expect(page.locator('[data-transfer-pending]').filter({ hasText: recipient })).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByRole('alert')).toHaveText('La transferencia no existe o fue cancelada.');
  await context.close();
});
