import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { startPurchase, ticketsOfOrderInDb } from '../checkout/checkout-fixtures';
import { addMember, asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';

/** The door's API as the scanner calls it: staff, events with paid tickets, scans, setup and counters. */

export type Staff = Awaited<ReturnType<typeof createBuyer>>;
export type Outcome = {
  scanId: string;
  serverAt: string;
  result: string;
  ok: boolean;
  label: string;
  conflict: boolean;
  replay: boolean;
  first: { at: string; gate: string; staff: string } | null;
  ticket: { id: string; type: string; holder: string; dni: string | null } | null;
  gate_id: number;
};

export async function eventWithTickets(quantity = 1, opts: { named?: boolean } = {}) {
  const event = await createTestEvent(env, { price_cents: 0, capacity: 50 });
  const buyer = await createBuyer();
  const { orderId } = await startPurchase(buyer, event.event_id, event.ticket_type_id, quantity);
  // Named after the sale: the buyer's name and DNI are the holder's (what the checkout stores for them).
  if (opts.named)
    await env.DB.prepare('update ticket_types set named = 1 where id = ?').bind(event.ticket_type_id).run();
  const tickets = await ticketsOfOrderInDb(orderId);
  return { event, buyer, orderId, tickets };
}

/** A member of the producer's door team (or its ADMIN). */
export const staffOf = (producerId: number, role: 'ADMIN' | 'DOOR' = 'DOOR') => addMember(producerId, role);

let nonces = 0;
export const nonce = () => `nonce-${Date.now()}-${nonces++}-${Math.random().toString(36).slice(2)}`;

export async function scan(staff: Staff, eventId: number, body: Record<string, unknown>) {
  const res = await asBuyer(staff, `/checkin/events/${eventId}/scan`, {
    method: 'POST',
    json: { nonce: nonce(), device: 'test', ...body },
  });
  return { status: res.status, json: (await res.json()) as { data: Outcome; message?: string } };
}

export async function setupOf(staff: Staff, eventId: number) {
  const res = await asBuyer(staff, `/checkin/events/${eventId}/setup`);
  return ((await res.json()) as { data: { lists: { id: number }[]; gates: { id: number; name: string }[] } }).data;
}

export async function addGate(admin: Staff, eventId: number, name: string) {
  const res = await asBuyer(admin, `/checkin/events/${eventId}/gates`, { method: 'POST', json: { name } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number; name: string } }).data;
}

export async function counters(staff: Staff, eventId: number) {
  const res = await asBuyer(staff, `/checkin/events/${eventId}/counters`);
  return (
    (await res.json()) as {
      data: {
        event: { admitted: number; expected: number };
        gates: { id: number; admitted: number }[];
        lists: { id: number; admitted: number }[];
      };
    }
  ).data;
}
