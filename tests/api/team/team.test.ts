import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

import { signTicketCode } from '../../../functions/domain/checkout/ticket-signing';
import { MSG } from '../../../src/shared/messages/common';
import { GRANT_MSG, TEAM_MSG } from '../../../src/shared/messages/team';
import { PERMISSIONS } from '../../../src/shared/roles';
import { adminOf, asBuyer, authed, claimsOf, createUser, login, uniqueEmail } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { provider } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';
import { sellAtBoxOffice } from '../kit/sales';

type Admin = Awaited<ReturnType<typeof adminOf>>;
const bearer = (token: string) => ({ auth: { authorization: `Bearer ${token}` } });

async function invite(admin: Admin, email: string, role: string, event_ids: number[] = []) {
  const res = await asBuyer(admin, '/admin/team/invitations', {
    method: 'POST',
    json: { producer_id: admin.producerId, email, role, event_ids },
  });
  return { status: res.status, body: (await res.json()) as { message: string; data: { id: string } } };
}

/** The acceptance link's token from the newest invitation e-mail to `email`. */
async function invitationToken(email: string) {
  const [mail] = await mailsTo(email);
  expect(mail.subject).toBe('Te invitaron a sumarte a un equipo en Boletería');
  return tokenIn(mail, '/equipo/aceptar');
}

/** An existing, verified account that accepts an invitation with `role`; answers its fresh token. */
async function memberWith(admin: Admin, role: string, event_ids: number[] = []) {
  const user = await createUser({ email: uniqueEmail('equipo') });
  expect((await invite(admin, user.email, role, event_ids)).status).toBe(201);
  const token = await invitationToken(user.email);
  const { token: access } = await login(user.email);
  const accepted = await authed(access, `/team/invitations/${token}/accept`, { method: 'POST' });
  expect(accepted.status).toBe(200);
  return { user, token: (await login(user.email)).token };
}

/** A genuinely signed code (of no ticket): staff get an answer; others get a 403 before any decision. */
const someCode = (eventId: number) => signTicketCode(env, crypto.randomUUID(), eventId);

const scan = (token: string, eventId: number, code: string) =>
  authed(token, `/checkin/events/${eventId}/scan`, {
    method: 'POST',
    body: JSON.stringify({ code, nonce: crypto.randomUUID(), device: 'test' }),
  });

