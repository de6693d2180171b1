import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { changeEmail } from '../../../functions/api/services/accounts/users';
import { retryInvitationMails } from '../../../functions/api/services/invitations/mail';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { adminOf, asBuyer, createBuyer, registration, uniqueEmail } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually, json, provider } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';
import { sellAtBoxOffice } from '../kit/sales';

type Admin = Awaited<ReturnType<typeof adminOf>>;

const HEADER = 'nombre,email,dni,cantidad,tipo,etiqueta';

async function setup(capacity = 10) {
  const event = await createTestEvent(env, { capacity, price_cents: 5000_00 });
  const admin = await adminOf(event.producer_id);
  return { event, admin };
}

const invite = (admin: Admin, eventId: number, fields: Record<string, unknown> = {}) =>
  asBuyer(admin, '/admin/invitations', {
    method: 'POST',
    json: {
      event_id: eventId,
      name: 'Pedro Prensa',
      email: uniqueEmail('invitado'),
      dni: '30111222',
      quantity: 1,
      ticket_type: 'General',
      tag: 'Prensa',
      ...fields,
    },
  });

const importCsv = (admin: Admin, eventId: number, csv: string) =>
  asBuyer(admin, '/admin/invitations/import', { method: 'POST', json: { event_id: eventId, csv } });

async function countOf(sql: string, ...binds: unknown[]) {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}

const availableOf = async (eventId: number, typeId: number) =>
  (await inventoryOf(env, eventId).availability()).find((a) => a.typeId === typeId)!.available;

