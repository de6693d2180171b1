import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { emit } from '../../../functions/api/reactions';
import type { MemberRole } from '../../../src/shared/roles';
import { startPurchase } from '../checkout/checkout-fixtures';
import { addMember, adminOf, asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';

export type Person = Awaited<ReturnType<typeof createBuyer>>;

/** The nine kinds of caller every route is tried as (tests/api/platform/routes.test.ts). */
export const CALLERS = [
  'visitor',
  'buyer',
  'door',
  'boxOffice',
  'analyst',
  'limitedAdmin',
  'fullAdmin',
  'otherAdmin',
  'superadmin',
] as const;
export type CallerName = (typeof CALLERS)[number];

/** What each caller is: its memberships (producer 'own' or 'other', role, limited to E1 or not). */
export const CALLER_SHAPE: Record<
  CallerName,
  { signedIn: boolean; superadmin?: boolean; member?: { producer: 'own' | 'other'; role: MemberRole; onlyE1: boolean } }
> = {
  visitor: { signedIn: false },
  buyer: { signedIn: true },
  door: { signedIn: true, member: { producer: 'own', role: 'DOOR', onlyE1: true } },
  boxOffice: { signedIn: true, member: { producer: 'own', role: 'BOX_OFFICE', onlyE1: false } },
  analyst: { signedIn: true, member: { producer: 'own', role: 'ANALYST', onlyE1: true } },
  limitedAdmin: { signedIn: true, member: { producer: 'own', role: 'ADMIN', onlyE1: true } },
  fullAdmin: { signedIn: true, member: { producer: 'own', role: 'ADMIN', onlyE1: false } },
  otherAdmin: { signedIn: true, member: { producer: 'other', role: 'ADMIN', onlyE1: false } },
  superadmin: { signedIn: true, superadmin: true },
};

/** A published free event of the producer (with its inventory object in step). */
export async function eventOf(producerId: number) {
  const event = await createTestEvent(env, { price_cents: 0 });
  await env.DB.prepare('update events set producer_id = ? where id = ?').bind(producerId, event.event_id).run();
  await emit(env, { kind: 'saleConfigChanged', eventId: event.event_id });
  return { ...event, producer_id: producerId };
}

/**
 * A producer P1 with two published events E1 and E2, a paid order (and its ticket) of E1, a door list and
 * gate of E1, a complimentary invitation of E1, and one person of each kind of caller; another producer P2
 * with its own administrator.
 */
export async function scopeWorld() {
  const fullAdmin = await adminOf();
  const producerId = fullAdmin.producerId;
  const [e1, e2] = [await eventOf(producerId), await eventOf(producerId)];
  const otherAdmin = await adminOf();
  const buyer = await createBuyer();
  const { orderId } = await startPurchase(buyer, e1.event_id, e1.ticket_type_id, 1);
  const ticket = await env.DB.prepare('select id from tickets where order_id = ?')
    .bind(orderId)
    .first<{ id: string }>();
  const people: Record<Exclude<CallerName, 'visitor'>, Person> = {
    buyer,
    door: await addMember(producerId, 'DOOR', [e1.event_id]),
    boxOffice: await addMember(producerId, 'BOX_OFFICE'),
    analyst: await addMember(producerId, 'ANALYST', [e1.event_id]),
    limitedAdmin: await addMember(producerId, 'ADMIN', [e1.event_id]),
    fullAdmin,
    otherAdmin,
    superadmin: await createBuyer('SUPERADMIN'),
  };
  const list = await asBuyer(fullAdmin, `/checkin/events/${e1.event_id}/lists`, {
    method: 'POST',
    json: { name: 'Lista matriz' },
  });
  expect(list.status).toBe(201);
  const gate = await asBuyer(fullAdmin, `/checkin/events/${e1.event_id}/gates`, {
    method: 'POST',
    json: { name: 'Puerta matriz' },
  });
  expect(gate.status).toBe(201);
  const invitation = await asBuyer(fullAdmin, '/admin/invitations', {
    method: 'POST',
    json: {
      event_id: e1.event_id,
      name: 'Invitada Matriz',
      email: 'invitada.matriz@prueba.ar',
      dni: '30111222',
      quantity: 1,
      ticket_type: 'General',
      tag: 'prensa',
    },
  });
  expect(invitation.status, await invitation.clone().text()).toBe(201);
  const invitationId = await env.DB.prepare('select id from guest_invitations where event_id = ? limit 1')
    .bind(e1.event_id)
    .first<{ id: string }>();
  return {
    producerId,
    otherProducerId: otherAdmin.producerId,
    e1: e1.event_id,
    e2: e2.event_id,
    ticketTypeId: e1.ticket_type_id,
    orderId,
    ticketId: ticket!.id,
    listId: ((await list.json()) as { data: { id: number } }).data.id,
    gateId: ((await gate.json()) as { data: { id: number } }).data.id,
    invitationId: invitationId!.id,
    people,
  };
}
export type ScopeWorld = Awaited<ReturnType<typeof scopeWorld>>;
