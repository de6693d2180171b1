import { shortTicketCode } from '../src/shared/checkin';
import { createVerifiedUser } from './support/accounts';
import { doorOnPhone } from './support/door';
import { loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 32, item 4, at the door on a 390 px phone: the search finds a holder by DNI and e-mail (the scanner's
 * download carries neither), the short code a person reads out is accepted by the manual entry and judged like
 * the QR, and Escape closes the search and the result card.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('the door finds a holder by DNI and e-mail, admits the short code read out once, and Escape closes search and card', async ({
  page,
  browser,
}) => {
  const created = await page.request.post('/dev/checkout/test-event', {
    data: { capacity: 10, price_cents: 0, title: `Puerta con búsqueda ${Date.now()}` },
  });
  const event = (await created.json()) as { event_id: number; ticket_type_id: number };
  const dni = String(20_000_000 + (Date.now() % 70_000_000));
  const buyer = await createVerifiedUser(page.request, 'puerta', dni);
  await loginAs(page, buyer.email, buyer.password);
  const hold = await page.request.post('/api/v1/holds', {
    data: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
  });
  expect(hold.status()).toBe(201);
  const orderId = ((await hold.json()) as { data: { id: string } }).data.id;
  const checkout = await page.request.post(`/api/v1/orders/${orderId}/checkout`, {
    data: { buyer: { name: 'Marta Puerta', email: buyer.email, dni, phone: '1155550000' }, accept_terms: true },
  });
  expect(checkout.status()).toBe(200);
  const mine = (await (await page.request.get('/api/v1/tickets')).json()) as {
    data: { event: { id: number }; tickets: { id: string }[] }[];
  };
  const ticket = mine.data.find((g) => g.event.id === event.event_id)!.tickets[0];

  const door = await doorOnPhone(browser, event.event_id);

  // Search by DNI, then by e-mail: found; Escape closes the search.
  const overlay = door.getByRole('dialog', { name: 'Buscar entrada' });
  for (const q of [dni, buyer.email]) {
    await door.getByRole('button', { name: 'Buscar', exact: true }).click();
    await overlay.getByLabel(/^Buscar por nombre, DNI, correo/).fill(q);
    await expect(overlay.getByRole('listitem').filter({ hasText: 'Marta Puerta' })).toBeVisible();
    await expect(overlay).toContainText(`Código ${shortTicketCode(ticket.id)}`);
    await door.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  }

  // The short code read out, typed as heard: admitted, like its QR; again, "ya usada".
  const entry = door.getByLabel('Código de la entrada');
  await entry.fill(shortTicketCode(ticket.id).toLowerCase().replace('-', ' '));
  await door.getByRole('button', { name: 'Validar' }).click();
  await expect(door.locator('[data-result="admitted"]')).toContainText('Entrada válida');
  await expect(door.locator('[data-result]')).toBeHidden();
  await entry.fill(shortTicketCode(ticket.id));
  await door.getByRole('button', { name: 'Validar' }).click();
  const used = door.locator('[data-result="used"]');
  await expect(used).toContainText('Entrada ya usada');
  // Escape closes the card at once (it would stay 3 s by itself).
  await door.keyboard.press('Escape');
  await expect(used).toBeHidden({ timeout: 600 });
});
