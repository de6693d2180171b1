import type { APIRequestContext } from '@playwright/test';
import { shortTicketCode } from '../src/shared/checkin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { doorOnPhone } from './support/door';
import { DEMO, loginAs, newPage } from './support/session';
import { expect, test } from './support/test';

/**
 * Reserved seating for staff (issue 33): a seated ticket's seat on the door's result card (answered by the server
 * and decided offline from the download) and in the door's search, and the dashboard's occupancy by section with
 * es-AR counts. axe audits the card and the dashboard.
 */

/** A free seated event of the demo producer: a generated theatre, Platea sold at $ 0. */
async function seatedEvent(request: APIRequestContext) {
  const stamp = Date.now();
  const title = `Teatro con butacas ${stamp}`;
  const created = await request.post('/dev/checkout/test-event', {
    data: { capacity: 10, price_cents: 0, title },
  });
  expect(created.status()).toBe(200);
  const event = (await created.json()) as { event_id: number; event_date_id: number; producer_id: number };
  const map = await request.post(`/api/v1/admin/seat-maps/${event.producer_id}/generate`, {
    data: {
      name: `Sala ${stamp}`,
      categories: [{ key: 'platea', name: 'Platea' }],
      sections: [
        { name: 'Platea', category: 'platea', rows: 4, seats_per_row: 8 },
        { name: 'Pullman', category: 'platea', rows: 2, seats_per_row: 6, numbering: 'consecutive' },
      ],
      standing: [],
    },
  });
  expect(map.status(), await map.text()).toBe(201);
  const seating = await request.put(`/api/v1/admin/events/${event.event_id}/seating`, {
    data: {
      event_date_id: event.event_date_id,
      map_id: ((await map.json()) as { data: { id: number } }).data.id,
      prices: [{ category: 'platea', price_cents: 0 }],
      max_per_order: 6,
      wheelchair_percent: 0,
    },
  });
  expect(seating.status(), await seating.text()).toBe(200);
  const types = ((await seating.json()) as { data: { ticket_types: { id: number; name: string }[] } }).data
    .ticket_types;
  return { ...event, title, typeId: types.find((t) => t.name === 'Platea')!.id };
}