describe('POST /admin/invitations/import', { timeout: 30_000 }, () => {
  it('answers every bad row by its number in Spanish and imports nothing', async () => {
    const { event, admin } = await setup();
    const csv = [
      HEADER,
      `Ana Prensa,ana@prueba.ar,30111222,2,General,Prensa`,
      `B,no-es-correo,12,0,General,Prensa`,
      ``,
      `Carla Promotora,carla@prueba.ar,30.111.223,1,Platea VIP,Promotor Juan`,
      `"Dario, el fotógrafo",dario@prueba.ar,1234567,25,General,`,
    ].join('\n');
    const res = await importCsv(admin, event.event_id, csv);
    expect(res.status).toBe(400);
    const body = await json<Answer>(res);
    expect(body.message).toBe('Revisá el archivo: 2 filas tienen errores. No se importó ninguna invitación.');
    expect(body.errors).toEqual({
      'Fila 3': [
        'Escribí el nombre del invitado (2 a 120 caracteres).',
        'Escribí un correo válido.',
        'El DNI debe tener 7 u 8 dígitos, sin puntos.',
        'La cantidad debe ser un número entero entre 1 y 20.',
      ],
      'Fila 6': [
        'La cantidad debe ser un número entero entre 1 y 20.',
        'Indicá una etiqueta de hasta 40 caracteres (por ejemplo, Prensa o el nombre del promotor).',
      ],
    });
    expect(await countOf('select count(*) as n from guest_invitations where event_id = ?', event.event_id)).toBe(0);
  });

  it('refuses a ticket type the event does not have, by row, before taking any capacity', async () => {
    const { event, admin } = await setup();
    const csv = [
      HEADER,
      `Ana Prensa,ana@prueba.ar,30111222,2,General,Prensa`,
      `Carla,c@prueba.ar,30111223,1,VIP,X`,
    ].join('\r\n');
    const res = await importCsv(admin, event.event_id, csv);
    expect(res.status).toBe(400);
    expect((await json<Answer>(res)).errors).toEqual({
      'Fila 3': ['El tipo de entrada «VIP» no existe en este evento.'],
    });
    expect(await availableOf(event.event_id, event.ticket_type_id)).toBe(10);
  });

  it('asks for the number of a type whose name repeats across the dates of the event', async () => {
    const { event, admin } = await setup();
    const date = await env.DB.prepare('insert into event_dates (event_id, starts_at) values (?, ?) returning id')
      .bind(event.event_id, new Date(Date.now() + 40 * 86_400_000).toISOString())
      .first<{ id: number }>();
    await env.DB.prepare(
      "insert into ticket_types (event_date_id, name, price_cents, capacity) values (?, 'General', 100, 10)",
    )
      .bind(date!.id)
      .run();
    const res = await importCsv(admin, event.event_id, `${HEADER}\nAna Prensa,a@prueba.ar,30111222,1, general ,Prensa`);
    expect(res.status).toBe(400);
    expect((await json<Answer>(res)).errors).toEqual({
      'Fila 2': ['Hay varios tipos «general» en este evento (uno por función): usá el número del tipo de entrada.'],
    });
    const byNumber = await importCsv(
      admin,
      event.event_id,
      `${HEADER}\nAna Prensa,a@prueba.ar,30111222,1,${event.ticket_type_id},Prensa`,
    );
    expect(byNumber.status).toBe(201);
  });

  it('names the missing columns', async () => {
    const { event, admin } = await setup();
    const res = await importCsv(admin, event.event_id, 'nombre;email;dni\nAna;a@prueba.ar;30111222');
    expect(res.status).toBe(400);
    expect((await json<Answer>(res)).message).toBe(
      'Al archivo le faltan columnas: cantidad, tipo, etiqueta. La primera fila debe ser: nombre, email, dni, cantidad, tipo, etiqueta.',
    );
  });

  it('imports a valid file (semicolons, quoted names) in one step: orders free and marked, tickets issued', async () => {
    const { event, admin } = await setup();
    const csv = [
      'Nombre;Email;DNI;Cantidad;Tipo;Etiqueta',
      `"Ana; la de prensa";ana-${Date.now()}@prueba.ar;30111222;2;General;Prensa`,
      `Beto Promo;beto-${Date.now()}@prueba.ar;3011122;3;${event.ticket_type_id};Promotor Juan`,
    ].join('\n');
    const res = await importCsv(admin, event.event_id, csv);
    expect(res.status).toBe(201);
    expect((await json<Answer>(res)).data).toMatchObject({ invitations: 2, tickets: 5 });
    const orders = await env.DB.prepare(
      'select kind, status, total_cents, fee_cents, paid_at, payment_id from orders where event_id = ? order by buyer_name',
    )
      .bind(event.event_id)
      .all();
    expect(orders.results).toEqual([
      { kind: 'invitation', status: 'paid', total_cents: 0, fee_cents: 0, paid_at: null, payment_id: null },
      { kind: 'invitation', status: 'paid', total_cents: 0, fee_cents: 0, paid_at: null, payment_id: null },
    ]);
    expect(
      await countOf("select count(*) as n from tickets where event_id = ? and status = 'valid'", event.event_id),
    ).toBe(5);
    expect(await availableOf(event.event_id, event.ticket_type_id)).toBe(5);
  });

  it('refuses a file that does not fit in the capacity as a whole, with a clear message, and issues nothing', async () => {
    const { event, admin } = await setup(4);
    const csv = [
      HEADER,
      'Ana Prensa,a@prueba.ar,30111222,3,General,Prensa',
      'Beto,b@prueba.ar,30111223,2,General,Prensa',
    ].join('\n');
    const res = await importCsv(admin, event.event_id, csv);
    expect(res.status).toBe(409);
    expect((await json<Answer>(res)).message).toBe(
      'No hay lugar para todas las invitaciones: de General quedan 4 entradas y pediste 5. No se emitió ninguna.',
    );
    expect(await countOf('select count(*) as n from orders where event_id = ?', event.event_id)).toBe(0);
    expect(await availableOf(event.event_id, event.ticket_type_id)).toBe(4);
  });
});

