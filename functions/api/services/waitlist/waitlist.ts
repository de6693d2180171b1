import { WAITLIST_MSG } from '../../../../src/shared/messages/waitlist';
import type { WaitlistJoin } from '../../../../src/shared/schemas/waitlist';
import { inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';

/**
 * The waiting list (issue 22): the entries and their order live in the event's inventory object
 * (durable-objects/inventory/waitlist.ts), which also offers freed stock to them; here the buyer's account and the
 * ticket type are checked against D1 first.
 */
export async function joinWaitlist(env: Env, userId: number, eventId: number, input: WaitlistJoin) {
  const [users, types] = await env.DB.batch([
    env.DB.prepare('select name, email, dni from users where id = ?').bind(userId),
    env.DB.prepare(
      `select t.name, t.max_per_order, t.hidden, e.status, d.starts_at from ticket_types t
       join event_dates d on d.id = t.event_date_id join events e on e.id = d.event_id
       where t.id = ? and e.id = ?`,
    ).bind(input.ticket_type_id, eventId),
  ]);
  const user = (users.results as { name: string; email: string; dni: string | null }[])[0];
  const type = (
    types.results as { name: string; max_per_order: number; hidden: number; status: string; starts_at: string }[]
  )[0];
  const onField = (status: 400 | 409, field: string, message: string): never =>
    fail(status, message, { [field]: [message] });
  if (!user?.dni) onField(400, 'dni', WAITLIST_MSG.noDni);
  if (!type || type.hidden === 1) onField(400, 'ticket_type_id', WAITLIST_MSG.unknownType);
  if (type.status !== 'publicado') fail(409, WAITLIST_MSG.closed);
  if (input.quantity > type.max_per_order) onField(400, 'quantity', WAITLIST_MSG.quantityMax(type.max_per_order));
  const result = await inventoryOf(env, eventId).joinWaitlist(
    {
      typeId: input.ticket_type_id,
      userId,
      dni: user.dni ?? '',
      email: user.email,
      name: user.name,
      quantity: input.quantity,
      acceptFewer: input.accept_fewer,
    },
    new Date(type.starts_at).getTime(),
  );
  if (result.ok)
    return { id: result.entryId, position: result.position, message: WAITLIST_MSG.joined(result.position) };
  if (result.reason === 'twice') fail(409, WAITLIST_MSG.twice);
  if (result.reason === 'dni_twice') fail(409, WAITLIST_MSG.dniTwice);
  if (result.reason === 'available') onField(409, 'ticket_type_id', WAITLIST_MSG.available(type.name));
  if (result.reason === 'unknown_type') onField(400, 'ticket_type_id', WAITLIST_MSG.unknownType);
  if (result.reason === 'queued') fail(409, WAITLIST_MSG.queueRunning);
  fail(409, WAITLIST_MSG.closed);
}

export async function myWaitlistPlace(env: Env, userId: number, eventId: number) {
  const place = await inventoryOf(env, eventId).waitlistPlace(userId);
  if (!place) return null;
  return {
    id: place.id,
    ticket_type_id: place.typeId,
    quantity: place.quantity,
    accept_fewer: place.acceptFewer,
    status: place.status,
    position: place.position,
    offered_quantity: place.offeredQuantity,
    offer_expires_at: place.offerExpiresAt === null ? null : new Date(place.offerExpiresAt).toISOString(),
    order_id: place.offerOrderId,
  };
}

export async function leaveWaitlist(env: Env, userId: number, eventId: number) {
  if (!(await inventoryOf(env, eventId).leaveWaitlist(userId))) fail(404, WAITLIST_MSG.notIn);
}

/** The producer's view: entries in order, demand per type ("podrías vender N más"), the offer time. */
export async function adminWaitlist(env: Env, eventId: number) {
  const [list, types] = await Promise.all([
    inventoryOf(env, eventId).waitlist(),
    env.DB.prepare(
      `select t.id, t.name, t.capacity from ticket_types t join event_dates d on d.id = t.event_date_id
       where d.event_id = ?`,
    )
      .bind(eventId)
      .all<{ id: number; name: string; capacity: number }>(),
  ]);
  const byId = new Map(types.results.map((t) => [t.id, t]));
  // Each waiting entry's place among those waiting for its type (the entries come in arrival order).
  const waitingAhead = new Map<number, number>();
  const positionOf = (e: { type_id: number; status: string }) => {
    if (e.status !== 'waiting') return null;
    const position = (waitingAhead.get(e.type_id) ?? 0) + 1;
    waitingAhead.set(e.type_id, position);
    return position;
  };
  return {
    offer_minutes: list.offerMinutes,
    demand: list.demand.map((d) => ({
      ticket_type_id: d.typeId,
      name: byId.get(d.typeId)?.name ?? '',
      capacity: byId.get(d.typeId)?.capacity ?? 0,
      entries: d.entries,
      tickets: d.tickets,
      message: WAITLIST_MSG.demand(d.tickets),
    })),
    entries: list.entries.map((e) => ({
      id: e.id,
      position: positionOf(e),
      ticket_type_id: e.type_id,
      ticket_type_name: byId.get(e.type_id)?.name ?? '',
      name: e.name,
      email: e.email,
      quantity: e.quantity,
      accept_fewer: e.accept_fewer === 1,
      status: e.status,
      offered_quantity: e.offered_quantity,
      offer_expires_at: e.offer_expires_at === null ? null : new Date(e.offer_expires_at).toISOString(),
      joined_at: new Date(e.created_at).toISOString(),
    })),
  };
}

export async function setWaitlist(env: Env, eventId: number, offerMinutes: number) {
  const settings = await inventoryOf(env, eventId).setWaitlistSettings(offerMinutes);
  return { offer_minutes: settings.offerMinutes };
}
