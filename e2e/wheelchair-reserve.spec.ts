import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs, newPage } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 33, the kept wheelchair reserve on the event page: a seated type whose only free seats are the reserve (not
 * yet released to the public) is "Agotado" for the public, so the page offers its waiting list; the page says how
 * who needs a wheelchair place gets one, and the map still sells it to them. Everything is the spec's own (its event,
 * its map), so it runs again and again on one instance. The map's row B is 5 3 1 2 4 6: B-5 is a wheelchair place,
 * B-3 its companion.
 */

const ROW_A = ['platea-A-5', 'platea-A-3', 'platea-A-1', 'platea-A-2', 'platea-A-4', 'platea-A-6'];
const ROW_B_PUBLIC = ['platea-B-1', 'platea-B-2', 'platea-B-4', 'platea-B-6'];

/** A small seated event of the demo admin's producer, with its wheelchair reserve kept for 20 days. */
async function seatedEvent(page: Page) {
  const stamp = Date.now();
  const created = await page.request.post('/dev/checkout/test-event', {
    data: { capacity: 10, price_cents: 0, title: `Sala con reserva ${stamp}` },
  });
  expect(created.status()).toBe(200);
  const event = (await created.json()) as { event_id: number; event_date_id: number; producer_id: number };
  const made = await page.request.post(`/api/v1/admin/seat-maps/${event.producer_id}/generate`, {
    data: {
      name: `Sala con reserva ${stamp}`,
      categories: [{ key: 'platea', name: 'Platea' }],
      sections: [{ name: 'Platea', category: 'platea', rows: 2, seats_per_row: 6 }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const mapId = ((await made.json()) as { data: { id: number } }).data.id;
  for (const [seat, flag] of [
    ['platea-B-5', 'wheelchair'],
    ['platea-B-3', 'companion'],
  ]) {
    const flagged = await page.request.post(`/api/v1/admin/seat-maps/${event.producer_id}/${mapId}/edit`, {
      data: { op: 'flags', seat_ids: [seat], [flag]: true },
    });
    expect(flagged.status(), await flagged.text()).toBe(200);
  }
  const seated = await page.request.put(`/api/v1/admin/events/${event.event_id}/seating`, {
    data: {
      event_date_id: event.event_date_id,
      map_id: mapId,
      prices: [{ category: 'platea', price_cents: 1000_00 }],
      max_per_order: 6,
      wheelchair_percent: 2,
      wheelchair_release_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    },
  });
  expect(seated.status(), await seated.text()).toBe(200);
  const types = ((await seated.json()) as { data: { ticket_types: { id: number; name: string }[] } }).data.ticket_types;
  return { eventId: event.event_id, platea: types.find((t) => t.name === 'Platea')!.id };
}

test('a type with only its kept wheelchair reserve left is "Agotado", with its waiting list and the way to a wheelchair place', async ({
  page,
  browser,
}) => {
  await loginAs(page, DEMO.admin);
  const { eventId, platea } = await seatedEvent(page);
  // The box office sells every public seat of Platea: only the reserve is left.
  for (const seats of [ROW_A, ROW_B_PUBLIC]) {
    const sale = await page.request.post('/api/v1/admin/box-office/sales', {
      data: {
        event_id: eventId,
        items: [{ ticket_type_id: platea, quantity: seats.length, seat_ids: seats }],
        method: 'cash',
      },
    });
    expect(sale.status(), await sale.text()).toBe(201);
  }
  const visitor = await newPage(browser);
  await expect
    .poll(async () => {
      const res = await visitor.request.get(`/api/v1/events/${eventId}`);
      const data = (
        (await res.json()) as { data: { dates: { ticket_types: { id: number; availability: string }[] }[] } }
      ).data;
      return data.dates[0].ticket_types.find((t) => t.id === platea)?.availability;
    })
    .toBe('agotado');

  await visitor.goto(`/eventos/${eventId}`);
  const row = visitor.getByRole('row', { name: /^Platea / });
  await expect(row).toContainText('Agotado');
  await expect(row).toContainText(
    'Quedan 2 lugares reservados para silla de ruedas y sus acompañantes: elegilos en el mapa de butacas.',
  );
  // The waiting list opens for it.
  await expect(visitor.getByRole('button', { name: 'Anotarme en la lista de espera' })).toBeVisible();
  // Who needs the wheelchair place finds it on the map, on sale to them.
  await visitor.locator('astro-island[component-url*="seat-picker"]:not([ssr])').first().waitFor({ state: 'attached' });
  await visitor.getByRole('button', { name: /^Platea Quedan 2 de 12/ }).click();
  await expect(
    visitor.getByRole('checkbox', { name: /^Platea, fila B, butaca 5, silla de ruedas, disponible, / }),
  ).toBeVisible();
  await expect(visitor.getByRole('checkbox', { name: /^Platea, fila B, butaca 1, ocupada, / })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'a seated type sold out but for its wheelchair reserve');
  await visitor.close();
});