describe('invitations under concurrency', { timeout: 30_000 }, () => {
  it('never exceed capacity: against a nearly full event exactly the capacity is allocated, the rest refused', async () => {
    const { event, admin } = await setup(10);
    // Seven tickets go to buyers first: three remain.
    const buyer = await createBuyer();
    const held = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 7 }] },
    });
    expect(held.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 12 }, () => invite(admin, event.event_id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await json<Answer>(refused)).message).toBe(
      'No hay lugar para todas las invitaciones: de General quedan 0 entradas y pediste 1. No se emitió ninguna.',
    );
    expect(await countOf('select count(*) as n from tickets where event_id = ?', event.event_id)).toBe(3);
    expect(
      await countOf("select count(*) as n from orders where event_id = ? and kind = 'invitation'", event.event_id),
    ).toBe(3);
    expect(await availableOf(event.event_id, event.ticket_type_id)).toBe(0);
  });

  it('keep each tag within its quota, also when issued at the same time', async () => {
    const { event, admin } = await setup(50);
    const quota = await asBuyer(admin, '/admin/invitations/quotas', {
      method: 'PUT',
      json: { event_id: event.event_id, tag: 'Prensa', quota: 4 },
    });
    expect(quota.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => invite(admin, event.event_id, { tag: i % 2 ? 'prensa' : ' Prensa ' })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await json<Answer>(refused)).message).toMatch(
      /^La etiqueta (P|p)rensa no tiene cupo suficiente: quedan 0 entradas/,
    );
    // Another tag is not limited by it.
    expect((await invite(admin, event.event_id, { tag: 'Promotor Juan', quantity: 5 })).status).toBe(201);
  });
});

describe('an invitation to an e-mail without an account', { timeout: 40_000 }, () => {
  it('reaches nobody until that e-mail registers and is verified, then shows in its /tickets', async () => {
    const { event, admin } = await setup();
    const email = uniqueEmail('nuevo');
    expect((await invite(admin, event.event_id, { email, quantity: 2 })).status).toBe(201);
    // The issuer's account only holds them as a placeholder: not listed to them.
    const mine = await json<{ data: unknown[] }>(await asBuyer(admin, '/tickets'));
    expect(mine.data).toEqual([]);

    const mail = (await mailsTo(email))[0];
    expect(mail.subject).toMatch(/^Invitación: tus entradas para /);
    expect(mail.html).toContain('Invitación · General');

    const registered = await provider('/register', {
      method: 'POST',
      body: JSON.stringify(registration(email, { name: 'Nora Nueva', accept_promotions: undefined })),
    });
    expect(registered.status).toBe(201);
    // Registered but not verified yet: nothing is theirs (anyone can register any address).
    expect(
      await countOf(
        'select count(*) as n from tickets where owner_user_id = (select id from users where email = ?)',
        email,
      ),
    ).toBe(0);
    const verifyMail = (await mailsTo(email, 2))[0];
    const verified = await provider(`/verify-email?token=${encodeURIComponent(tokenIn(verifyMail, '/verify-email'))}`);
    expect(verified.status).toBe(200);
    const { token } = await json<{ token: string }>(verified);
    const list = await provider('/tickets', { headers: { authorization: `Bearer ${token}` } });
    const groups = (await json<{ data: { tickets: { status: string; invitation: number }[] }[] }>(list)).data;
    expect(groups).toHaveLength(1);
    expect(groups[0].tickets.map((t) => [t.status, t.invitation])).toEqual([
      ['valid', 1],
      ['valid', 1],
    ]);
  });

  it('goes at once to a verified account with that e-mail, never to an unverified one', async () => {
    const { event, admin } = await setup();
    const verified = await createBuyer();
    expect((await invite(admin, event.event_id, { email: verified.email })).status).toBe(201);
    const list = await json<{ data: unknown[] }>(await asBuyer(verified, '/tickets'));
    expect(list.data).toHaveLength(1);

    const email = uniqueEmail('sinverificar');
    const user = await env.DB.prepare(
      `insert into users (name, email, password_hash, dni, telefono, terms_accepted_at) values ('X', ?, 'x', '30111222', '1155550000', '2026-01-01') returning id`,
    )
      .bind(email)
      .first<{ id: number }>();
    expect((await invite(admin, event.event_id, { email })).status).toBe(201);
    expect(await countOf('select count(*) as n from tickets where owner_user_id = ?', user!.id)).toBe(0);
  });
});

