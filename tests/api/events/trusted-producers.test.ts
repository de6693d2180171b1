import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type Actor, makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { eventBody } from '../kit/events';

/**
 * Issue 32, item 6: a producer the platform trusts (a superadmin's setting) publishes its events at once, with
 * the same checks; new producers stay moderated.
 */
async function producerWithDraft(overrides: Record<string, unknown> = {}) {
  const admin = await makeUser('USER');
  const event = (await call(admin, 'POST /admin/events', { json: eventBody(overrides) })).body.data;
  return { admin, event };
}

const trust = (superadmin: Actor, producerId: number, trusted: boolean) =>
  call(superadmin, 'PUT /admin/settings/platform/producers/:id/trust', {
    param: { id: producerId },
    json: { trusted },
  });

const publish = (user: Actor, eventId: number) =>
  call(user, 'POST /admin/events/:id/publish', { param: { id: eventId } });

describe('trusted producers', () => {
  it('a new producer is moderated; once trusted, its admin publishes at once', async () => {
    const superadmin = await makeUser('SUPERADMIN');
    const first = await producerWithDraft();
    const moderated = await publish(first.admin, first.event.id);
    expect(moderated.body.data.status).toBe('en_revision');

    const set = await trust(superadmin, first.event.producer_id, true);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      message: 'La productora publica sus eventos sin revisión',
      data: { id: first.event.producer_id, trusted: true },
    });
    const second = (await call(first.admin, 'POST /admin/events', { json: eventBody() })).body.data;
    const direct = await publish(first.admin, second.id);
    expect(direct.status).toBe(200);
    expect(direct.body.message).toBe('Evento publicado');
    expect(direct.body.data.status).toBe('publicado');
    expect((await call(null, 'GET /events/:id', { param: { id: second.id } })).body.data.status).toBe('publicado');
    // The superadmin's list says so, and the producer's own list too (the wizard's note).
    const platform = await call(superadmin, 'GET /admin/settings/platform/producers');
    expect(platform.body.data.find((p) => p.id === first.event.producer_id)?.trusted).toBe(true);
    const mine = await call(first.admin, 'GET /admin/producers');
    expect(mine.body.data.find((p) => p.id === first.event.producer_id)?.trusted).toBe(true);
    const audit = await env.DB.prepare(
      "select detail from audit_log where producer_id = ? and action = 'producer_trust' order by id desc",
    )
      .bind(first.event.producer_id)
      .first<{ detail: string }>();
    expect(JSON.parse(audit?.detail ?? '{}')).toEqual({ trusted: true });
  });

  it('applies the same checks: an incomplete draft of a trusted producer is refused with what is missing', async () => {
    const superadmin = await makeUser('SUPERADMIN');
    const { admin, event } = await producerWithDraft({ dates: [], venue: null });
    await trust(superadmin, event.producer_id, true);
    const res = await publish(admin, event.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Indicá el lugar del evento');
    expect(res.body.errors?._).toContain('Agregá al menos una función');
  });

  it('a trusted producer’s edit of a published event keeps it on sale (no second review)', async () => {
    const superadmin = await makeUser('SUPERADMIN');
    const { admin, event } = await producerWithDraft();
    await trust(superadmin, event.producer_id, true);
    await publish(admin, event.id);
    const edited = await call(admin, 'PUT /admin/events/:id', {
      param: { id: event.id },
      json: eventBody({ title: 'Noche de Jazz en San Telmo (segunda función)' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.back_to_review).toBeUndefined();
    expect(edited.body.data.status).toBe('publicado');
  });

  it('taking the trust back moderates the next event again', async () => {
    const superadmin = await makeUser('SUPERADMIN');
    const { admin, event } = await producerWithDraft();
    await trust(superadmin, event.producer_id, true);
    const off = await trust(superadmin, event.producer_id, false);
    expect(off.body.message).toBe('Los eventos de la productora vuelven a pasar por revisión');
    expect((await publish(admin, event.id)).body.data.status).toBe('en_revision');
  });

  it('only a superadmin sets it; a producer’s own admin cannot trust itself', async () => {
    const { admin, event } = await producerWithDraft();
    const res = await trust(admin, event.producer_id, true);
    expect(res.status).toBe(403);
    const row = await env.DB.prepare('select trusted_at from producers where id = ?')
      .bind(event.producer_id)
      .first<{ trusted_at: string | null }>();
    expect(row?.trusted_at).toBeNull();
  });

  it('answers 400 in Spanish for a body without the setting, and 404 for an unknown producer', async () => {
    const superadmin = await makeUser('SUPERADMIN');
    const { event } = await producerWithDraft();
    const bad = await call(superadmin, 'PUT /admin/settings/platform/producers/:id/trust', {
      param: { id: event.producer_id },
      json: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.trusted).toEqual(['Indicá si publica sin revisión']);
    const unknown = await trust(superadmin, 9_999_999, true);
    expect(unknown.status).toBe(404);
  });
});
