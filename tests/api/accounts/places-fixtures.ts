import { env, runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import { inventoryOf, queueOf } from '../../../functions/durable-objects/stubs';
import { payInSandbox, startPurchase } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import type { queueBuyer } from '../queue/queue-fixtures';

/** A person's places in the events' objects (issue 35): waiting lists and queues, and their copies in D1. */

export type Person = Awaited<ReturnType<typeof queueBuyer>>;

/** An event whose two tickets were bought and paid by someone else: its waiting list is open. */
export async function soldOutEvent() {
  const event = await createTestEvent(env, { capacity: 2, max_per_order: 2, price_cents: 1000_00 });
  const buyer = await createBuyer();
  const { orderId, redirect } = await startPurchase(buyer, event.event_id, event.ticket_type_id, 2);
  await payInSandbox(redirect, 'approved');
  return { eventId: event.event_id, typeId: event.ticket_type_id, producerId: event.producer_id, orderId };
}

/** The producer refunds one ticket of the sold-out order: it goes to the waiting list's first entry. */
export async function refundOne(sold: Awaited<ReturnType<typeof soldOutEvent>>) {
  const admin = await adminOf(sold.producerId);
  const ticket = await env.DB.prepare('select id from tickets where order_id = ? order by id limit 1')
    .bind(sold.orderId)
    .first<{ id: string }>();
  const res = await asBuyer(admin, `/admin/orders/${sold.orderId}/refund`, {
    method: 'POST',
    json: { reason: 'Prueba', ticket_ids: [ticket!.id] },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

export const waitlistJoin = (person: Person, eventId: number, typeId: number) =>
  asBuyer(person, `/waitlist/${eventId}`, { method: 'POST', json: { ticket_type_id: typeId, quantity: 1 } });

export async function waitlistMe(person: Person, eventId: number) {
  const res = await asBuyer(person, `/waitlist/${eventId}/me`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Answer).data as { status: string; position: number | null };
}

/** Every entry of the event's waiting list in order, as the object keeps it (name, e-mail and DNI included). */
export async function waitlistEntries(eventId: number) {
  return (await inventoryOf(env, eventId).waitlist()).entries;
}

/** The queue object's own rows, in arrival order. */
export function queueEntries(eventId: number) {
  return runInDurableObject(queueOf(env, eventId), (_object, state) =>
    state.storage.sql
      .exec<{ user_id: number; dni: string; prequeue_number: number | null }>('select * from entries order by arrival')
      .toArray(),
  );
}

/** The raw rows D1's object_state keeps of the person in one table of the objects ('waitlist' or 'entries'). */
export async function rawRowsOf(userId: number, table: 'waitlist' | 'entries') {
  const { results } = await env.DB.prepare(
    "select data from object_state where tbl = ? and json_extract(data, '$.user_id') = ? order by data ->> 'seq'",
  )
    .bind(table, userId)
    .all<{ data: string }>();
  return results.map((r) => JSON.parse(r.data) as Record<string, unknown>);
}