test('the door shows the seat online, offline and in the search; the dashboard shows occupancy by section', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO.admin);
  const event = await seatedEvent(page.request);

  // A buyer takes two seats of row C (free: no payment step).
  const buyer = await newPage(browser, DEMO.usuario);
  const hold = await buyer.request.post('/api/v1/holds', {
    data: {
      event_id: event.event_id,
      items: [{ ticket_type_id: event.typeId, quantity: 2, seat_ids: ['platea-C-1', 'platea-C-2'] }],
    },
  });
  expect(hold.status(), await hold.text()).toBe(201);
  const orderId = ((await hold.json()) as { data: { id: string } }).data.id;
  const checkout = await buyer.request.post(`/api/v1/orders/${orderId}/checkout`, {
    data: {
      buyer: { name: 'Usuario Demo', email: DEMO.usuario, dni: '30123456', phone: '1155550000' },
      accept_terms: true,
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const mine = (await (await buyer.request.get('/api/v1/tickets')).json()) as {
    data: { event: { id: number }; tickets: { id: string; order_id: string; seat_label: string | null }[] }[];
  };
  const tickets = mine.data
    .find((g) => g.event.id === event.event_id)!
    .tickets.filter((t) => t.order_id === orderId)
    .sort((a, b) => (a.seat_label ?? '').localeCompare(b.seat_label ?? ''));
  expect(tickets.map((t) => t.seat_label)).toEqual(['Platea, fila C, butaca 1', 'Platea, fila C, butaca 2']);
  await buyer.context().close();

  // The door, on a phone: the short code read out gives the card with the seat, large.
  const door = await doorOnPhone(browser, event.event_id);
  const entry = door.getByLabel('Código de la entrada');
  await entry.fill(shortTicketCode(tickets[0].id));
  await door.getByRole('button', { name: 'Validar' }).click();
  const admitted = door.locator('[data-result="admitted"]');
  await expect(admitted).toContainText('Entrada válida');
  await expect(admitted.locator('[data-seat]')).toHaveText('Platea, fila C, butaca 1');
  await expectNoSeriousA11yViolations(door, 'the door card with a seat');
  await door.keyboard.press('Escape');
  await expect(admitted).toBeHidden();

  // The search lists the seat beside the type.
  const overlay = door.getByRole('dialog', { name: 'Buscar entrada' });
  await door.getByRole('button', { name: 'Buscar', exact: true }).click();
  await overlay.getByLabel(/^Buscar por nombre, DNI, correo/).fill(shortTicketCode(tickets[1].id));
  await expect(overlay.getByRole('listitem')).toContainText('Platea, fila C, butaca 2');
  await door.keyboard.press('Escape');
  await expect(overlay).toBeHidden();

  // Without network, the second ticket is decided from the download, seat and all.
  await door.context().setOffline(true);
  await entry.fill(shortTicketCode(tickets[1].id));
  await door.getByRole('button', { name: 'Validar' }).click();
  const offline = door.locator('[data-result="admitted"]');
  await expect(offline).toContainText('Validada sin conexión', { timeout: 10_000 });
  await expect(offline.locator('[data-seat]')).toHaveText('Platea, fila C, butaca 2');
  await door.keyboard.press('Escape');
  await door.context().setOffline(false);
  await expect(door.getByTestId('door-pending')).toBeHidden({ timeout: 15_000 });

  // The dashboard: Platea 2 sold of 32, Pullman 12 free (this event's table: other runs' events may show too
  // until the filtered answer arrives).
  await page.goto('/admin/dashboard');
  await page.locator('astro-island[component-url*="sales-dashboard"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Evento').selectOption(String(event.event_id));
  const table = page.getByRole('table', { name: new RegExp(`^Ocupación por sector: ${event.title} · `) });
  await expect(table.getByRole('row', { name: /^Platea/ })).toContainText(/2\s*0\s*30\s*32\s*6 %/);
  await expect(table.getByRole('row', { name: /^Pullman/ })).toContainText(/0\s*0\s*12\s*12/);
  await expectNoSeriousA11yViolations(page, 'the dashboard with occupancy by section');
});

test('an invitation names its seat on a seated event, the door shows it, and a taken seat is refused in Spanish', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO.admin);
  const event = await seatedEvent(page.request);
  await page.goto('/admin/invitations');
  await page.locator('astro-island[component-url*="admin-invitations"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Evento').selectOption(String(event.event_id));
  const form = page.getByRole('form', { name: 'Invitar a una persona' });
  await form.getByLabel('Entrada').selectOption(String(event.typeId));
  const seats = form.getByLabel('Butacas', { exact: true });
  await expect(seats).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the invitation form with seats');
  const guest = `Prensa ${Date.now()}`;
  const send = async (email: string) => {
    await form.getByLabel('Nombre').fill(guest);
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('DNI').fill('30111222');
    await form.getByLabel('Cantidad').fill('1');
    await form.getByLabel('Etiqueta').fill('Prensa');
    await seats.fill('platea-B-4');
    await form.getByRole('button', { name: 'Enviar invitación' }).click();
  };
  const email = `prensa.${Date.now()}@prueba.ar`;
  await send(email);
  await expect(page.getByText(`Enviamos la invitación a ${email} (1 entrada).`)).toBeVisible();
  // The same seat again: refused, naming it.
  await send(`otra.${email}`);
  await expect(form.getByRole('alert')).toHaveText('Platea, fila B, butaca 4 ya está vendida o reservada: elegí otra.');

  // The invitation's ticket at the door, found by its holder's name and let in by hand: its seat on the card.
  const door = await doorOnPhone(browser, event.event_id);
  const overlay = door.getByRole('dialog', { name: 'Buscar entrada' });
  await door.getByRole('button', { name: 'Buscar', exact: true }).click();
  await overlay.getByLabel(/^Buscar por nombre, DNI, correo/).fill(guest);
  const found = overlay.getByRole('listitem').filter({ hasText: guest });
  await expect(found).toContainText('Platea, fila B, butaca 4');
  await found.getByRole('button', { name: 'Registrar ingreso' }).click();
  await expect(door.locator('[data-result="admitted"] [data-seat]')).toHaveText('Platea, fila B, butaca 4');
});