describe('claiming on a change of e-mail', { timeout: 30_000 }, () => {
  it('moves the invitations of the newly confirmed address, and not the revoked ones', async () => {
    const { event, admin } = await setup();
    const email = uniqueEmail('cambio');
    const first = await json<Answer>(await invite(admin, event.event_id, { email, quantity: 2 }));
    const second = await json<Answer>(await invite(admin, event.event_id, { email }));
    const revoke = await asBuyer(admin, `/admin/invitations/${(second.data!.ids as string[])[0]}/revoke`, {
      method: 'POST',
      json: { reason: 'Duplicada' },
    });
    expect(revoke.status).toBe(200);
    const user = await createBuyer();
    expect(await changeEmail(env.DB, user.id, email)).toBe(true);
    const groups = (await json<{ data: { tickets: { status: string }[] }[] }>(await asBuyer(user, '/tickets'))).data;
    expect(groups.flatMap((g) => g.tickets.map((t) => t.status))).toEqual(['valid', 'valid']);
    const claimed = await env.DB.prepare('select recipient_user_id from guest_invitations where id = ?')
      .bind((first.data!.ids as string[])[0])
      .first<{ recipient_user_id: number }>();
    expect(claimed!.recipient_user_id).toBe(user.id);
  });
});

describe('revoking, resending and opening an invitation', { timeout: 30_000 }, () => {
  it('revokes: tickets cancelled and on the revocation list, capacity back; a second revoke is refused', async () => {
    const { event, admin } = await setup(5);
    const issued = await json<Answer>(await invite(admin, event.event_id, { quantity: 2 }));
    const id = (issued.data!.ids as string[])[0];
    expect(await availableOf(event.event_id, event.ticket_type_id)).toBe(3);
    const res = await asBuyer(admin, `/admin/invitations/${id}/revoke`, {
      method: 'POST',
      json: { reason: 'Se equivocó de fecha' },
    });
    expect(res.status).toBe(200);
    const order = await env.DB.prepare('select order_id from guest_invitations where id = ?')
      .bind(id)
      .first<{ order_id: string }>();
    expect(
      await countOf("select count(*) as n from tickets where order_id = ? and status = 'cancelled'", order!.order_id),
    ).toBe(2);
    expect(
      await countOf(
        "select count(*) as n from revocations r join tickets k on k.id = r.ticket_id where k.order_id = ? and r.reason = 'cancelled'",
        order!.order_id,
      ),
    ).toBe(2);
    expect(await availableOf(event.event_id, event.ticket_type_id)).toBe(5);
    const again = await asBuyer(admin, `/admin/invitations/${id}/revoke`, {
      method: 'POST',
      json: { reason: 'Otra vez' },
    });
    expect(again.status).toBe(409);
    expect((await json<Answer>(again)).message).toBe('Esta invitación ya fue revocada.');
  });

  it('at the door: an invitation ticket is admitted; a revoked one is refused and on the offline revocation list', async () => {
    const { event, admin } = await setup(5);
    const [kept, revoked] = await Promise.all([
      json<Answer>(await invite(admin, event.event_id, { tag: 'Prensa' })),
      json<Answer>(await invite(admin, event.event_id, { tag: 'Prensa' })),
    ]);
    const ticketOf = async (invitationId: string) =>
      (await env.DB.prepare(
        'select k.id, k.code from tickets k join guest_invitations g on g.order_id = k.order_id where g.id = ?',
      )
        .bind(invitationId)
        .first<{ id: string; code: string }>())!;
    const good = await ticketOf((kept.data!.ids as string[])[0]);
    const gone = await ticketOf((revoked.data!.ids as string[])[0]);
    const revoke = await asBuyer(admin, `/admin/invitations/${(revoked.data!.ids as string[])[0]}/revoke`, {
      method: 'POST',
      json: { reason: 'Cambio de lista' },
    });
    expect(revoke.status).toBe(200);
    const scan = async (code: string) =>
      (
        await json<{ data: { result: string; ticket: { type: string } | null } }>(
          await asBuyer(admin, `/checkin/events/${event.event_id}/scan`, {
            method: 'POST',
            json: { nonce: crypto.randomUUID(), device: 'test', code },
          }),
        )
      ).data;
    expect(await scan(good.code)).toMatchObject({ result: 'admitted', ticket: { type: 'General · Invitación' } });
    expect((await scan(gone.code)).result).toBe('cancelled');
    // The offline scanner gets no e-mails (search by e-mail is online only): neither the guest's nor the issuer's.
    const bundle = await json<{ data: { tickets: { id: string; type_name: string }[] } }>(
      await asBuyer(admin, `/checkin/events/${event.event_id}/offline`),
    );
    const guest = (kept.data!.ids as string[])[0];
    const email = (await env.DB.prepare('select email from guest_invitations where id = ?')
      .bind(guest)
      .first<{ email: string }>())!.email;
    const offline = bundle.data.tickets.find((t) => t.id === good.id);
    expect(offline).toMatchObject({ type_name: 'General · Invitación' });
    expect(offline).not.toHaveProperty('email');
    expect(JSON.stringify(bundle.data)).not.toContain(email);
    const list = await json<{ data: { ticket_id: string; reason: string }[] }>(
      await asBuyer(admin, `/tickets/revocations?event_id=${event.event_id}`),
    );
    expect(list.data.map((r) => [r.ticket_id, r.reason])).toEqual([[gone.id, 'cancelled']]);
  });

  it('cancelling the event revokes its invitations: refused at the door, on the revocation list, no e-mail after', async () => {
    const { event, admin } = await setup(5);
    const sent = await json<Answer>(await invite(admin, event.event_id, { quantity: 2 }));
    const sentId = (sent.data!.ids as string[])[0];
    // One invitation whose e-mail has not gone out yet (a large import): it must not go out after the cancel.
    const waitingEmail = uniqueEmail('pendiente');
    const waiting = await json<Answer>(await invite(admin, event.event_id, { email: waitingEmail }));
    const waitingId = (waiting.data!.ids as string[])[0];
    expect(await mailsTo(waitingEmail)).toHaveLength(1);
    // ...as if it were queued again (a resend): pending for the job.
    await env.DB.prepare("update guest_invitations set mail_status = 'pending', mail_at = null where id = ?")
      .bind(waitingId)
      .run();
    const codes = (
      await env.DB.prepare(
        `select k.id, k.code from tickets k join guest_invitations g on g.order_id = k.order_id
         where g.event_id = ? order by k.id`,
      )
        .bind(event.event_id)
        .all<{ id: string; code: string }>()
    ).results;
    expect(codes).toHaveLength(3);
    const scan = async (code: string) =>
      (
        await json<{ data: { result: string; ok: boolean } }>(
          await asBuyer(admin, `/checkin/events/${event.event_id}/scan`, {
            method: 'POST',
            json: { nonce: crypto.randomUUID(), device: 'test', code },
          }),
        )
      ).data;
    // The door's object holds the event's tickets before the cancel (it must be told, not wait for its copy).
    expect((await scan('cualquier cosa')).ok).toBe(false);

    const cancelled = await asBuyer(admin, `/admin/events/${event.event_id}/cancel`, {
      method: 'POST',
      json: { reason: 'Lluvia' },
    });
    expect(cancelled.status).toBe(200);
    const statuses = await env.DB.prepare('select id, status from guest_invitations where event_id = ? order by id')
      .bind(event.event_id)
      .all<{ id: string; status: string }>();
    expect(statuses.results.map((r) => r.status)).toEqual(['revoked', 'revoked']);
    expect(
      await countOf(
        `select count(*) as n from tickets k join guest_invitations g on g.order_id = k.order_id
         where g.event_id = ? and k.status = 'cancelled'`,
        event.event_id,
      ),
    ).toBe(3);
    for (const t of codes) {
      const outcome = await scan(t.code);
      expect(outcome.ok).toBe(false);
      expect(outcome.result).toBe('cancelled');
    }
    const list = await json<{ data: { ticket_id: string; reason: string }[] }>(
      await asBuyer(admin, `/tickets/revocations?event_id=${event.event_id}`),
    );
    expect(list.data.map((r) => r.ticket_id).sort()).toEqual(codes.map((t) => t.id).sort());
    // The pending e-mail is not sent by the job; a revoked invitation cannot be revoked or resent again.
    await retryInvitationMails(env, Date.now() + 24 * 3_600_000);
    const toGuest = await mailsTo(waitingEmail, 0);
    // The invitation once (before the cancel) and the cancellation notice; no invitation after it.
    expect(toGuest.filter((m) => !m.subject.startsWith('Evento cancelado'))).toHaveLength(1);
    expect(toGuest.filter((m) => m.subject.startsWith('Evento cancelado'))).toHaveLength(1);
    const again = await asBuyer(admin, `/admin/invitations/${sentId}/revoke`, {
      method: 'POST',
      json: { reason: 'Evento cancelado' },
    });
    expect(again.status).toBe(409);
  });

  it('lists sent, opened and used per tag; the e-mail link records the opening; resend sends again', async () => {
    const { event, admin } = await setup();
    const email = uniqueEmail('abre');
    const issued = await json<Answer>(await invite(admin, event.event_id, { email, quantity: 2, tag: 'Prensa' }));
    const id = (issued.data!.ids as string[])[0];
    const mail = (await mailsTo(email))[0];
    const link = (JSON.parse((mail as unknown as { links: string }).links) as string[]).find((l) =>
      l.includes('/api/v1/invitations/open/'),
    )!;
    const opened = await provider(new URL(link).pathname.replace('/api/v1', ''), { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/mis-tickets');
    await env.DB.prepare(
      "update tickets set status = 'used' where order_id = (select order_id from guest_invitations where id = ?) and rowid = (select min(rowid) from tickets where order_id = (select order_id from guest_invitations where id = ?))",
    )
      .bind(id, id)
      .run();

    const resent = await asBuyer(admin, `/admin/invitations/${id}/resend`, { method: 'POST' });
    expect(resent.status).toBe(200);
    expect(await mailsTo(email, 2)).toHaveLength(2);
    await eventually(
      async () =>
        (
          await env.DB.prepare('select sent_count from guest_invitations where id = ?')
            .bind(id)
            .first<{ sent_count: number }>()
        )?.sent_count === 2,
      'the second send recorded',
    );

    const list = await json<{ data: { tags: unknown[]; invitations: Record<string, unknown>[] } }>(
      await asBuyer(admin, `/admin/invitations?event_id=${event.event_id}`),
    );
    expect(list.data.tags).toEqual([
      { tag: 'Prensa', invitations: 1, sent: 1, tickets: 2, opened: 1, used: 1, quota: null },
    ]);
    expect(list.data.invitations[0]).toMatchObject({ id, email, sent_count: 2, used: 1, status: 'active' });
    // A ticket used at the door keeps its invitation from being revoked.
    const revoke = await asBuyer(admin, `/admin/invitations/${id}/revoke`, {
      method: 'POST',
      json: { reason: 'Prueba' },
    });
    expect(revoke.status).toBe(409);
  });

  it('sends by the cron job what the background did not: a pending e-mail and an interrupted send', async () => {
    const { event, admin } = await setup();
    const [a, b] = [uniqueEmail('cola'), uniqueEmail('cola')];
    const issued = await json<Answer>(
      await importCsv(
        admin,
        event.event_id,
        [HEADER, `Ana Cola,${a},30111222,1,General,Prensa`, `Beto Cola,${b},30111223,1,General,Prensa`].join('\n'),
      ),
    );
    const [first, second] = issued.data!.ids as string[];
    await mailsTo(a);
    await mailsTo(b);
    await eventually(
      async () =>
        (await countOf(
          "select count(*) as n from guest_invitations where id in (?, ?) and mail_status = 'sent'",
          first,
          second,
        )) === 2,
      'both sent',
    );
    // As if the background work had never run for the first one, and had died while sending the second.
    await env.DB.prepare('delete from dev_mail where to_address in (?, ?)').bind(a, b).run();
    await env.DB.prepare(
      "update guest_invitations set mail_status = 'pending', mail_at = null, sent_count = 0 where id = ?",
    )
      .bind(first)
      .run();
    const stale = new Date(Date.now() - 6 * 60_000).toISOString();
    await env.DB.prepare("update guest_invitations set mail_status = 'sending', mail_at = ? where id = ?")
      .bind(stale, second)
      .run();
    expect(await retryInvitationMails(env)).toBeGreaterThanOrEqual(2);
    expect(await mailsTo(a)).toHaveLength(1);
    expect(await mailsTo(b)).toHaveLength(1);
    expect(
      await countOf(
        "select count(*) as n from guest_invitations where id in (?, ?) and mail_status = 'sent'",
        first,
        second,
      ),
    ).toBe(2);
    // A second run has nothing left to send for them.
    await retryInvitationMails(env);
    expect(await mailsTo(a)).toHaveLength(1);
  });

  it('refuses an admin of another producer and a plain user', async () => {
    const { event } = await setup();
    const other = await adminOf();
    const res = await invite(other, event.event_id);
    expect(res.status).toBe(403);
    expect((await json<Answer>(res)).message).toMatch(/permiso/);
    expect(await countOf('select count(*) as n from guest_invitations where event_id = ?', event.event_id)).toBe(0);
    const user = await createBuyer();
    expect((await asBuyer(user, `/admin/invitations?event_id=${event.event_id}`)).status).toBe(403);
  });
});

describe('a cancelled event', { timeout: 30_000 }, () => {
  it('tells guests without promising a refund, skips revoked ones, and takes no more invitations', async () => {
    const { event, admin } = await setup();
    const [kept, gone] = [uniqueEmail('cancelado'), uniqueEmail('revocado')];
    expect((await invite(admin, event.event_id, { email: kept })).status).toBe(201);
    const revoked = await json<Answer>(await invite(admin, event.event_id, { email: gone }));
    const revoke = await asBuyer(admin, `/admin/invitations/${(revoked.data!.ids as string[])[0]}/revoke`, {
      method: 'POST',
      json: { reason: 'Duplicada' },
    });
    expect(revoke.status).toBe(200);
    const cancel = await asBuyer(admin, `/admin/events/${event.event_id}/cancel`, {
      method: 'POST',
      json: { reason: 'Lluvia' },
    });
    expect(cancel.status).toBe(200);
    const notice = (await mailsTo(kept, 2)).find((m) => m.subject.startsWith('Evento cancelado'));
    expect(notice?.html).toContain('no se te cobró nada');
    expect(notice?.html).not.toContain('devolución');
    const revokedMails = await env.DB.prepare(
      "select count(*) as n from dev_mail where to_address = ? and subject like 'Evento cancelado%'",
    )
      .bind(gone)
      .first<{ n: number }>();
    expect(revokedMails!.n).toBe(0);
    const late = await invite(admin, event.event_id);
    expect(late.status).toBe(409);
    expect((await json<Answer>(late)).message).toBe('El evento fue cancelado: no se pueden emitir invitaciones.');
  });
});

describe('invitations in the sales back office', { timeout: 30_000 }, () => {
  it('are out of revenue and sales counts, counted apart, marked in exports, and cannot be refunded as a sale', async () => {
    const { event, admin } = await setup(20);
    const sale = await sellAtBoxOffice(admin, { ...event, quantity: 2, buyer: { name: 'Caja' } });
    expect(sale.status).toBe(201);
    const issued = await json<Answer>(await invite(admin, event.event_id, { quantity: 3 }));
    expect(issued.status).toBe(true);

    const dash = await json<{ data: { figures: Record<string, number>; by_type: { tickets: number }[] } }>(
      await asBuyer(admin, `/admin/sales/dashboard?event_id=${event.event_id}&period=hoy`),
    );
    expect(dash.data.figures).toMatchObject({ orders: 1, tickets: 2, invitation_tickets: 3, gross_cents: 2 * 5000_00 });
    expect(dash.data.by_type.map((t) => t.tickets)).toEqual([2]);

    const csv = await (await asBuyer(admin, `/admin/exports/orders?event_id=${event.event_id}&format=csv`)).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0].endsWith(';Origen')).toBe(true);
    expect(lines.filter((l) => l.endsWith(';Invitación'))).toHaveLength(1);
    expect(lines.filter((l) => l.endsWith(';Venta'))).toHaveLength(1);

    const orderId = (await env.DB.prepare('select order_id from guest_invitations where id = ?')
      .bind((issued.data!.ids as string[])[0])
      .first<{ order_id: string }>())!.order_id;
    const refund = await asBuyer(admin, `/admin/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'Prueba' },
    });
    expect(refund.status).toBe(409);
    expect((await json<Answer>(refund)).message).toBe('Es una invitación: revocala desde Invitaciones.');
    const direct = await asBuyer(admin, `/orders/${orderId}/refund`, { method: 'POST', json: {} });
    expect(direct.status).toBe(409);
    expect((await json<Answer>(direct)).message).toBe('Es una invitación: revocala desde Invitaciones.');
  });
});
