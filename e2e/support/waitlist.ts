import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { createVerifiedUser, type TestUser } from './accounts';
import { buyAndPay } from './checkout';
import { loginAs } from './session';

let dnis = 0;
/** A DNI no other test account has (one waiting-list entry per DNI and event). */
const uniqueDni = () => String(20_000_000 + ((Date.now() * 10 + dnis++) % 70_000_000));

/** A test event of the demo admin's producer with a single ticket ($ 1.000, up to 2 an order) titled `title`. */
export async function singleTicketEvent(request: APIRequestContext, title: string) {
  const created = await request.post('/dev/checkout/test-event', {
    data: { capacity: 1, max_per_order: 2, price_cents: 1000_00, title },
  });
  return (await created.json()) as { event_id: number; ticket_type_id: number; producer_id: number };
}

type SaleOf = { event_id: number; ticket_type_id: number };

/** A new verified buyer (`prefix` names the address) logs in on `page` and buys the event's only ticket. */
export async function holderOf(page: Page, event: SaleOf, prefix: string) {
  const holder = await createVerifiedUser(page.request, prefix);
  await loginAs(page, holder.email, holder.password);
  const orderId = await buyAndPay(page, event.event_id, event.ticket_type_id);
  return { holder, orderId };
}

/**
 * The person logged in on `page` joins the event's waiting list for one ticket. Retried until it is accepted:
 * the list opens only once the sale that took the last ticket reached the inventory.
 */
export async function joinWaitlist(page: Page, event: SaleOf) {
  await expect
    .poll(async () => {
      const res = await page.request.post(`/api/v1/waitlist/${event.event_id}`, {
        data: { ticket_type_id: event.ticket_type_id, quantity: 1 },
      });
      return res.status();
    })
    .toBe(201);
}

/**
 * A test event of the demo admin's producer whose only ticket is held by one buyer, with two people on its
 * waiting list: "Primera" (2 tickets, accepts fewer) and "Segunda" (1 ticket). Answers the holder's order.
 */
export async function eventWithWaitlist(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const event = await singleTicketEvent(page.request, `Lista de espera ${Date.now()}`);
  const signUp = async (prefix: string) => {
    const user = await createVerifiedUser(page.request, prefix, uniqueDni());
    await loginAs(page, user.email, user.password);
    return user;
  };
  const holder = await signUp('tenedor-lista');
  const held = await page.request.post('/api/v1/holds', {
    data: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
  });
  expect(held.status(), await held.text()).toBe(201);
  const orderId = ((await held.json()) as { data: { id: string } }).data.id;
  const entries: TestUser[] = [];
  for (const [prefix, json] of [
    ['primera', { ticket_type_id: event.ticket_type_id, quantity: 2, accept_fewer: true }],
    ['segunda', { ticket_type_id: event.ticket_type_id, quantity: 1 }],
  ] as const) {
    const user = await signUp(prefix);
    const res = await page.request.post(`/api/v1/waitlist/${event.event_id}`, { data: json });
    expect(res.status(), await res.text()).toBe(201);
    entries.push(user);
  }
  await context.close();
  return { ...event, orderId, holder, entries };
}
