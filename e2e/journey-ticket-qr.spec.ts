import type { Browser, Page } from '@playwright/test';
import { RESALE_MSG } from '../src/shared/messages/resale';
import { createVerifiedUser } from './support/accounts';
import { buyAndPay } from './support/checkout';
import { shoot } from './support/screenshot';
import { loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 32, item 7, on a 390×844 phone: the QR in Mis tickets opens full screen on a tap, white, with the
 * event, date and holder; "Devolver a la lista de espera" shows only where someone waits for the ticket, and
 * says what will happen before confirming.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A test event with one paid ticket type (`capacity` places) and a buyer who paid for one through MercadoPago. */
async function paidTicket(page: Page, title: string, capacity: number) {
  const created = await page.request.post('/dev/checkout/test-event', {
    data: { capacity, max_per_order: 2, price_cents: 1000_00, title },
  });
  const event = (await created.json()) as { event_id: number; ticket_type_id: number };
  const buyer = await createVerifiedUser(page.request, 'qr-grande');
  await loginAs(page, buyer.email, buyer.password);
  await buyAndPay(page, event.event_id, event.ticket_type_id);
  return { ...event, buyer };
}

async function joinWaitlist(browser: Browser, eventId: number, typeId: number) {
  const waiting = await (await browser.newContext()).newPage();
  const person = await createVerifiedUser(waiting.request, 'espera-qr', String(20_000_000 + (Date.now() % 70_000_000)));
  await loginAs(waiting, person.email, person.password);
  await expect
    .poll(async () => {
      const res = await waiting.request.post(`/api/v1/waitlist/${eventId}`, {
        data: { ticket_type_id: typeId, quantity: 1 },
      });
      return res.status();
    })
    .toBe(201);
}

test('a tap on the QR shows it full screen, white, with the event, date and holder', async ({ page }) => {
  const title = `QR grande ${Date.now()}`;
  await paidTicket(page, title, 5);
  await page.goto('/mis-tickets');
  const card = page.getByRole('region', { name: title });
  // A person taps the QR itself.
  await card.getByRole('img', { name: /Código QR de la entrada/ }).click();

  const full = page.getByRole('dialog', { name: title });
  await page.waitForTimeout(300);
  await shoot(page, '32-7-qr');
  await expect(full).toBeVisible();
  await expect(full).toContainText('Titular: Valentina Prueba');
  await expect(full).toContainText(/\p{L}{3,4} \d{1,2} \p{L}{3,4} · \d{2}:\d{2}/u);
  await expect(full).toContainText(/Código para la puerta: [0-9A-Z]{4}-[0-9A-Z]{4}/);
  // The whole screen, white, and the code as wide as the phone allows (the card's is 160 px).
  const box = await full.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(389);
  expect(box!.height).toBeGreaterThanOrEqual(843);
  expect(await full.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  const qr = await full.locator('svg').boundingBox();
  expect(qr!.width).toBeGreaterThanOrEqual(340);

  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();
});

test('"Devolver a la lista de espera" shows only where someone waits, and says what happens before confirming', async ({
  page,
  browser,
}) => {
  const title = `Sin lista ${Date.now()}`;
  const event = await paidTicket(page, title, 1);
  // Sold out, but nobody waits: nothing to return the ticket to.
  await page.goto('/mis-tickets');
  const card = page.getByRole('region', { name: title });
  await card.scrollIntoViewIfNeeded();
  await shoot(page, '32-7-sin-lista', card);
  await expect(card.getByRole('img', { name: /Código QR de la entrada/ })).toBeVisible();
  await expect(card.getByRole('button', { name: RESALE_MSG.action })).toHaveCount(0);

  // Someone joins the waiting list: now it is offered, and the dialog says what will happen.
  await joinWaitlist(browser, event.event_id, event.ticket_type_id);
  await page.goto('/mis-tickets');
  await card.getByRole('button', { name: RESALE_MSG.action }).click();
  const confirm = page.getByRole('dialog', { name: RESALE_MSG.confirmTitle });
  await expect(confirm).toContainText('Hay 1 persona esperando esta entrada');
  await expect(confirm).toContainText('tu entrada se anula');
  await expect(confirm.getByTestId('resale-refund')).toHaveText(/^Si se revende, te devolvemos \$\s1\.150\.$/);
  await shoot(page, '32-7-devolver', confirm);
  await confirm.getByRole('button', { name: RESALE_MSG.confirmAction }).click();
  await expect(card.getByTestId('resale-status')).toBeVisible();
});
