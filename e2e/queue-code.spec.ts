import { PROMO_MSG } from '../src/shared/messages/promo';
import { createVerifiedUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { buyerOrder, payAtCheckout, reserveFromEventPage } from './support/checkout';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * An access code on a queued sale ("Venta con fila", issue 22): the event page's queue branch offers
 * "¿Tenés un código?" too; the code travels with the buyer to the wait page, and at their turn the selector
 * shows the hidden type it unlocks and carries the code to the checkout with the queue pass.
 */
test('an access code entered on a queued event is honoured after the buyer passes the queue', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const created = await page.request.post('/dev/checkout/test-event', {
    data: {
      capacity: 50,
      max_per_order: 2,
      price_cents: 1000_00,
      hidden_price_cents: 4000_00,
      title: `Preventa con fila ${Date.now()}`,
    },
  });
  const event = (await created.json()) as { event_id: number; hidden_type_id: number; producer_id: number };
  const code = `FILA${Date.now().toString(36).toUpperCase()}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO.superadmin);
  const made = await admin.request.post(`/api/v1/admin/promo-codes/${event.producer_id}`, {
    data: { code, event_id: event.event_id, kind: 'access', unlock_ticket_type_ids: [event.hidden_type_id] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const queueAt = (opensInMs: number) => ({
    opens_at: new Date(Date.now() + opensInMs).toISOString(),
    prequeue_minutes: 30,
    rate_per_minute: 6,
  });
  const put = await admin.request.put(`/api/v1/admin/queues/${event.event_id}`, { data: queueAt(10 * 60_000) });
  expect(put.status(), await put.text()).toBe(200);

  const buyer = await createVerifiedUser(page.request, 'filacodigo');
  await loginAs(page, buyer.email, buyer.password);
  await page.goto(`/eventos/${event.event_id}`);
  const buy = page.locator('#comprar');
  await expect(buy.getByText('Venta con fila')).toBeVisible();

  // The queue branch has the code form; a wrong code gets its message on the field and travels nowhere.
  await buy.getByText(PROMO_MSG.unlockTitle).click();
  const field = page.getByRole('textbox', { name: PROMO_MSG.codeLabel });
  await field.fill('novale123');
  await page.getByRole('button', { name: PROMO_MSG.unlockApply }).click();
  await expect(page.getByTestId('unlock-error')).toHaveText(PROMO_MSG.codeInvalid);
  await expect(page.getByRole('link', { name: 'Entrar a la fila' })).toHaveAttribute(
    'href',
    `/eventos/${event.event_id}/espera`,
  );

  // The right code: it is kept, and the way into the queue carries it.
  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: PROMO_MSG.unlockApply }).click();
  await expect(page.getByTestId('unlock-note')).toHaveText(PROMO_MSG.unlocked(code, 1));
  await expectNoSeriousA11yViolations(page, 'queued event page with an access code');
  await page.getByRole('link', { name: 'Entrar a la fila' }).click();
  await expect(page).toHaveURL(new RegExp(`/eventos/${event.event_id}/espera\\?codigo=${code}$`));
  await expect(page.getByTestId('queue-code')).toHaveText(PROMO_MSG.queueCodeNote(code));
  await page.getByRole('button', { name: 'Entrar a la fila' }).click();
  await expect(page.getByText('Número de pre-fila')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/eventos/${event.event_id}/espera\\?codigo=${code}$`));
  await expectNoSeriousA11yViolations(page, 'wait page with an access code');

  // The opening: the only buyer is let in; the selector shows the unlocked type, and the purchase has the code.
  expect((await admin.request.put(`/api/v1/admin/queues/${event.event_id}`, { data: queueAt(3000) })).status()).toBe(
    200,
  );
  await expect(page.getByText('¡Es tu turno!')).toBeVisible({ timeout: 30_000 });
  await adminContext.close();
  const selector = page.locator('ticket-selector');
  await expect(selector).toHaveAttribute('data-ready', '1');
  const row = selector.locator(`li[data-ticket="${event.hidden_type_id}"]`);
  await expect(row).toContainText('Acceso anticipado');
  await expect(row).toContainText(PROMO_MSG.unlockedBadge);
  const orderId = await reserveFromEventPage(
    page,
    row.getByRole('button', { name: 'Agregar una entrada Acceso anticipado' }),
  );
  await payAtCheckout(page);
  const paid = await buyerOrder(page.request, orderId);
  expect(paid).toMatchObject({ status: 'paid', promo_code: code });
  expect(paid.items.map((i) => [i.ticket_type_id, i.quantity])).toEqual([[event.hidden_type_id, 1]]);
});
