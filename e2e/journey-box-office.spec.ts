import { formatEventDate } from '../src/shared/dates';
import { shoot } from './support/screenshot';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 32, item 2: a box-office sale of one of an event's several functions prints which night it is for.
 * "La Casa de Bernarda Alba" has four: the receipt and every printed ticket say the date, time and venue.
 */
const EVENT = 'La Casa de Bernarda Alba';

test('the receipt and the printed tickets of a box-office sale say the function (date, time) and the venue', async ({
  page,
}) => {
  await loginAs(page, DEMO.admin);
  const list = (await (await page.request.get('/api/v1/events?limit=50')).json()) as {
    data: { id: number; title: string }[];
  };
  const eventId = list.data.find((e) => e.title === EVENT)!.id;
  const event = (
    (await (await page.request.get(`/api/v1/events/${eventId}`)).json()) as {
      data: {
        venue_name: string;
        dates: { starts_at: string; ticket_types: { id: number; name: string }[] }[];
      };
    }
  ).data;
  expect(event.dates.length).toBeGreaterThan(2);
  // Not the first night: the third.
  const night = event.dates[2];
  const type = night.ticket_types.find((t) => t.name === 'Pullman')!;
  const when = formatEventDate(night.starts_at);

  await page.goto('/admin/tickets');
  await page.locator('astro-island[component-url*="admin-orders"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByText('Venta en boletería').click();
  const form = page.getByRole('form', { name: 'Venta en boletería' });
  await form.getByRole('combobox', { name: 'Evento' }).selectOption({ label: EVENT });
  await expect(form.getByRole('combobox', { name: 'Entrada' }).locator(`option[value="${type.id}"]`)).toHaveCount(1);
  await form.getByRole('combobox', { name: 'Entrada' }).selectOption(String(type.id));
  await form.getByLabel('Cantidad').fill('2');
  await form.getByLabel('Efectivo').check();
  await form.getByRole('button', { name: /Cobrar/ }).click();
  await expect(page.getByRole('heading', { name: 'Venta registrada' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, '32-2-boleteria-recibo');
  const tickets = page.getByRole('list', { name: 'Entradas' }).getByRole('listitem');
  await shoot(page, '32-2-boleteria-entrada', tickets.first());
  // The receipt says which night and where ...
  await expect(page.getByTestId('receipt-show')).toHaveText(when);
  await expect(page.getByTestId('receipt-venue')).toContainText(event.venue_name);

  // ... and so does each ticket as printed (A4 and the 80 mm roll print the same ticket markup).
  await page.emulateMedia({ media: 'print' });
  await expect(tickets).toHaveCount(2);
  for (const ticket of await tickets.all()) {
    await expect(ticket.getByTestId('ticket-show')).toHaveText(when);
    await expect(ticket).toContainText(event.venue_name);
    await expect(ticket).toContainText(/Código para la puerta: [0-9A-Z]{4}-[0-9A-Z]{4}/);
  }
});
