import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { finishPastEvents } from '../../../functions/api/services/events/list';
import { type Actor, createUser, makeUser, PASSWORD } from '../kit/actors';
import { call } from '../kit/call';
import { type EventData, eventBody } from '../kit/events';
import { browser, cookiesFrom } from '../kit/http';

async function userWithEvent(): Promise<{ user: Actor; event: EventData }> {
  const user = await makeUser('USER');
  const res = await call(user, 'POST /admin/events', { json: eventBody() });
  expect(res.status).toBe(201);
  return { user, event: res.body.data };
}

describe('creating events', () => {
  it('makes a USER the ADMIN of a new producer on their first event and answers role_update', async () => {
    const user = await makeUser('USER');
    const res = await call(user, 'POST /admin/events', { json: eventBody({ producer_name: 'Sonidos del Sur' }) });
    expect(res.status).toBe(201);
    expect(res.body.role_update).toBe(true);
    expect(res.body.data.status).toBe('borrador');
    const row = await env.DB.prepare('select rol from users where id = ?').bind(user.id).first<{ rol: string }>();
    expect(row?.rol).toBe('ADMIN');
    const producer = await env.DB.prepare(
      'select p.name from producers p join producer_members m on m.producer_id = p.id where m.user_id = ?',
    )
      .bind(user.id)
      .first<{ name: string }>();
    expect(producer?.name).toBe('Sonidos del Sur');
  });

  it('does not answer role_update on the second event', async () => {
    const { user } = await userWithEvent();
    const res = await call(user, 'POST /admin/events', { json: eventBody({ title: 'Segunda fecha' }) });
    expect(res.status).toBe(201);
    expect(res.body.role_update).toBeUndefined();
  });

  it('stores dates in Buenos Aires time and ticket prices in cents', async () => {
    const { event } = await userWithEvent();
    const row = await env.DB.prepare('select starts_at from event_dates where event_id = ?')
      .bind(event.id)
      .first<{ starts_at: string }>();
    expect(row?.starts_at).toMatch(/T21:00:00-03:00$/);
    const prices = await env.DB.prepare(
      'select price_cents from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = ? order by price_cents',
    )
      .bind(event.id)
      .all<{ price_cents: number }>();
    expect(prices.results.map((r) => r.price_cents)).toEqual([1_500_000, 4_000_000]);
  });

  it('refuses an event without a title or category with Spanish messages', async () => {
    const user = await makeUser('USER');
    const res = await call(user, 'POST /admin/events', { json: { title: '', category: 'Ópera' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.title).toEqual(['El título debe tener al menos 3 caracteres']);
    expect(res.body.errors?.category).toEqual(['Elegí la categoría del evento']);
  });

  it('refuses a negative price and a maximum below the minimum', async () => {
    const user = await makeUser('USER');
    const body = eventBody();
    body.dates = [
      {
        starts_at: '2030-01-10T21:00',
        ticket_types: [{ name: 'General', price_cents: -5, capacity: 10, min_per_order: 4, max_per_order: 2 }],
      },
    ] as never;
    const res = await call(user, 'POST /admin/events', { json: body });
    expect(res.status).toBe(400);
    expect(res.body.errors?.['dates.0.ticket_types.0.price_cents']).toEqual(['El precio no puede ser negativo']);
  });

  it('refuses an invalid date with "Ingresá la fecha y hora de inicio"', async () => {
    const user = await makeUser('USER');
    const res = await call(user, 'POST /admin/events', {
      json: eventBody({ dates: [{ starts_at: 'mañana', ticket_types: [] }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Ingresá la fecha y hora de inicio');
  });

  it('refuses a visitor with 401', async () => {
    const res = await call(null, 'POST /admin/events', { json: eventBody() });
    expect(res.status).toBe(401);
  });
});

describe('editing events', () => {
  it('updates a ticket price and adds a date', async () => {
    const { user, event } = await userWithEvent();
    const current = (await call(user, 'GET /admin/events/:id', { param: { id: event.id } })).body.data;
    const date = current.dates[0] as unknown as Record<string, unknown> & { ticket_types: Record<string, unknown>[] };
    date.ticket_types[0].price_cents = 1_800_000;
    const res = await call(user, 'PUT /admin/events/:id', {
      param: { id: event.id },
      json: {
        ...current,
        dates: [
          date,
          { starts_at: '2030-03-01T20:00', ticket_types: [{ name: 'General', price_cents: 0, capacity: 50 }] },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.dates).toHaveLength(2);
    const price = await env.DB.prepare('select price_cents from ticket_types where id = ?')
      .bind(event.dates[0].ticket_types[0].id)
      .first<{ price_cents: number }>();
    expect(price?.price_cents).toBe(1_800_000);
  });

  it('refuses to lower a capacity below the tickets sold', async () => {
    const { user, event } = await userWithEvent();
    const type = event.dates[0].ticket_types[0];
    await env.DB.prepare('update ticket_types set sold = 30 where id = ?').bind(type.id).run();
    const current = (await call(user, 'GET /admin/events/:id', { param: { id: event.id } })).body.data;
    current.dates[0].ticket_types[0].capacity = 10;
    const res = await call(user, 'PUT /admin/events/:id', { param: { id: event.id }, json: current });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('no puede ser menor a las entradas ya vendidas');
  });

  it('duplicates an event as a new draft', async () => {
    const { user, event } = await userWithEvent();
    const res = await call(user, 'POST /admin/events/:id/duplicate', { param: { id: event.id } });
    expect(res.status).toBe(201);
    expect(res.body.data.id).not.toBe(event.id);
    expect(res.body.data.title).toBe('Noche de Jazz en San Telmo (copia)');
    expect(res.body.data.dates[0].ticket_types).toHaveLength(2);
  });

  it('deletes an event without sales and refuses one with sales', async () => {
    const { user, event } = await userWithEvent();
    const other = (await call(user, 'POST /admin/events', { json: eventBody({ title: 'Con ventas' }) })).body.data;
    await env.DB.prepare('update ticket_types set sold = 1 where id = ?').bind(other.dates[0].ticket_types[0].id).run();
    expect((await call(user, 'DELETE /admin/events/:id', { param: { id: event.id } })).status).toBe(200);
    const refused = await call(user, 'DELETE /admin/events/:id', { param: { id: other.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No se puede eliminar un evento con entradas vendidas. Podés cancelarlo.');
  });
});

describe('ownership across producers', () => {
  it('keeps one producer admin out of another producer events', async () => {
    const a = await userWithEvent();
    const b = await userWithEvent();
    const id = a.event.id;
    expect((await call(b.user, 'GET /admin/events/:id', { param: { id: id } })).status).toBe(403);
    expect((await call(b.user, 'PUT /admin/events/:id', { param: { id: id }, json: eventBody() })).status).toBe(403);
    expect((await call(b.user, 'POST /admin/events/:id/publish', { param: { id: id } })).status).toBe(403);
    expect((await call(b.user, 'POST /admin/events/:id/cancel', { param: { id: id }, json: {} })).status).toBe(403);
    expect((await call(b.user, 'POST /admin/events/:id/duplicate', { param: { id: id } })).status).toBe(403);
    expect((await call(b.user, 'DELETE /admin/events/:id', { param: { id: id } })).status).toBe(403);
    const list = await call(b.user, 'GET /admin/events');
    expect(list.body.data.map((e) => e.id)).not.toContain(id);
    const create = await call(b.user, 'POST /admin/events', { json: eventBody({ producer_id: a.event.producer_id }) });
    expect(create.status).toBe(403);
  });

  it('lets a collaborator read but not change the producer events', async () => {
    const { event } = await userWithEvent();
    const collaborator = await makeUser('COLABORATORS');
    await env.DB.prepare(`insert into producer_members (producer_id, user_id, role) values (?, ?, 'DOOR')`)
      .bind(event.producer_id, collaborator.id)
      .run();
    expect((await call(collaborator, 'GET /admin/events/:id', { param: { id: event.id } })).status).toBe(200);
    const put = await call(collaborator, 'PUT /admin/events/:id', { param: { id: event.id }, json: eventBody() });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe('No tenés permisos sobre este evento');
  });

  it('lets a superadmin see every producer events and filter by producer', async () => {
    const a = await userWithEvent();
    const b = await userWithEvent();
    const admin = await makeUser('SUPERADMIN');
    const all = await call(admin, 'GET /admin/events');
    expect(all.body.data.map((e) => e.id)).toEqual(expect.arrayContaining([a.event.id, b.event.id]));
    const filtered = await call(admin, 'GET /admin/events', { query: { producer_id: a.event.producer_id } });
    expect(filtered.body.data.map((e) => e.id)).toEqual([a.event.id]);
  });
});

describe('public catalogue', () => {
  it('hides drafts and shows published events with availability', async () => {
    const { user, event } = await userWithEvent();
    expect((await call(null, 'GET /events/:id', { param: { id: event.id } })).status).toBe(404);
    const superadmin = await makeUser('SUPERADMIN');
    await call(user, 'POST /admin/events/:id/publish', { param: { id: event.id } });
    await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } });
    await env.DB.prepare('update ticket_types set sold = 96 where id = ?')
      .bind(event.dates[0].ticket_types[0].id)
      .run();
    await env.DB.prepare('update ticket_types set sold = 20 where id = ?')
      .bind(event.dates[0].ticket_types[1].id)
      .run();
    const res = await call(null, 'GET /events/:id', { param: { id: event.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.dates[0].ticket_types.map((t) => [t.name, t.availability])).toEqual([
      ['General', 'ultimas'],
      ['VIP', 'agotado'],
    ]);
    const list = await call(null, 'GET /events', { query: { provincia: '1', categoria: 'Música', q: 'jazz' } });
    expect(list.body.data.map((e) => e.id)).toContain(event.id);
    const otherProvince = await call(null, 'GET /events', { query: { provincia: '6' } });
    expect(otherProvince.body.data.map((e) => e.id)).not.toContain(event.id);
  });

  it('re-versions the listings and the event page when a price changes', async () => {
    const { event } = await userWithEvent();
    const page = { query: { evento: String(event.id) } };
    const before = [
      (await call(null, 'GET /catalog/version')).body.version,
      (await call(null, 'GET /catalog/version', page)).body.version,
    ];
    await env.DB.prepare('update ticket_types set price_cents = 1 where id = ?')
      .bind(event.dates[0].ticket_types[0].id)
      .run();
    const after = [
      (await call(null, 'GET /catalog/version')).body.version,
      (await call(null, 'GET /catalog/version', page)).body.version,
    ];
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });
});

describe('role upgrade through the edge', () => {
  it('answers role_update to a browser and the refreshed session carries ADMIN', async () => {
    const user = await createUser({ rol: 'USER' });
    const login = await browser('/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookies = cookiesFrom(login);
    const created = await browser('/api/v1/admin/events', {
      method: 'POST',
      cookies,
      body: JSON.stringify(eventBody()),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { role_update?: boolean }).role_update).toBe(true);
    const refreshed = await browser('/api/v1/refresh', { method: 'POST', cookies });
    expect(((await refreshed.json()) as { session: { rol: string } }).session.rol).toBe('ADMIN');
  });
});

describe('finishing past events', () => {
  it('marks published events whose last date passed as finalizado, and leaves upcoming ones', async () => {
    const { user, event } = await userWithEvent();
    const superadmin = await makeUser('SUPERADMIN');
    await call(user, 'POST /admin/events/:id/publish', { param: { id: event.id } });
    await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } });
    await finishPastEvents(env.DB);
    expect((await call(null, 'GET /events/:id', { param: { id: event.id } })).body.data.status).toBe('publicado');
    await finishPastEvents(env.DB, new Date(Date.now() + 30 * 86_400_000));
    expect((await call(null, 'GET /events/:id', { param: { id: event.id } })).body.data.status).toBe('finalizado');
  });
});
