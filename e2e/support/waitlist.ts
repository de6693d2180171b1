import { type Browser, expect } from '@playwright/test';
import { createVerifiedUser, type TestUser } from './accounts';
import { loginAs } from './session';

let dnis = 0;
/** A DNI no other test account has (one waiting-list entry per DNI and event). */
const uniqueDni = () => String(20_000_000 + ((Date.now() * 10 + dnis++) % 70_000_000));

/**
 * A test event of the demo admin's producer whose only ticket is held by one buyer, with two people on its
 * waiting list: "Primera" (2 tickets, accepts fewer) and "Segunda" (1 ticket). Answers the holder's order.
 */
export async function eventWithWaitlist(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const created = await page.request.post('/dev/checkout/test-event', {
    data: { capacity: 1, max_per_order: 2, price_cents: 1000_00, title: `Lista de espera ${Date.now()}` },
  });
  const event = (await created.json()) as { event_id: number; ticket_type_id: number; producer_id: number };
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
