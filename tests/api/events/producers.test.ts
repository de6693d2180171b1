import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { eventBody } from '../kit/events';

async function producerOfNewUser(name: string) {
  const user = await makeUser('USER');
  const event = (await call(user, 'POST /admin/events', { json: eventBody({ producer_name: name }) })).body.data;
  return { user, producerId: event.producer_id, event };
}

const producerBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Productora Renovada',
  description: 'Hacemos fiestas.',
  contact_email: 'hola@renovada.com.ar',
  contact_phone: '1144445555',
  instagram: 'https://instagram.com/renovada',
  city: 'Rosario',
  provinces_id: 21,
  ...overrides,
});

describe('producers', () => {
  it('lists the caller producers in the back office', async () => {
    const { user, producerId } = await producerOfNewUser('Mi Productora');
    const res = await call(user, 'GET /admin/producers');
    expect(res.body.data).toEqual([expect.objectContaining({ id: producerId, name: 'Mi Productora', role: 'ADMIN' })]);
  });

  it('updates a producer for its admin and shows it on the public page', async () => {
    const { user, producerId } = await producerOfNewUser('Vieja Productora');
    const res = await call(user, 'PUT /admin/producers/:id', { param: { id: producerId }, json: producerBody() });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Productora Renovada');
    const page = await call(null, 'GET /producers/:slug', { param: { slug: res.body.data.slug } });
    expect(page.body.data).toMatchObject({ name: 'Productora Renovada', city: 'Rosario', province: 'Santa Fe' });
  });

  it('validates producer fields in Spanish', async () => {
    const { user, producerId } = await producerOfNewUser('Validada');
    const res = await call(user, 'PUT /admin/producers/:id', {
      param: { id: producerId },
      json: producerBody({ name: '', contact_email: 'no-es-correo', website: 'ftp://x' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: ['El nombre de la productora es requerido'],
      contact_email: ['Correo debe ser valido'],
      website: ['Ingresá un enlace que empiece con https://'],
    });
  });

  it('keeps another producer admin and its collaborators from changing it', async () => {
    const a = await producerOfNewUser('Productora A');
    const b = await producerOfNewUser('Productora B');
    expect((await call(b.user, 'GET /admin/producers/:id', { param: { id: a.producerId } })).status).toBe(403);
    const put = await call(b.user, 'PUT /admin/producers/:id', { param: { id: a.producerId }, json: producerBody() });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe('No tenés permisos sobre esta productora');
    const collaborator = await makeUser('COLABORATORS');
    await env.DB.prepare(`insert into producer_members (producer_id, user_id, role) values (?, ?, 'DOOR')`)
      .bind(a.producerId, collaborator.id)
      .run();
    expect((await call(collaborator, 'GET /admin/producers/:id', { param: { id: a.producerId } })).status).toBe(200);
    expect(
      (await call(collaborator, 'PUT /admin/producers/:id', { param: { id: a.producerId }, json: producerBody() }))
        .status,
    ).toBe(403);
  });

  it('finds producers by name in the public directory', async () => {
    await producerOfNewUser('Zorzal Producciones');
    const res = await call(null, 'GET /producers', { query: { q: 'zorzal' } });
    expect(res.body.data.map((p) => p.name)).toEqual(['Zorzal Producciones']);
  });

  it('answers 404 in Spanish for an unknown producer', async () => {
    const res = await call(null, 'GET /producers/:slug', { param: { slug: 'no-existe' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Productora no encontrada');
  });

  it('lists a producer upcoming events on its public page once published', async () => {
    const { user, producerId, event } = await producerOfNewUser('Con Eventos');
    const superadmin = await makeUser('SUPERADMIN');
    await call(user, 'POST /admin/events/:id/publish', { param: { id: event.id } });
    await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } });
    const slug = (await env.DB.prepare('select slug from producers where id = ?')
      .bind(producerId)
      .first<{ slug: string }>())!.slug;
    const page = await call(null, 'GET /producers/:slug', { param: { slug: slug } });
    expect(page.body.data.upcoming.map((e) => e.id)).toEqual([event.id]);
    expect(page.body.data.past).toEqual([]);
  });
});

describe('venues', () => {
  it('offers a producer its own venues again, and not other producers venues', async () => {
    const a = await producerOfNewUser('Con Lugar');
    const b = await producerOfNewUser('Otra');
    await env.DB.prepare(`update venues set name = 'Lugar Privado de B' where producer_id = ?`)
      .bind(b.producerId)
      .run();
    const res = await call(a.user, 'GET /admin/venues');
    expect(res.body.data).toEqual([
      expect.objectContaining({ name: 'Club del Sur', province: 'Ciudad Autónoma de Buenos Aires' }),
    ]);
    const visitor = await call(null, 'GET /admin/venues');
    expect(visitor.status).toBe(401);
  });
});