// Registration hashes with full-cost scrypt: room for a busy machine.
describe('team invitations', { timeout: 20_000 }, () => {
  it('an existing user accepts and joins at once, with the permission names in their token', async () => {
    const event = await createTestEvent(env, { price_cents: 0 });
    const admin = await adminOf(event.producer_id);
    const { user, token } = await memberWith(admin, 'DOOR');
    const claims = claimsOf(token);
    expect(claims.rol).toBe('COLABORATORS');
    expect(claims.permisos).toEqual(['events.view', 'events.create', 'tickets.validate']);
    for (const p of claims.permisos) expect(PERMISSIONS).toContain(p);
    const team = await asBuyer(admin, `/admin/team?producer_id=${admin.producerId}`);
    const body = (await team.json()) as { data: { members: { email: string; role_label: string }[] } };
    expect(body.data.members.find((m) => m.email === user.email)?.role_label).toBe('Control de acceso');
  });

  it('a person without an account registers with the invited address, verifies it and accepts', async () => {
    const event = await createTestEvent(env, { price_cents: 0 });
    const admin = await adminOf(event.producer_id);
    const email = uniqueEmail('nueva');
    expect((await invite(admin, email, 'ANALYST')).status).toBe(201);
    const token = await invitationToken(email);
    const preview = await provider(`/team/invitations/${token}`);
    expect(((await preview.json()) as { data: { role_label: string; email: string } }).data).toMatchObject({
      role_label: 'Analista',
      email,
    });
    const registered = await provider('/register', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Nueva Persona',
        email,
        password: 'secreto123',
        repeat_password: 'secreto123',
        telefono: '1155556666',
        dni: '30111333',
        terms_and_conditions: true,
        provinces_id: 2,
      }),
    });
    expect(registered.status).toBe(201);
    const verifyToken = tokenIn(
      (await mailsTo(email, 2)).find((m) => m.links.includes('/verify-email'))!,
      '/verify-email',
    );
    const verified = await provider(`/verify-email?token=${encodeURIComponent(verifyToken)}`);
    const { token: access } = (await verified.json()) as { token: string };
    const accepted = await authed(access, `/team/invitations/${token}/accept`, { method: 'POST' });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { role_update: boolean }).role_update).toBe(true);
    const { token: fresh } = await login(email, 'secreto123');
    expect(claimsOf(fresh).permisos).toContain('finance.view');
    const finance = await authed(fresh, `/admin/finance?producer_id=${admin.producerId}`);
    expect(finance.status).toBe(200);
    // The link works once.
    expect((await authed(fresh, `/team/invitations/${token}/accept`, { method: 'POST' })).status).toBe(404);
  });

  it('refuses an account with another address, and an invitation that was revoked', async () => {
    const event = await createTestEvent(env, { price_cents: 0 });
    const admin = await adminOf(event.producer_id);
    const email = uniqueEmail('invitada');
    const { body } = await invite(admin, email, 'BOX_OFFICE');
    const token = await invitationToken(email);
    const stranger = await createUser();
    const { token: access } = await login(stranger.email);
    const wrong = await authed(access, `/team/invitations/${token}/accept`, { method: 'POST' });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { message: string }).message).toContain(email);
    const revoked = await asBuyer(admin, `/admin/team/invitations/${body.data.id}?producer_id=${admin.producerId}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    expect((await provider(`/team/invitations/${token}`)).status).toBe(404);
  });
});

describe('what each role may do', () => {
  it('door staff scan but cannot open finance; box office sells but cannot scan; nobody manages another producer', async () => {
    const event = await createTestEvent(env, { price_cents: 0 });
    const admin = await adminOf(event.producer_id);
    const door = await memberWith(admin, 'DOOR');
    const boxOffice = await memberWith(admin, 'BOX_OFFICE');
    const code = await someCode(event.event_id);
    expect((await scan(door.token, event.event_id, code)).status).toBe(200);
    expect((await authed(door.token, `/admin/finance?producer_id=${admin.producerId}`)).status).toBe(403);
    expect((await scan(boxOffice.token, event.event_id, code)).status).toBe(403);
    const sale = await sellAtBoxOffice(bearer(boxOffice.token), { ...event, buyer: { name: 'En puerta' } });
    expect(sale.status).toBe(201);
    const other = await adminOf();
    const foreign = await asBuyer(other, `/admin/team?producer_id=${admin.producerId}`);
    expect(foreign.status).toBe(403);
    const members = await asBuyer(bearer(door.token), `/admin/team?producer_id=${admin.producerId}`);
    expect(members.status).toBe(403);
  });

  it('a member limited to one event acts only on that event', async () => {
    const first = await createTestEvent(env, { price_cents: 0 });
    const second = await createTestEvent(env, { price_cents: 0 });
    expect(second.producer_id).toBe(first.producer_id);
    const admin = await adminOf(first.producer_id);
    const door = await memberWith(admin, 'DOOR', [first.event_id]);
    expect((await scan(door.token, first.event_id, await someCode(first.event_id))).status).toBe(200);
    const refused = await scan(door.token, second.event_id, await someCode(second.event_id));
    expect(refused.status).toBe(403);
    const events = await authed(door.token, '/checkin/events');
    const ids = ((await events.json()) as { data: { id: number }[] }).data.map((e) => e.id);
    expect(ids).toContain(first.event_id);
    expect(ids).not.toContain(second.event_id);
  });

  it('a removal takes effect on the next call, whose answer says role_update', async () => {
    const event = await createTestEvent(env, { price_cents: 0 });
    const admin = await adminOf(event.producer_id);
    const door = await memberWith(admin, 'DOOR');
    expect((await authed(door.token, '/checkin/events')).status).toBe(200);
    const removed = await asBuyer(admin, `/admin/team/members/${door.user.id}?producer_id=${admin.producerId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    const next = await authed(door.token, `/checkin/events/${event.event_id}/setup`);
    expect(next.status).toBe(403);
    expect(((await next.json()) as { role_update?: boolean }).role_update).toBe(true);
    expect((await scan(door.token, event.event_id, await someCode(event.event_id))).status).toBe(403);
    const { token } = await login(door.user.email);
    expect(claimsOf(token)).toMatchObject({ rol: 'USER', permisos: ['events.view', 'events.create'] });
  });

  it('a change of role reaches the next call; the last administrator stays', async () => {
    const admin = await adminOf();
    const member = await memberWith(admin, 'DOOR');
    const changed = await asBuyer(admin, `/admin/team/members/${member.user.id}`, {
      method: 'PUT',
      json: { producer_id: admin.producerId, role: 'ANALYST', event_ids: [] },
    });
    expect(changed.status).toBe(200);
    const finance = await authed(member.token, `/admin/finance?producer_id=${admin.producerId}`);
    expect(finance.status).toBe(200);
    expect(((await finance.json()) as { role_update?: boolean }).role_update).toBe(true);
    const demote = await asBuyer(admin, `/admin/team/members/${admin.id}`, {
      method: 'PUT',
      json: { producer_id: admin.producerId, role: 'DOOR', event_ids: [] },
    });
    // The last Administrador can neither demote nor remove themselves: a Spanish 409 that says why.
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as { message: string }).message).toBe(TEAM_MSG.selfLastAdmin);
    const remove = await asBuyer(admin, `/admin/team/members/${admin.id}?producer_id=${admin.producerId}`, {
      method: 'DELETE',
    });
    expect(remove.status).toBe(409);
    expect(((await remove.json()) as { message: string }).message).toBe(TEAM_MSG.selfLastAdmin);
    expect((await asBuyer(admin, `/admin/team?producer_id=${admin.producerId}`)).status).toBe(200);

    // With another Administrador, nobody still changes their own role or events, but may leave.
    const other = await adminOf(admin.producerId);
    const again = await asBuyer(admin, `/admin/team/members/${admin.id}`, {
      method: 'PUT',
      json: { producer_id: admin.producerId, role: 'DOOR', event_ids: [] },
    });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { message: string }).message).toBe(GRANT_MSG.self);
    const leave = await asBuyer(other, `/admin/team/members/${other.id}?producer_id=${admin.producerId}`, {
      method: 'DELETE',
    });
    expect(leave.status).toBe(200);
  });

  it('answers bad input in Spanish with a 400', async () => {
    const admin = await adminOf();
    const res = await invite(admin, 'no-es-un-correo', 'JEFE');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Revisá el correo');
    const unauth = await provider('/admin/team');
    expect(unauth.status).toBe(401);
    expect(((await unauth.json()) as { message: string }).message).toBe(MSG.sessionExpired);
  });
});
