import { PROMO_ADMIN_MSG } from '../src/shared/messages/promo';
import { WAITLIST_MSG } from '../src/shared/messages/waitlist';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';
import { eventWithWaitlist } from './support/waitlist';

/**
 * The producer's waiting list (issue 22) at /admin/codigos/:id: the entries in order (place, name, quantity,
 * "acepta menos", state) next to the demand per type, as cards on a phone.
 */
test('the producer sees the waiting list entries and their states, as cards on a phone', async ({ browser, page }) => {
  const event = await eventWithWaitlist(browser);
  const [first, second] = event.entries;
  await loginAs(page, DEMO.admin);
  await page.goto(`/admin/codigos/${event.event_id}`);
  const table = page.getByRole('table', { name: PROMO_ADMIN_MSG.entries });
  await expect(table).toBeVisible();
  const rowOf = (email: string) => table.getByRole('row').filter({ hasText: email });
  await expect(rowOf(first.email).getByRole('cell')).toHaveText([
    '1',
    /Valentina Prueba/,
    'General',
    '2',
    'Sí',
    'Esperando',
  ]);
  await expect(rowOf(second.email).getByRole('cell')).toHaveText([
    '2',
    /Valentina Prueba/,
    'General',
    '1',
    'No',
    'Esperando',
  ]);
  // Next to the demand per type and its add-capacity action.
  await expect(page.getByText(WAITLIST_MSG.demand(3))).toBeVisible();
  await expect(page.getByRole('link', { name: PROMO_ADMIN_MSG.addCapacity })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'waiting list entries');

  // The holder's reservation runs out: the first entry is offered the ticket (1 of the 2 asked).
  const expired = await page.request.post('/dev/checkout/expire-hold', { data: { order_id: event.orderId, ms: 100 } });
  expect(expired.ok()).toBe(true);
  await expect
    .poll(async () => {
      await page.goto(`/admin/codigos/${event.event_id}`);
      return (await rowOf(first.email).getByRole('cell').last().textContent()) ?? '';
    })
    .toMatch(/^Oferta enviada \(vence \p{L}{3,4} \d{1,2} \p{L}{3,4} · \d{2}:\d{2}\)$/u);
  await expect(rowOf(first.email).getByRole('cell')).toHaveText([
    '—',
    /Valentina Prueba/,
    'General',
    '1 de 2',
    'Sí',
    /^Oferta enviada/,
  ]);
  await expect(rowOf(second.email).getByRole('cell').first()).toHaveText('1');

  // On a phone each entry is a card: every cell named, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/codigos/${event.event_id}`);
  const card = rowOf(second.email);
  await expect(card).toBeVisible();
  expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe('block');
  const status = card.locator(`td[data-label="${PROMO_ADMIN_MSG.entriesColumns.status}"]`);
  await expect(status).toBeVisible();
  expect(await status.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
    `"${PROMO_ADMIN_MSG.entriesColumns.status}"`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page, 'waiting list entries on a phone');
});
