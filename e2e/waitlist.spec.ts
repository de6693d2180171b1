import { RESALE_MSG } from '../src/shared/messages/resale';
import { WAITLIST_MSG } from '../src/shared/messages/waitlist';
import { createVerifiedUser, linkTo } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { payAtCheckout } from './support/checkout';
import { waitForMail } from './support/mailbox';
import { DEMO, loginAs, newPage } from './support/session';
import { expect, test } from './support/test';
import { holderOf, joinWaitlist, singleTicketEvent } from './support/waitlist';

test('sold out → join the waiting list → a refund elsewhere → an offer e-mail → buy', async ({ browser, page }) => {
  // An event of the demo admin's producer with a single ticket.
  const event = await singleTicketEvent(page.request, `Agotado de prueba ${Date.now()}`);

  // Someone buys it.
  const { orderId: soldOrder } = await holderOf(await newPage(browser), event, 'tenedor');

  // Sold out: a buyer joins the waiting list from the event page.
  const buyer = await createVerifiedUser(page.request, 'espera');
  await loginAs(page, buyer.email, buyer.password);
  await expect
    .poll(async () => {
      await page.goto(`/eventos/${event.event_id}`);
      return page.getByRole('heading', { name: WAITLIST_MSG.joinTitle, exact: true }).count();
    })
    .toBe(1);
  await expectNoSeriousA11yViolations(page, 'event page with the waiting list');
  await page.getByRole('button', { name: WAITLIST_MSG.join }).click();
  await expect(page.getByTestId('waitlist-place')).toHaveText(WAITLIST_MSG.position(1));

  // The producer refunds the first buyer: the freed ticket is offered to the list.
  const admin = await newPage(browser, DEMO.admin);
  const refund = await admin.request.post(`/api/v1/admin/orders/${soldOrder}/refund`, {
    data: { reason: 'Prueba de lista de espera' },
  });
  expect(refund.status(), await refund.text()).toBe(200);

  const offer = await waitForMail(page.request, buyer.email, /Se liberaron entradas/, 15_000);
  await page.goto(linkTo(offer, '/checkout'));
  await payAtCheckout(page);
  const place = (await (await page.request.get(`/api/v1/waitlist/${event.event_id}/me`)).json()) as {
    data: { status: string };
  };
  expect(place.data.status).toBe('bought');
});

test('a holder returns a ticket to the waiting list, a waiting buyer pays, and the holder sees it refunded', async ({
  browser,
  page,
}) => {
  const title = `Reventa de prueba ${Date.now()}`;
  const event = await singleTicketEvent(page.request, title);

  // The holder buys the only ticket; someone joins the waiting list.
  await holderOf(page, event, 'revende');
  const waiting = await newPage(browser);
  const buyer = await createVerifiedUser(waiting.request, 'espera-reventa');
  await loginAs(waiting, buyer.email, buyer.password);
  await joinWaitlist(waiting, event);

  // The holder returns it from Mis tickets: it stays valid while it is offered.
  // Its button is an island: a click on the server's HTML, before hydration, opens nothing.
  await page.goto('/mis-tickets');
  const card = page.getByRole('region', { name: title });
  await card.getByRole('button', { name: RESALE_MSG.action }).click();
  // The dialog says what comes back if it is resold (the producer keeps nothing here: price and charge).
  const confirm = page.getByRole('dialog', { name: RESALE_MSG.confirmTitle });
  await expect(confirm.getByTestId('resale-refund')).toHaveText(/^Si se revende, te devolvemos \$\s?1\.150\.$/);
  await confirm.getByRole('button', { name: RESALE_MSG.confirmAction }).click();
  await expect(card.getByTestId('resale-status')).toBeVisible();
  await expect(card.getByRole('img', { name: /Código QR/ })).toHaveCount(1);

  // The waiting buyer gets the offer and pays.
  const offer = await waitForMail(waiting.request, buyer.email, /Se liberaron entradas/, 15_000);
  await waiting.goto(linkTo(offer, '/checkout'));
  await payAtCheckout(waiting);

  // The holder sees the ticket refunded, with the amount (price and service charge).
  await expect
    .poll(async () => {
      await page.goto('/mis-tickets');
      return page.getByRole('region', { name: title }).getByTestId('ticket-refund').count();
    })
    .toBe(1);
  await expect(page.getByRole('region', { name: title }).getByTestId('ticket-refund')).toHaveText(
    /Reembolsada · \$\s?1\.150/,
  );
  await expectNoSeriousA11yViolations(page, 'Mis tickets with a refunded resale');
});
