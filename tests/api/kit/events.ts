import { env } from 'cloudflare:test';
import { syncInventory } from '../../../functions/api/services/checkout/inventory';
import { createTestEvent } from '../../../functions/dev/checkout-tools';
import { makeUser } from './actors';
import type { DataOf } from './call';

/**
 * Events to sell: `createTestEvent` (a published event with one ticket type, as the dev tools and the
 * benchmarks make it), `producerWithEvent` (with its team), `eventBody` (what the back office posts) and
 * `editBody` (what it puts back).
 */
export { createTestEvent };

let counter = 0;

/** A producer of its own with an ADMIN and a DOOR collaborator, and a published event on sale. */
export async function producerWithEvent(opts: { price_cents?: number; hold_minutes?: number } = {}) {
  counter += 1;
  const stamp = `${Date.now()}-${counter}`;
  const producer = await env.DB.prepare('insert into producers (name, slug) values (?, ?) returning id')
    .bind(`Productora ${stamp}`, `productora-${stamp}`)
    .first<{ id: number }>();
  const admin = await makeUser('ADMIN');
  const collaborator = await makeUser('COLABORATORS');
  await env.DB.batch([
    env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')").bind(
      producer!.id,
      admin.id,
    ),
    env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'DOOR')").bind(
      producer!.id,
      collaborator.id,
    ),
  ]);
  const { eventId, typeId } = await eventFor(producer!.id, opts);
  return { producerId: producer!.id, admin, collaborator, eventId, typeId };
}

/** A published event of the producer in 30 days, with one ticket type of 100 places on sale. */
export async function eventFor(producerId: number, opts: { price_cents?: number; hold_minutes?: number } = {}) {
  counter += 1;
  const stamp = `${Date.now()}-${counter}`;
  const startsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const event = await env.DB.prepare(
    `insert into events (producer_id, title, slug, category, status, hold_minutes, starts_at, last_starts_at)
     values (?, ?, ?, 'Otros', 'publicado', ?, ?, ?) returning id`,
  )
    .bind(producerId, `Evento ${stamp}`, `evento-${stamp}`, opts.hold_minutes ?? 10, startsAt, startsAt)
    .first<{ id: number }>();
  const date = await env.DB.prepare('insert into event_dates (event_id, starts_at) values (?, ?) returning id')
    .bind(event!.id, startsAt)
    .first<{ id: number }>();
  const type = await env.DB.prepare(
    `insert into ticket_types (event_date_id, name, price_cents, capacity, max_per_order)
     values (?, 'General', ?, 100, 10) returning id`,
  )
    .bind(date!.id, opts.price_cents ?? 1000_00)
    .first<{ id: number }>();
  await syncInventory(env, event!.id);
  return { eventId: event!.id, typeId: type!.id };
}

const inDays = (days: number, hour = 21) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
};

/** A complete event body (a date in 10 days with two ticket types). */
export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Noche de Jazz en San Telmo',
    description: 'Una noche de **jazz** en vivo.\n\nCon invitados.',
    category: 'Música',
    venue: { name: 'Club del Sur', address: 'Defensa 1000', city: 'CABA', provinces_id: 1 },
    dates: [
      {
        starts_at: inDays(10),
        doors_at: inDays(10, 20),
        ticket_types: [
          { name: 'General', price_cents: 1_500_000, capacity: 100 },
          { name: 'VIP', price_cents: 4_000_000, capacity: 20, max_per_order: 4 },
        ],
      },
    ],
    ...overrides,
  };
}

/** An event as the back office answers it. */
export type EventData = DataOf<'POST /admin/events'>;

/**
 * `eventBody` again as an edit of the saved `event` (its first date and ticket types carry their ids), plus
 * `overrides`; `keepTypes` keeps only that many of the ticket types (the rest are removed by the edit).
 */
export function editBody(event: EventData, overrides: Record<string, unknown> = {}, keepTypes?: number) {
  const body = eventBody();
  const [date] = body.dates as { ticket_types: Record<string, unknown>[] }[];
  return {
    ...body,
    dates: [
      {
        ...date,
        id: event.dates[0].id,
        ticket_types: date.ticket_types
          .slice(0, keepTypes)
          .map((t, i) => ({ ...t, id: event.dates[0].ticket_types[i].id })),
      },
    ],
    ...overrides,
  };
}
