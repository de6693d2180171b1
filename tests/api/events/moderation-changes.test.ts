import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { type EventData, editBody, eventBody } from '../kit/events';
import { ORIGIN } from '../kit/http';

/** An event of a USER's producer, sent to review and approved by a superadmin: public and on sale. */
async function approvedEvent() {
  const owner = await makeUser('USER');
  const superadmin = await makeUser('SUPERADMIN');
  const event = (await call(owner, 'POST /admin/events', { json: eventBody() })).body.data;
  expect((await call(owner, 'POST /admin/events/:id/publish', { param: { id: event.id } })).status).toBe(200);
  expect((await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } })).status).toBe(200);
  return { owner, superadmin, event };
}

/** The body the back office sends for this event, with ids, plus changes. */
const edit = (event: EventData, overrides: Record<string, unknown> = {}) => editBody(event, overrides);

const statusOf = async (id: number) =>
  (await env.DB.prepare('select status from events where id = ?').bind(id).first<{ status: string }>())?.status;

describe('changes after approval', () => {
  it.each([
    ['the title', { title: 'Noche de Cumbia en San Telmo' }],
    ['the description', { description: 'Visitá https://phishing.invalid para tu entrada gratis' }],
    ['the venue', { venue: { name: 'Otro Club', address: 'Defensa 1000', city: 'CABA', provinces_id: 1 } }],
    ['the minimum age', { min_age: 18 }],
  ])('send a published event back to review when the producer changes %s', async (_, change) => {
    const { owner, superadmin, event } = await approvedEvent();
    const res = await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: edit(event, change) });
    expect(res.status).toBe(200);
    expect(res.body.back_to_review).toBe(true);
    expect(res.body.data.status).toBe('en_revision');
    expect((await call(null, 'GET /events/:id', { param: { id: event.id } })).status).toBe(404);
    const queue = await call(superadmin, 'GET /admin/moderation');
    expect(queue.body.data.map((e) => e.id)).toContain(event.id);
  });

  it('sends it back to review when the cover changes', async () => {
    const { owner, event } = await approvedEvent();
    const form = new FormData();
    form.set('image', new File([new Uint8Array([1, 2, 3])], 'tapa.webp', { type: 'image/webp' }));
    const upload = await SELF.fetch(`${ORIGIN}/api/v1/admin/media`, {
      method: 'POST',
      headers: { 'x-api-key': env.API_KEY, authorization: `Bearer ${owner.token}` },
      body: form,
    });
    const { key } = (await upload.json()) as { key: string };
    await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: edit(event, { cover_key: key }) });
    expect(await statusOf(event.id)).toBe('en_revision');
  });

  it('sends it back to review when a ticket type is renamed', async () => {
    const { owner, event } = await approvedEvent();
    const body = edit(event);
    const types = (body.dates as { ticket_types: Record<string, unknown>[] }[])[0].ticket_types;
    types[1] = { ...types[1], name: 'Entrada gratis: escribí a soporte-falso@example.com' };
    await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: body });
    expect(await statusOf(event.id)).toBe('en_revision');
  });

  it('keeps it published when only prices, capacities or dates change', async () => {
    const { owner, event } = await approvedEvent();
    const body = edit(event);
    const date = (body.dates as { ticket_types: Record<string, unknown>[] }[])[0];
    date.ticket_types[0] = { ...date.ticket_types[0], price_cents: 1_800_000, capacity: 150 };
    const res = await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: body });
    expect(res.status).toBe(200);
    expect(res.body.back_to_review).toBeUndefined();
    expect(res.body.data.status).toBe('publicado');
  });

  it('keeps it published when a superadmin makes the change', async () => {
    const { superadmin, event } = await approvedEvent();
    await call(superadmin, 'PUT /admin/events/:id', {
      param: { id: event.id },
      json: edit(event, { title: 'Título corregido' }),
    });
    expect(await statusOf(event.id)).toBe('publicado');
  });

  it('does not let unpublish, edit, publish skip the review', async () => {
    const { owner, event } = await approvedEvent();
    expect((await call(owner, 'POST /admin/events/:id/unpublish', { param: { id: event.id } })).status).toBe(200);
    const put = await call(owner, 'PUT /admin/events/:id', {
      param: { id: event.id },
      json: edit(event, { title: 'Un título que nadie revisó' }),
    });
    expect(put.status).toBe(200);
    const res = await call(owner, 'POST /admin/events/:id/publish', { param: { id: event.id } });
    expect(res.body.message).toBe('Evento enviado a revisión');
    expect(res.body.data.status).toBe('en_revision');
  });

  it('re-publishes without review an approved event whose reviewed content did not change', async () => {
    const { owner, event } = await approvedEvent();
    await call(owner, 'POST /admin/events/:id/unpublish', { param: { id: event.id } });
    await call(owner, 'PUT /admin/events/:id', { param: { id: event.id }, json: edit(event) });
    const res = await call(owner, 'POST /admin/events/:id/publish', { param: { id: event.id } });
    expect(res.body.message).toBe('Evento publicado');
    expect(res.body.data.status).toBe('publicado');
  });
});
