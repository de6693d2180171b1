import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { eventBody } from '../kit/events';
import { mailsTo } from '../kit/mail';

async function submitted() {
  const user = await makeUser('USER');
  const event = (await call(user, 'POST /admin/events', { json: eventBody() })).body.data;
  const res = await call(user, 'POST /admin/events/:id/publish', { param: { id: event.id } });
  expect(res.status).toBe(200);
  return { user, event, res };
}

describe('moderation', () => {
  it('sends a producer event to review, not straight to the catalogue', async () => {
    const { res } = await submitted();
    expect(res.body.message).toBe('Evento enviado a revisión');
    expect(res.body.data.status).toBe('en_revision');
  });

  it('refuses to send an incomplete draft to review with what is missing', async () => {
    const user = await makeUser('USER');
    const event = (await call(user, 'POST /admin/events', { json: eventBody({ dates: [], venue: null }) })).body.data;
    const res = await call(user, 'POST /admin/events/:id/publish', { param: { id: event.id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Indicá el lugar del evento');
    expect(res.body.errors?._).toContain('Agregá al menos una función');
  });

  it('lists events in review only for a superadmin', async () => {
    const { event, user } = await submitted();
    const superadmin = await makeUser('SUPERADMIN');
    const queue = await call(superadmin, 'GET /admin/moderation');
    expect(queue.body.data.map((e) => e.id)).toContain(event.id);
    const refused = await call(user, 'GET /admin/moderation');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo un superadministrador puede hacer esto');
  });

  it('publishes on approval and e-mails the producer', async () => {
    const { event, user } = await submitted();
    const superadmin = await makeUser('SUPERADMIN');
    const res = await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } });
    expect(res.status).toBe(200);
    expect((await call(null, 'GET /events/:id', { param: { id: event.id } })).body.data.status).toBe('publicado');
    const mails = await mailsTo(user.email, 0);
    expect(mails.map((m) => m.subject)).toContain('Evento aprobado: Noche de Jazz en San Telmo');
  });

  it('returns a rejected event to draft with the reason, and e-mails it', async () => {
    const { event, user } = await submitted();
    const superadmin = await makeUser('SUPERADMIN');
    const noReason = await call(superadmin, 'POST /admin/moderation/:id/reject', {
      param: { id: event.id },
      json: { reason: '' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Escribí el motivo del rechazo (al menos 5 caracteres)');
    const res = await call(superadmin, 'POST /admin/moderation/:id/reject', {
      param: { id: event.id },
      json: { reason: 'Falta la imagen de portada' },
    });
    expect(res.status).toBe(200);
    const managed = await call(user, 'GET /admin/events/:id', { param: { id: event.id } });
    expect(managed.body.data).toMatchObject({ status: 'borrador', rejection_reason: 'Falta la imagen de portada' });
    const mail = (await mailsTo(user.email, 0)).find(
      (m) => m.subject === 'Evento rechazado: Noche de Jazz en San Telmo',
    );
    expect(mail?.text).toContain('Falta la imagen de portada');
  });

  it('refuses to approve an event that is not in review', async () => {
    const user = await makeUser('USER');
    const event = (await call(user, 'POST /admin/events', { json: eventBody() })).body.data;
    const superadmin = await makeUser('SUPERADMIN');
    const res = await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('El evento no está en revisión');
  });

  it('re-publishes an approved event without a new review after unpublishing', async () => {
    const { event, user } = await submitted();
    const superadmin = await makeUser('SUPERADMIN');
    await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } });
    expect((await call(user, 'POST /admin/events/:id/unpublish', { param: { id: event.id } })).status).toBe(200);
    expect((await call(null, 'GET /events/:id', { param: { id: event.id } })).status).toBe(404);
    const again = await call(user, 'POST /admin/events/:id/publish', { param: { id: event.id } });
    expect(again.body.message).toBe('Evento publicado');
  });

  it('cancels an event, shows it cancelled and refuses further edits', async () => {
    const { event, user } = await submitted();
    const superadmin = await makeUser('SUPERADMIN');
    await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } });
    const res = await call(user, 'POST /admin/events/:id/cancel', {
      param: { id: event.id },
      json: { reason: 'Lluvia' },
    });
    expect(res.status).toBe(200);
    expect((await call(null, 'GET /events/:id', { param: { id: event.id } })).body.data.status).toBe('cancelado');
    const edit = await call(user, 'PUT /admin/events/:id', { param: { id: event.id }, json: eventBody() });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Un evento cancelado no se puede editar');
  });

  it('e-mails every paid buyer once when the event is cancelled', async () => {
    const { event, user } = await submitted();
    const superadmin = await makeUser('SUPERADMIN');
    await call(superadmin, 'POST /admin/moderation/:id/approve', { param: { id: event.id } });
    const buyer = await makeUser('USER');
    const order = (id: string, status: string, email: string) =>
      env.DB.prepare(
        `insert into orders (id, user_id, event_id, producer_id, hold_id, status, hold_expires_at, subtotal_cents, fee_cents,
                             total_cents, buyer_name, buyer_email)
         values (?, ?, ?, ?, ?, ?, '2030-01-01T00:00:00Z', 100, 10, 110, 'Bruno Comprador', ?)`,
      )
        .bind(id, buyer.id, event.id, event.producer_id, `hold-${id}`, status, email)
        .run();
    await order('o1', 'paid', 'bruno@prueba.ar');
    await order('o2', 'paid', 'BRUNO@prueba.ar');
    await order('o3', 'expired', 'nadie@prueba.ar');
    const res = await call(user, 'POST /admin/events/:id/cancel', {
      param: { id: event.id },
      json: { reason: 'Tormenta' },
    });
    expect(res.body.notified).toBe(1);
    const mails = await mailsTo('bruno@prueba.ar', 0);
    expect(mails.map((m) => m.subject)).toEqual(['Evento cancelado: Noche de Jazz en San Telmo']);
    expect(mails[0].text).toContain('Motivo: Tormenta');
    expect(await mailsTo('nadie@prueba.ar', 0)).toEqual([]);
    const refused = await call(user, 'DELETE /admin/events/:id', { param: { id: event.id } });
    expect(refused.status).toBe(409);
  });
});
