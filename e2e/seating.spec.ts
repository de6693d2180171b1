import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatMoney } from '../src/shared/money';
import { createVerifiedUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { buyerOrder, payAtCheckout } from './support/checkout';
import { DEMO, loginAs } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 33, the buyer's seat map: "La Casa de Bernarda Alba" is the demo's seated theatre (platea, pullman,
 * palcos, wheelchair places). People tap as soon as a control shows: the first section is tapped before the
 * map's island is live. Seats are chosen from what the API says is free, so the spec runs again and again on
 * one instance.
 */
const EVENT = 'La Casa de Bernarda Alba';

type Seat = { id: string; number: string; wheelchair: boolean; companion: boolean; blocked: string | null };
type Row = { label: string; seats: Seat[] };

async function theatre(request: APIRequestContext) {
  const list = (await (await request.get('/api/v1/events?limit=50')).json()) as {
    data: { id: number; title: string }[];
  };
  const eventId = list.data.find((e) => e.title === EVENT)!.id;
  const maps = (await (await request.get(`/api/v1/holds/seats?event_id=${eventId}`)).json()) as {
    data: { event_date_id: number; categories: Record<string, { ticket_type_id: number }> }[];
  };
  return { eventId, date: maps.data[0] };
}

/**
 * Two free seats at the start of a row of `section` (the row's end: nobody is left alone), in a row without
 * wheelchair places, companion or blocked seats, from the back (best available fills the front).
 */
async function freePair(request: APIRequestContext, eventId: number, dateId: number, section: string) {
  const rows = (
    (await (
      await request.get(`/api/v1/holds/seats/section?event_id=${eventId}&event_date_id=${dateId}&section=${section}`)
    ).json()) as { data: { section: { name: string; rows: Row[] } } }
  ).data.section;
  const taken = new Set(
    (
      (await (await request.get(`/api/v1/holds/seats/availability?event_id=${eventId}&section=${section}`)).json()) as {
        data: { dates: { event_date_id: number; taken: string[] }[] };
      }
    ).data.dates.find((d) => d.event_date_id === dateId)!.taken,
  );
  const plain = (s: Seat) => !s.wheelchair && !s.companion && !s.blocked;
  for (const [index, row] of [...rows.rows.entries()].reverse()) {
    const start = row.seats.slice(0, 4);
    if (row.seats.every(plain) && start.every((s) => !taken.has(s.id)))
      return {
        index,
        row: row.label,
        seats: start
          .slice(0, 2)
          .map((s) => ({ id: s.id, name: `${rows.name}, fila ${row.label}, butaca ${s.number}` })),
      };
  }
  throw new Error(`No free pair left in ${section}`);
}

const seatBox = (page: Page | Locator, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name}, `) });

/** A buyer's page with the theatre's platea open, and two free seats of it that someone else is about to take. */
async function plateaOpen(page: Page) {
  const { eventId, date } = await theatre(page.request);
  const pair = await freePair(page.request, eventId, date.event_date_id, 'platea');
  await page.goto(`/eventos/${eventId}`);
  await page.getByRole('button', { name: /^Platea Quedan/ }).click();
  await expect(seatBox(page, pair.seats[0].name)).toHaveAttribute('aria-label', /disponible/);
  return { eventId, date, pair };
}

test.describe('the seat map on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a buyer taps a section before the map is live, picks 2 seats and pays them', async ({ page }) => {
    await createVerifiedUser(page.request, 'butacas');
    const { eventId, date } = await theatre(page.request);
    const pair = await freePair(page.request, eventId, date.event_date_id, 'platea');
    await page.goto(`/eventos/${eventId}`, { waitUntil: 'commit' });
    // The section's button is in the server's HTML: tapped at once, it opens the section once the map is live.
    await page.getByRole('button', { name: /^Platea Quedan/ }).click();
    await expect(page.getByRole('heading', { name: 'Platea', exact: true })).toBeVisible();
    for (const seat of pair.seats) await seatBox(page, seat.name).click();
    for (const seat of pair.seats)
      await expect(seatBox(page, seat.name)).toHaveAttribute('aria-label', `${seat.name}, elegida, $\u00a018.500`);
    await expect(page.getByTestId('picked-seats').getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'the seat map');
    // The map's total includes the service charge, as checkout charges it.
    const shown = await page.getByTestId('picked-total').textContent();
    await expect(page.getByText(/^Incluye .* de cargo por servicio$/)).toBeVisible();

    await page.getByRole('button', { name: 'Reservar y pagar' }).click();
    await expect(page).toHaveURL(/\/checkout\?order=/);
    // The checkout's summary names the seats.
    await expect(page.getByTestId('order-seats').getByRole('listitem')).toHaveText(pair.seats.map((s) => s.name));
    const held = await buyerOrder(page.request, new URL(page.url()).searchParams.get('order') ?? '');
    expect(shown).toBe(formatMoney(held.total_cents));
    const orderId = await payAtCheckout(page);
    expect((await buyerOrder(page.request, orderId)).status).toBe('paid');
  });

  test('a seat the box office sells turns taken on the open map within 2 s, without reloading', async ({
    page,
    browser,
  }) => {
    const { eventId, date, pair } = await plateaOpen(page);
    // Meanwhile the ticket office sells those two seats.
    const office = await browser.newContext();
    await loginAs(await office.newPage(), DEMO.admin);
    const sale = await office.request.post('/api/v1/admin/box-office/sales', {
      data: {
        event_id: eventId,
        items: [
          { ticket_type_id: date.categories.platea.ticket_type_id, quantity: 2, seat_ids: pair.seats.map((s) => s.id) },
        ],
        method: 'cash',
      },
    });
    expect(sale.status(), await sale.text()).toBe(201);
    const started = Date.now();
    await expect(seatBox(page, pair.seats[0].name)).toHaveAttribute('aria-label', /ocupada/, { timeout: 4000 });
    // D1's mirror (about a second), the endpoint's second of cache and the page's 1 s poll: about 2 s on a quiet
    // machine; this shared one gets 4 s before the test calls it a failure.
    const seen = Date.now() - started;
    console.log(`seat_taken_shown_ms=${seen}`);
    expect(seen).toBeLessThan(4000);
    await office.close();
  });

  // A first hold (one that replaces none) reaches the map as fast: its seats are copied in the mirror's next round.
  test("another buyer's first hold turns its seats taken on the open map within 2 s", async ({ page, browser }) => {
    const { eventId, date, pair } = await plateaOpen(page);
    const other = await browser.newContext();
    await createVerifiedUser(other.request, 'butacas-otro');
    const held = await other.request.post('/api/v1/holds', {
      data: {
        event_id: eventId,
        items: [
          { ticket_type_id: date.categories.platea.ticket_type_id, quantity: 2, seat_ids: pair.seats.map((s) => s.id) },
        ],
      },
    });
    expect(held.status(), await held.text()).toBe(201);
    await expect(seatBox(page, pair.seats[0].name)).toHaveAttribute('aria-label', /ocupada/, { timeout: 4000 });
    await other.close();
  });
});

test('a keyboard-only buyer picks two seats from the list (section, row, seat) and holds them', async ({ page }) => {
  await createVerifiedUser(page.request, 'butacas-teclado');
  const { eventId, date } = await theatre(page.request);
  const pair = await freePair(page.request, eventId, date.event_date_id, 'pullman');
  await page.goto(`/eventos/${eventId}`);
  await page.locator('astro-island[component-url*="seat-picker"]:not([ssr])').first().waitFor({ state: 'attached' });
  // From here on only the keyboard.
  await page.getByRole('button', { name: 'Lista' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Lista' }).first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^Platea Quedan/ }).focus();
  await page.keyboard.press('Tab'); // Pullman's button, the next section
  await expect(page.getByRole('button', { name: /^Pullman Quedan/ })).toBeFocused();
  await page.keyboard.press('Enter');
  // The focus lands on the opened section's heading; then "Volver" and the row.
  await expect(page.getByRole('heading', { name: 'Pullman', exact: true })).toBeFocused();
  // The section's seats load on demand ("Cargando…" meanwhile): the person tabs on once its row chooser shows.
  const row = page.getByRole('combobox', { name: 'Fila' });
  await expect(row).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(row).toBeFocused();
  // Type-ahead picks the row, as on any select.
  await page.keyboard.type(`Fila ${pair.row}`);
  await expect(row.locator('option:checked')).toHaveText(`Fila ${pair.row}`);
  await page.keyboard.press('Tab');
  await expect(seatBox(page, pair.seats[0].name)).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(seatBox(page, pair.seats[1].name)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(seatBox(page, pair.seats[0].name)).toBeChecked();
  await expect(seatBox(page, pair.seats[1].name)).toHaveAccessibleName(`${pair.seats[1].name}, elegida, $\u00a012.000`);
  await expectNoSeriousA11yViolations(page, 'the seat list');
  const hold = page.getByRole('button', { name: 'Reservar y pagar' });
  for (let i = 0; i < 60 && !(await hold.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(hold).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\?order=/);
  await expect(page.getByTestId('order-seats').getByRole('listitem')).toHaveText(pair.seats.map((s) => s.name));
});

test('"Mejor ubicación disponible" for 4 shows the 4 seats on the map before paying', async ({ page }) => {
  await createVerifiedUser(page.request, 'butacas-mejor');
  const { eventId } = await theatre(page.request);
  await page.goto(`/eventos/${eventId}`);
  await page.locator('astro-island[component-url*="seat-picker"]:not([ssr])').first().waitFor({ state: 'attached' });
  const best = page.getByRole('form', { name: 'Mejor ubicación disponible' }).first();
  await best.getByLabel('Cantidad').selectOption('4');
  await best.getByLabel('Ubicación').selectOption({ label: 'Pullman · $\u00a012.000' });
  await best.getByRole('button', { name: 'Buscar la mejor ubicación' }).click();
  const result = page.getByTestId('best-result');
  await expect(result).toContainText('Te reservamos estas 4 butacas');
  const names = await result.getByRole('listitem').allTextContents();
  expect(names).toHaveLength(4);
  // One row, and on the map as the buyer's.
  expect(new Set(names.map((n) => n.split(', butaca')[0])).size).toBe(1);
  for (const name of names) await expect(seatBox(page, name)).toHaveAttribute('aria-checked', 'true');
  // Once the availability lists them taken (the hold reached the mirror), the next poll still shows them as the
  // buyer's, never as taken by someone else.
  const ids = await Promise.all(names.map((name) => seatBox(page, name).getAttribute('data-seat')));
  await page.waitForResponse(async (r) => {
    if (!r.url().includes('/holds/seats/availability')) return false;
    const body = await r.text();
    return ids.every((id) => body.includes(`"${id}"`));
  });
  for (const name of names) await expect(seatBox(page, name)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/ya no está disponible/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the best-available picker');
  await result.getByRole('link', { name: 'Ir a pagar' }).click();
  await expect(page.getByTestId('order-seats').getByRole('listitem')).toHaveText(names);
  await payAtCheckout(page);
});

test('the box office sells a seat picked on the same map', async ({ page }) => {
  test.slow();
  await loginAs(page, DEMO.admin);
  const { eventId, date } = await theatre(page.request);
  const pair = await freePair(page.request, eventId, date.event_date_id, 'palco-izq');
  await page.goto('/admin/tickets');
  await page.locator('astro-island[component-url*="admin-orders"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByText('Venta en boletería').click();
  const form = page.getByRole('form', { name: 'Venta en boletería' });
  await form.getByRole('combobox', { name: 'Evento' }).selectOption({ label: EVENT });
  const type = String(date.categories.palcos.ticket_type_id);
  await expect(form.getByRole('combobox', { name: 'Entrada' }).locator(`option[value="${type}"]`)).toHaveCount(1);
  await form.getByRole('combobox', { name: 'Entrada' }).selectOption(type);
  await form.getByRole('button', { name: /^Palcos izquierda Quedan/ }).click();
  await seatBox(form, pair.seats[0].name).click();
  await expect(form.getByLabel('Cantidad')).toHaveValue('1');
  await expectNoSeriousA11yViolations(page, "the box office's seat map");
  await form.getByLabel('Efectivo').check();
  await form.getByRole('button', { name: /Cobrar/ }).click();
  await expect(page.getByRole('heading', { name: 'Venta registrada' })).toBeVisible();
  // The seat is sold: the buyer's map shows it taken (D1's mirror, within the cold-start lag noted above).
  const taken = async () =>
    (
      (await (
        await page.request.get(`/api/v1/holds/seats/availability?event_id=${eventId}&section=palco-izq`)
      ).json()) as { data: { dates: { event_date_id: number; taken: string[] }[] } }
    ).data.dates.find((d) => d.event_date_id === date.event_date_id)!.taken;
  await expect.poll(taken, { timeout: 90_000, intervals: [1000] }).toContain(pair.seats[0].id);
});
