import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, type EventData, eventBody, makeUser, type TestUser } from './events-helpers';

/**
 * Issue 32, item 6: a producer the platform trusts (a superadmin's setting) publishes its events at once, with
 * the same checks; new producers stay moderated.
 */
async function producerWithDraft(overrides: Record<string, unknown> = {}) {
  const admin = await makeUser('USER');
  const event = (await call<{ data: EventData }>('/admin/events', admin, { json: eventBody(overrides) })).body.data;
  return { admin, event };
}

const trust = (superadmin: TestUser, producerId: number, trusted: boolean) =>
  call<{ message: string; data: { id: number; trusted: boolean } }>(
    `/admin/settings/platform/producers/${producerId}/trust`,
    superadmin,
    { method: 'PUT', json: { trusted } },
  );

const publish = (user: TestUser, eventId: number) =>
  call<{ message: string; data: EventData }>(`/admin/events/${eventId}/publish`, user, { method: 'POST' });

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
    const second = (await call<{ data: EventData }>('/admin/events', first.admin, { json: eventBody() })).body.data;
    const direct = await publish(first.admin, second.id);
    expect(direct.status).toBe(200);
    expect(direct.body.message).toBe('Evento publicado');
    expect(direct.body.data.status).toBe('publicado');
    expect((await call<{ data: { status: string } }>(`/events/${second.id}`, null)).body.data.status).toBe('publicado');
    // The superadmin's list says so, and the producer's own list too (the wizard's note).
    const platform = await call<{ data: { id: number; trusted: boolean }[] }>(
      '/admin/settings/platform/producers',
      superadmin,
    );
    expect(platform.body.data.find((p) => p.id === first.event.producer_id)?.trusted).toBe(true);
    const mine = await call<{ data: { id: number; trusted: boolean }[] }>('/admin/producers', first.admin);
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
    const edited = await call<{ back_to_review?: boolean; data: EventData }>(`/admin/events/${event.id}`, admin, {
      method: 'PUT',
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
    const bad = await call(`/admin/settings/platform/producers/${event.producer_id}/trust`, superadmin, {
      method: 'PUT',
      json: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.trusted).toEqual(['Indicá si publica sin revisión']);
    const unknown = await trust(superadmin, 9_999_999, true);
    expect(unknown.status).toBe(404);
  });
});
