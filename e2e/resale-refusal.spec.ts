import { RESALE_REFUNDS_MSG } from '../src/shared/messages/refunds';
import { RESALE_MSG } from '../src/shared/messages/resale';
import { createVerifiedUser, linkTo } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { payAtCheckout } from './support/checkout';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs, newPage } from './support/session';
import { expect, test } from './support/test';
import { holderOf, joinWaitlist, singleTicketEvent } from './support/waitlist';

/**
 * Face-value resale when MercadoPago refuses the seller's refund (issue 22): the waiting buyer's purchase
 * goes through and the old ticket is cancelled at once; the seller sees the truth ("Reembolso demorado", not
 * "Reembolsada"); the producer sees the failure in Finanzas and "Reintentar" refunds it; then the seller sees
 * "Reembolsada" with the amount.
 */

test('a refused resale refund: the seller sees it delayed, the producer retries it from Finanzas, then it is refunded', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Reventa rechazada ${Date.now()}`;
  const event = await singleTicketEvent(page.request, title);

  // The holder buys the only ticket; someone joins the waiting list.
  const { holder, orderId } = await holderOf(page, event, 'rechazo');
  const waiting = await newPage(browser);
  const buyer = await createVerifiedUser(waiting.request, 'espera-rechazo');
  await loginAs(waiting, buyer.email, buyer.password);
  await joinWaitlist(waiting, event);

  // MercadoPago will refuse the refunds of the holder's payment.
  const refuse = await page.request.post('/dev/mercadopago/sandbox/refusals', {
    data: { order_id: orderId, refuse: true },
  });
  expect(((await refuse.json()) as { payments: number }).payments).toBe(1);
  await page.goto('/mis-tickets');
  const card = page.getByRole('region', { name: title });
  // The button is an island: click once it is hydrated (a click on the server's HTML does nothing).
  await card.locator('astro-island[component-url*="resale-button"]:not([ssr])').waitFor({ state: 'attached' });
  await card.getByRole('button', { name: RESALE_MSG.action }).click();
  await page
    .getByRole('dialog', { name: RESALE_MSG.confirmTitle })
    .getByRole('button', { name: RESALE_MSG.confirmAction })
    .click();
  await expect(card.getByTestId('resale-status')).toBeVisible();

  // The waiting buyer gets the offer and pays: their purchase goes through.
  const offer = await waitForMail(waiting.request, buyer.email, /Se liberaron entradas/, 15_000);
  await waiting.goto(linkTo(offer, '/checkout'));
  await payAtCheckout(waiting);

  // The holder: the ticket is no longer valid (no QR), and its refund is shown as delayed, not as done.
  const delayed = `${RESALE_MSG.resoldBadge} · ${RESALE_MSG.refundFailedBadge}`;
  await expect
    .poll(async () => {
      await page.goto('/mis-tickets');
      return page.getByRole('region', { name: title }).getByTestId('ticket-refund').textContent();
    })
    .toBe(delayed);
  await expect(card.getByText(RESALE_MSG.refundFailedHint)).toBeVisible();
  await expect(card.getByRole('img', { name: /Código QR/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'Mis tickets with a delayed resale refund');

  // The producer sees it in Finanzas and retries once MercadoPago accepts it.
  const adminPage = await newPage(browser, DEMO.admin);
  await adminPage.goto('/admin/finance');
  // The section (its table's scroll region carries the same name inside it).
  const section = adminPage.getByRole('region', { name: RESALE_REFUNDS_MSG.heading }).first();
  await expect(section).toContainText(holder.email);
  await expect(section).toContainText(title);
  await expect(section).toContainText('MercadoPago no aceptó el reembolso');
  await expectNoSeriousA11yViolations(adminPage, 'Finanzas with a failed resale refund');
  await page.request.post('/dev/mercadopago/sandbox/refusals', { data: { order_id: orderId, refuse: false } });
  await section
    .getByRole('row')
    .filter({ hasText: holder.email })
    .getByRole('button', { name: /^Reintentar/ })
    .click();
  await expect(adminPage.getByText(RESALE_MSG.refundRetried)).toBeVisible();
  await expect(adminPage.getByRole('region', { name: RESALE_REFUNDS_MSG.heading })).toHaveCount(0);

  // The holder now sees it refunded, with the amount (price and service charge).
  await page.goto('/mis-tickets');
  await expect(page.getByRole('region', { name: title }).getByTestId('ticket-refund')).toHaveText(
    /Reembolsada · \$\s?1\.150/,
  );
});
