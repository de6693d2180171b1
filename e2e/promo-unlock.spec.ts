import { UI_MSG } from '../src/shared/messages/common';
import { PROMO_MSG } from '../src/shared/messages/promo';
import { feeOf, type ServiceFeeSettings, ticketTotal } from '../src/shared/pricing';
import { createVerifiedUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { buyerOrder, payAtCheckout, reserveFromEventPage } from './support/checkout';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Access codes on the event page (issue 22): "¿Tenés un código?" (or `?codigo=` in the link) shows the hidden
 * ticket types the code unlocks, priced with the service charge like the others; a wrong code gets its
 * Spanish message on the field and unlocks nothing; the unlocked type is bought through the checkout.
 */
test('an access code unlocks a hidden type on the event page, and buying it works', async ({ browser, page }) => {
  const created = await page.request.post('/dev/checkout/test-event', {
    data: {
      capacity: 50,
      max_per_order: 4,
      price_cents: 1000_00,
      hidden_price_cents: 4000_00,
      title: `Preventa ${Date.now()}`,
    },
  });
  const event = (await created.json()) as {
    event_id: number;
    ticket_type_id: number;
    hidden_type_id: number;
    producer_id: number;
  };
  const code = `ANT${Date.now().toString(36).toUpperCase()}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO.admin);
  const made = await admin.request.post(`/api/v1/admin/promo-codes/${event.producer_id}`, {
    data: { code, event_id: event.event_id, kind: 'access', unlock_ticket_type_ids: [event.hidden_type_id] },
  });
  expect(made.status(), await made.text()).toBe(201);
  await adminContext.close();

  // The public answers never carry the hidden type.
  const publicEvent = (await (await page.request.get(`/api/v1/events/${event.event_id}`)).json()) as {
    data: { service_fee: ServiceFeeSettings; dates: { ticket_types: { id: number }[] }[] };
  };
  expect(publicEvent.data.dates.flatMap((d) => d.ticket_types.map((t) => t.id))).toEqual([event.ticket_type_id]);
  const wrongAnswer = await page.request.get(`/api/v1/events/${event.event_id}/unlock?codigo=NOVALE123`);
  expect(wrongAnswer.status()).toBe(404);
  expect(await wrongAnswer.text()).not.toContain('Acceso anticipado');

  const buyer = await createVerifiedUser(page.request, 'acceso');
  await loginAs(page, buyer.email, buyer.password);
  await page.goto(`/eventos/${event.event_id}`);
  const selector = page.locator('ticket-selector');
  await expect(selector).toHaveAttribute('data-ready', '1');
  await expect(selector.getByText('Acceso anticipado')).toHaveCount(0);

  // A wrong code: the message on the field, nothing unlocked.
  await page.getByText(PROMO_MSG.unlockTitle).click();
  const field = page.getByRole('textbox', { name: PROMO_MSG.codeLabel });
  await field.fill('novale123');
  await page.getByRole('button', { name: PROMO_MSG.unlockApply }).click();
  await expect(page.getByTestId('unlock-error')).toHaveText(PROMO_MSG.codeInvalid);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(selector.getByText('Acceso anticipado')).toHaveCount(0);
  await expect(page.locator('form[data-buy] input[name="codigo"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'event page with a refused code');

  // The right code, typed in lower case: the hidden type appears, priced with the service charge.
  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: PROMO_MSG.unlockApply }).click();
  await expect(page.getByTestId('unlock-note')).toHaveText(PROMO_MSG.unlocked(code, 1));
  await expect(page).toHaveURL(new RegExp(`codigo=${code.toLowerCase()}`));
  const row = selector.locator(`li[data-ticket="${event.hidden_type_id}"]`);
  await expect(row).toContainText('Acceso anticipado');
  await expect(row).toContainText(PROMO_MSG.unlockedBadge);
  const { totalCents, feeCents } = ticketTotal(4000_00, feeOf(publicEvent.data.service_fee));
  await expect(row.locator('[data-ticket-total]')).toHaveText(UI_MSG.ticketTotal(totalCents, feeCents));
  await expectNoSeriousA11yViolations(page, 'event page with an access code');

  // Buying it goes through the checkout with the code.
  await expect(selector).toHaveAttribute('data-ready', '1');
  const orderId = await reserveFromEventPage(
    page,
    row.getByRole('button', { name: 'Agregar una entrada Acceso anticipado' }),
  );
  await payAtCheckout(page);
  const paid = await buyerOrder(page.request, orderId);
  expect(paid).toMatchObject({ status: 'paid', promo_code: code, total_cents: totalCents });
  expect(paid.items.map((i) => [i.ticket_type_id, i.quantity])).toEqual([[event.hidden_type_id, 1]]);
});