test('an invitation drawn from the seats held for Sponsors gets one of them; a seat outside the group is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO.admin);
  const event = await seatedEvent(page.request);
  const heldSeats = `/api/v1/admin/events/${event.event_id}/seating/${event.event_date_id}/held-seats`;
  const held = await page.request.put(heldSeats, {
    data: { groups: [{ group: 'sponsors', release_at: null, seat_ids: ['platea-D-1', 'platea-D-3'] }] },
  });
  expect(held.status(), await held.text()).toBe(200);

  await page.goto('/admin/invitations');
  await page.locator('astro-island[component-url*="admin-invitations"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Evento').selectOption(String(event.event_id));
  const form = page.getByRole('form', { name: 'Invitar a una persona' });
  const group = form.getByLabel('Tomar de las butacas guardadas');
  await expect(group).toBeHidden();
  await form.getByLabel('Entrada').selectOption(String(event.typeId));
  await expect(group).toHaveValue('');
  await group.selectOption({ label: 'Sponsors' });
  await expectNoSeriousA11yViolations(page, 'the invitation form with a held group');
  const guest = `Sponsor ${Date.now()}`;
  const send = async (email: string, seatIds = '') => {
    await form.getByLabel('Nombre').fill(guest);
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('DNI').fill('30111333');
    await form.getByLabel('Cantidad').fill('1');
    await form.getByLabel('Etiqueta').fill('Sponsors');
    await form.getByLabel('Butacas', { exact: true }).fill(seatIds);
    await form.getByRole('button', { name: 'Enviar invitación' }).click();
  };
  // A seat the group does not keep: the API's Spanish 409, in the form.
  const email = `sponsor.${Date.now()}@prueba.ar`;
  await send(`fuera.${email}`, 'platea-A-1');
  await expect(form.getByRole('alert')).toHaveText(
    'Platea, fila A, butaca 1 no está guardada para Sponsors: elegí una butaca de ese grupo o sacá el grupo.',
  );
  // No seat named: the best of the group's seats, which then leaves the group.
  await send(email);
  await expect(page.getByText(`Enviamos la invitación a ${email} (1 entrada).`)).toBeVisible();
  const kept = (await (await page.request.get(heldSeats)).json()) as {
    data: { groups: { group: string; seat_ids: string[] }[] };
  };
  const left = kept.data.groups.find((g) => g.group === 'sponsors')!.seat_ids;
  expect(left).toHaveLength(1);
  const given = ['platea-D-1', 'platea-D-3'].find((id) => id !== left[0])!;
  const label = `Platea, fila D, butaca ${given.split('-')[2]}`;

  // The guest's ticket, found at the door by name, has that seat.
  const door = await doorOnPhone(browser, event.event_id);
  await door.getByRole('button', { name: 'Buscar', exact: true }).click();
  const overlay = door.getByRole('dialog', { name: 'Buscar entrada' });
  await overlay.getByLabel(/^Buscar por nombre, DNI, correo/).fill(guest);
  await expect(overlay.getByRole('listitem').filter({ hasText: guest })).toContainText(label);
});

test('a CSV of invitations draws from held seats: the file picks Sponsors, a row picks RRPP; a bad group is named by row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO.admin);
  const event = await seatedEvent(page.request);
  const heldSeats = `/api/v1/admin/events/${event.event_id}/seating/${event.event_date_id}/held-seats`;
  const held = await page.request.put(heldSeats, {
    data: {
      groups: [
        { group: 'sponsors', release_at: null, seat_ids: ['platea-D-1', 'platea-D-2'] },
        { group: 'rrpp', release_at: null, seat_ids: ['platea-C-1'] },
      ],
    },
  });
  expect(held.status(), await held.text()).toBe(200);

  await page.goto('/admin/invitations');
  await page.locator('astro-island[component-url*="admin-invitations"]:not([ssr])').waitFor({ state: 'attached' });
  await page.getByLabel('Evento').selectOption(String(event.event_id));
  const importer = page.getByRole('form', { name: 'Importar invitaciones desde un CSV' });
  await expect(importer).toContainText('agregá la columna "butacas guardadas"');
  await importer.getByLabel('Tomar de las butacas guardadas').selectOption({ label: 'Sponsors' });
  await expectNoSeriousA11yViolations(page, 'the CSV import with a held group');
  const stamp = Date.now().toString(36);
  const upload = async (lines: string[]) => {
    await importer.getByLabel('Archivo CSV').setInputFiles({
      name: 'invitados.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['nombre;email;dni;cantidad;tipo;etiqueta;butacas guardadas', ...lines].join('\n')),
    });
    await importer.getByRole('button', { name: 'Importar y enviar' }).click();
  };
  const sponsor = `Ana Sponsor;ana-${stamp}@prueba.ar;30111222;2;Platea;Sponsors;`;
  await upload([sponsor, `Carla Palco;carla-${stamp}@prueba.ar;30111223;1;Platea;Palcos;palco`]);
  const problems = importer.getByRole('alert');
  await expect(problems).toContainText('Revisá el archivo: una fila tiene errores. No se importó ninguna invitación.');
  await expect(problems.getByRole('listitem').filter({ hasText: 'Fila 3' })).toContainText(
    'Elegí de qué butacas guardadas sale la invitación: boletería, sponsors o RRPP.',
  );

  await upload([sponsor, `Carla RRPP;carla-${stamp}@prueba.ar;30111223;1;Platea;RRPP;RRPP`]);
  await expect(page.getByText('Enviamos 2 invitaciones (3 entradas).')).toBeVisible();
  // Each group gave its seats: nothing is left kept.
  const kept = (await (await page.request.get(heldSeats)).json()) as {
    data: { groups: { group: string; seat_ids: string[] }[] };
  };
  expect(kept.data.groups.map((g) => [g.group, g.seat_ids])).toEqual([
    ['rrpp', []],
    ['sponsors', []],
  ]);
});
