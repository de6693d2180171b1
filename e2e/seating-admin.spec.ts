import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, loginAs, newPage } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 33, the producer's back office for reserved seating: a map made with the generator (live preview),
 * exported and imported (a duplicate seat is refused naming it), edited on the map (blocks, flags; mouse,
 * shift-click and keyboard), a date set up as seated with held seats for sponsors, what a buyer then sees, and a
 * new version that would drop a sold seat refused with the list. Everything is the spec's own: its event, its
 * map (a unique name), so it runs again and again on one instance.
 */

type Seat = { id: string; number: string };
type MapDoc = {
  format: string;
  name: string;
  sections: { id: string; kind: string; rows?: { label: string; seats: Seat[] }[] }[];
};

/** A seat of the producer's grid or the buyer's map, by its name ("Platea, fila A, butaca 1"). */
const seat = (scope: Page | Locator, name: string) => scope.getByRole('checkbox', { name: new RegExp(`^${name}, `) });

async function testEvent(page: Page, title: string) {
  const created = await page.request.post('/dev/checkout/test-event', {
    data: { capacity: 10, price_cents: 0, title },
  });
  expect(created.status()).toBe(200);
  return (await created.json()) as { event_id: number; event_date_id: number; producer_id: number };
}

test('a producer makes a map, edits it, sells a date with it and keeps seats for sponsors', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const mapName = `Sala e2e ${stamp}`;
  const title = `Teatro del back office ${stamp}`;
  await loginAs(page, DEMO.admin);
  const event = await testEvent(page, title);

  // 1. The generator: two seated sections, drawn live before anything is saved.
  await page.goto(`/admin/mapas?productora=${event.producer_id}`);
  const generator = page.getByRole('region', { name: 'Crear con el generador' });
  await generator.getByLabel('Nombre del mapa').fill(mapName);
  const first = generator.getByRole('group', { name: 'Sector 1' });
  await first.getByLabel('Filas', { exact: true }).fill('4');
  await first.getByLabel('Butacas por fila').fill('8');
  await first.getByLabel('Curva').fill('0,2');
  await generator.getByRole('button', { name: 'Agregar sector' }).click();
  const second = generator.getByRole('group', { name: 'Sector 2' });
  await second.getByLabel('Nombre del sector').fill('Pullman');
  await second.getByLabel('Categoría').fill('Pullman');
  await second.getByLabel('Filas', { exact: true }).fill('2');
  await second.getByLabel('Butacas por fila').fill('6');
  await second.getByLabel('Numeración').selectOption({ label: 'Corrida: 1, 2, 3… de izquierda a derecha' });
  await expect(generator.getByTestId('preview-summary')).toHaveText('44 butacas en 2 sectores');
  await expect(generator.getByRole('img', { name: `Vista previa de ${mapName}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the venue maps page');
  await generator.getByRole('button', { name: 'Crear mapa' }).click();
  const row = page.getByTestId('map-row').filter({ hasText: mapName });
  await expect(row).toContainText('v1');
  await expect(row).toContainText('44');
  await expect(row).toContainText('Ninguna');

  // 2. Export: the document the import takes.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Exportar JSON de ${mapName}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`sala-e2e-${stamp}.json`);
  const doc = JSON.parse(await readFile(await download.path(), 'utf8')) as MapDoc;
  expect(doc.format).toBe('boleteria.mapa/1');
  expect(doc.sections.map((s) => s.id)).toEqual(['platea', 'pullman']);

  // 3. Import a copy with a seat twice: refused in Spanish, naming the seat; nothing is created.
  const twice = structuredClone(doc);
  twice.name = `${mapName} copia`;
  const rowA = twice.sections[0].rows![0];
  rowA.seats.push({ ...rowA.seats[0] });
  const importer = page.getByRole('region', { name: 'Importar un mapa' });
  await importer.getByLabel('Archivo JSON').setInputFiles({
    name: 'copia.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(twice)),
  });
  await importer.getByRole('button', { name: 'Importar' }).click();
  await expect(importer.getByRole('alert')).toContainText(
    `La butaca "${rowA.seats[0].id}" (Platea, fila A, butaca ${rowA.seats[0].number}) está repetida en el mapa.`,
  );
  await expect(page.getByTestId('map-row').filter({ hasText: `${mapName} copia` })).toHaveCount(0);

  // 4. The editor: block three seats of row A with a click and a shift-click.
  await row.getByRole('link', { name: `Editar ${mapName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Mapa: ${mapName}` })).toBeVisible();
  const platea = page.getByRole('region', { name: 'Butacas de Platea' });
  await seat(platea, 'Platea, fila A, butaca 1').click();
  await seat(platea, 'Platea, fila A, butaca 5').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selected-count')).toHaveText('3 butacas elegidas');
  await page.getByLabel('Motivo del bloqueo').selectOption({ label: 'Técnica' });
  await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(page.getByTestId('map-version')).toContainText('Versión 2');
  for (const n of ['1', '3', '5'])
    await expect(seat(platea, `Platea, fila A, butaca ${n}`)).toHaveAccessibleName(
      `Platea, fila A, butaca ${n}, Platea, bloqueada (técnica)`,
    );
  await expect(page.getByTestId('selected-count')).toHaveText('0 butacas elegidas');
  await expectNoSeriousA11yViolations(page, 'the map editor');

  // Keyboard only: one tab stop for the section (the seat last touched), the arrows to row B's centre, Space.
  await page.getByRole('button', { name: 'Todo el sector' }).first().focus();
  await page.keyboard.press('Tab');
  await expect(seat(platea, 'Platea, fila A, butaca 5')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(seat(platea, 'Platea, fila B, butaca 5')).toBeFocused();
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
  await expect(seat(platea, 'Platea, fila B, butaca 1')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(seat(platea, 'Platea, fila B, butaca 1')).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('Lugar para silla de ruedas').check();
  await page.getByRole('button', { name: 'Aplicar marcas' }).click();
  await expect(page.getByTestId('map-version')).toContainText('Versión 3');
  await seat(platea, 'Platea, fila B, butaca 2').click();
  await page.getByLabel('Lugar para silla de ruedas').uncheck();
  await page.getByLabel('Acompañante').check();
  await page.getByRole('button', { name: 'Aplicar marcas' }).click();
  await expect(page.getByTestId('map-version')).toContainText('Versión 4');
  await expect(seat(platea, 'Platea, fila B, butaca 1')).toHaveAccessibleName(
    'Platea, fila B, butaca 1, silla de ruedas, Platea, a la venta',
  );
  await expect(seat(platea, 'Platea, fila B, butaca 2')).toHaveAccessibleName(
    'Platea, fila B, butaca 2, acompañante, Platea, a la venta',
  );

  // A drag across Pullman's first row picks the seats it passes; then the section moves back (a new version).
  const pullman = page.getByRole('region', { name: 'Butacas de Pullman' });
  await pullman.scrollIntoViewIfNeeded();
  const from = await seat(pullman, 'Pullman, fila A, butaca 1').boundingBox();
  const to = await seat(pullman, 'Pullman, fila A, butaca 4').boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByTestId('selected-count')).toHaveText('4 butacas elegidas');
  await page.getByRole('button', { name: 'Quitar la selección' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('0 butacas elegidas');
  await page.getByLabel('Sector', { exact: true }).selectOption({ label: 'Pullman' });
  await page.getByLabel('Posición vertical (y)').fill('30');
  await page.getByRole('button', { name: 'Mover', exact: true }).click();
  await expect(page.getByTestId('map-version')).toContainText('Versión 5');

  // 5. The event's date sold on the map: a price per category, the wheelchair reserve (2 %) and its release.
  await page.goto(`/admin/butacas/${event.event_id}`);
  const date = page.getByTestId('seating-date');
  await date.getByLabel('Mapa', { exact: true }).selectOption({ label: mapName });
  await date.getByLabel('Precio de Platea (en pesos)').fill('1000');
  await date.getByLabel('Precio de Pullman (en pesos)').fill('800');
  await expect(date.getByLabel('Reserva para silla de ruedas (%)')).toHaveValue('2');
  await date.getByLabel('Liberar la reserva para silla de ruedas el').fill('2030-01-10T20:00');
  await expectNoSeriousA11yViolations(page, 'a seated event before it is set up');
  await date.getByRole('button', { name: 'Vender con butacas' }).click();
  await expect(date).toContainText(`Se vende con el mapa ${mapName} (versión 5).`);
  const seating = async () =>
    (
      (await (await page.request.get(`/api/v1/admin/events/${event.event_id}/seating`)).json()) as {
        data: {
          wheelchair_release_at: string | null;
          ticket_types: { id: number; name: string; price_cents: number; capacity: number }[];
        }[];
      }
    ).data[0];
  const types = (await seating()).ticket_types;
  expect(types.map((t) => [t.name, t.price_cents, t.capacity])).toEqual([
    ['Platea', 1000_00, 29],
    ['Pullman', 800_00, 12],
  ]);
  expect((await seating()).wheelchair_release_at).toBe('2030-01-10T20:00:00-03:00');

  // The reserve's release time moves on its own (PATCH).
  await date.getByLabel('Liberar la reserva para silla de ruedas el').fill('2030-01-11T21:30');
  await date.getByRole('button', { name: 'Guardar horario' }).click();
  await expect.poll(async () => (await seating()).wheelchair_release_at).toBe('2030-01-11T21:30:00-03:00');

  // 6. Held seats: two seats of row C for sponsors, on sale from a set time.
  const held = date.getByRole('region', { name: 'Butacas reservadas' });
  await held.getByLabel('Grupo').selectOption({ label: 'Sponsors' });
  const heldPlatea = held.getByRole('region', { name: 'Butacas de Platea' });
  await seat(heldPlatea, 'Platea, fila C, butaca 7').click();
  await seat(heldPlatea, 'Platea, fila C, butaca 5').click();
  await held.getByLabel('Sponsors: liberar el').fill('2030-01-05T20:00');
  await held.getByRole('button', { name: 'Guardar butacas reservadas' }).click();
  await expect(held.getByTestId('held-count-sponsors')).toHaveText('Sponsors: 2 butacas · guarda 2');
  await expect(seat(heldPlatea, 'Platea, fila C, butaca 7')).toHaveAccessibleName(
    'Platea, fila C, butaca 7, reservada para Sponsors',
  );
  await expectNoSeriousA11yViolations(page, 'a seated event with held seats');
  const kept = (await (
    await page.request.get(`/api/v1/admin/events/${event.event_id}/seating/${event.event_date_id}/held-seats`)
  ).json()) as { data: { groups: { group: string; release_at: string | null; seat_ids: string[] }[] } };
  expect(kept.data.groups.find((g) => g.group === 'sponsors')).toMatchObject({
    release_at: '2030-01-05T23:00:00.000Z',
    seat_ids: ['platea-C-7', 'platea-C-5'],
  });

  // 7. A buyer sees the blocked and held seats taken, and picks two seats with the keyboard only.
  const buyer = await newPage(browser, DEMO.usuario);
  await buyer.goto(`/eventos/${event.event_id}`);
  await buyer.locator('astro-island[component-url*="seat-picker"]:not([ssr])').first().waitFor({ state: 'attached' });
  await buyer.getByRole('button', { name: /^Platea Quedan/ }).click();
  for (const name of ['Platea, fila A, butaca 1', 'Platea, fila C, butaca 7'])
    await expect(seat(buyer, name)).toHaveAccessibleName(`${name}, ocupada, $\u00a01.000`);
  await buyer.getByRole('button', { name: 'Acercar' }).focus();
  await buyer.keyboard.press('Tab');
  await expect(seat(buyer, 'Platea, fila A, butaca 7')).toBeFocused();
  await buyer.keyboard.press('ArrowDown');
  await expect(seat(buyer, 'Platea, fila B, butaca 7')).toBeFocused();
  await buyer.keyboard.press('Space');
  await buyer.keyboard.press('ArrowRight');
  await buyer.keyboard.press('Enter');
  for (const name of ['Platea, fila B, butaca 7', 'Platea, fila B, butaca 5'])
    await expect(seat(buyer, name)).toHaveAccessibleName(`${name}, elegida, $\u00a01.000`);
  await expect(buyer.getByTestId('picked-seats').getByRole('listitem')).toHaveCount(2);
  await buyer.close();

  // 8. The box office sells D-1; a new version without row D is refused, naming that seat.
  const platType = types.find((t) => t.name === 'Platea')!.id;
  const sale = await page.request.post('/api/v1/admin/box-office/sales', {
    data: {
      event_id: event.event_id,
      items: [{ ticket_type_id: platType, quantity: 1, seat_ids: ['platea-D-1'] }],
      method: 'cash',
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  const mapId = await mapIdOf(page, event.producer_id, mapName);
  await page.goto(`/admin/mapas/${mapId}?productora=${event.producer_id}`);
  const withoutD = structuredClone(doc);
  withoutD.sections[0].rows = withoutD.sections[0].rows!.filter((r) => r.label !== 'D');
  const upload = page.getByRole('form', { name: 'Subir una nueva versión (JSON)' });
  await upload.getByLabel('Archivo JSON').setInputFiles({
    name: 'sin-fila-d.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(withoutD)),
  });
  await upload.getByRole('button', { name: 'Subir versión' }).click();
  const refusal = page.getByTestId('problem');
  await expect(refusal).toContainText('El mapa está en uso');
  await expect(refusal.getByRole('listitem')).toContainText([`Platea, fila D, butaca 1 (${title})`]);
  await expect(page.getByTestId('map-version')).toContainText('Versión 5');
  // Blocking the sold seat is refused the same way.
  await seat(page.getByRole('region', { name: 'Butacas de Platea' }), 'Platea, fila D, butaca 1').click();
  await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(refusal).toContainText('No podés bloquear 1 butaca vendida o reservada. Revisá la lista.');
  await expect(refusal.getByRole('listitem')).toHaveText([`Platea, fila D, butaca 1 (${title})`]);

  // 9. Two editors: another one saves a version while this page shows version 5; this page's edit lands on top of
  // it (version 7) and says so. A clash the API refuses (409) asks to reload the map.
  const other = await page.request.post(`/api/v1/admin/seat-maps/${event.producer_id}/${mapId}/edit`, {
    data: { op: 'flags', seat_ids: ['pullman-A-6'], restricted_view: true },
  });
  expect(other.status(), await other.text()).toBe(200);
  const grid = page.getByRole('region', { name: 'Butacas de Platea' });
  await seat(grid, 'Platea, fila D, butaca 1').click(); // leaves the selection: D-1 was still picked
  await seat(grid, 'Platea, fila D, butaca 8').click();
  await expect(page.getByTestId('selected-count')).toHaveText('1 butaca elegida');
  await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(page.getByTestId('map-version')).toContainText('Versión 7');
  await expect(page.getByRole('status').filter({ hasText: 'Alguien más guardó una versión' })).toBeVisible();
  await page.route('**/api/v1/admin/seat-maps/*/*/edit', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        status: false,
        message: 'Alguien guardó otra versión del mapa mientras lo editabas. Abrilo de nuevo y repetí el cambio.',
      }),
    }),
  );
  await seat(grid, 'Platea, fila D, butaca 6').click();
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(refusal).toContainText('Alguien guardó otra versión del mapa mientras lo editabas.');
  await expect(refusal.getByRole('button', { name: 'Recargar el mapa' })).toBeVisible();
  info.annotations.push({ type: 'map', description: mapName });
});

test('a seated event shows one date at a time in tabs, moved with the arrows and kept in ?fecha=', async ({ page }) => {
  await loginAs(page, DEMO.admin);
  const list = (await (await page.request.get('/api/v1/events?limit=50')).json()) as {
    data: { id: number; title: string }[];
  };
  const eventId = list.data.find((e) => e.title === 'La Casa de Bernarda Alba')!.id;
  await page.goto(`/admin/butacas/${eventId}`);
  const tablist = page.getByRole('tablist', { name: 'Fechas del evento' });
  const tabs = tablist.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  const labels = await tabs.allTextContents();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveCount(1);
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`Fecha: ${labels[0]}`);
  await expectNoSeriousA11yViolations(page, 'the date tabs of a seated event');

  // The keyboard: the arrows move and select (wrapping), End goes to the last; one date's panel shows at a time.
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
  await expect(panel).toHaveCount(1);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`Fecha: ${labels[1]}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(3)).toBeFocused();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`Fecha: ${labels[3]}`);
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
  await tabs.nth(2).click();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`Fecha: ${labels[2]}`);

  // The chosen date is in the address: a reload opens it.
  await expect(page).toHaveURL(/[?&]fecha=\d+/);
  await page.reload();
  await expect(page.getByRole('tab', { selected: true })).toHaveText(labels[2]);
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toHaveText(`Fecha: ${labels[2]}`);
});

async function mapIdOf(page: Page, producerId: number, name: string) {
  const list = (await (await page.request.get(`/api/v1/admin/seat-maps/${producerId}`)).json()) as {
    data: { id: number; name: string }[];
  };
  return list.data.find((m) => m.name === name)!.id;
}
