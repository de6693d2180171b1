import { env } from 'cloudflare:test';
import { syncInventory } from '../../functions/api/services/checkout/inventory';
import { makeUser, type TestUser } from './events-helpers';

let counter = 0;

/** A producer of its own with an ADMIN (and optionally a collaborator), and a published event on sale. */
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
  const startsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const event = await env.DB.prepare(
    `insert into events (producer_id, title, slug, category, status, hold_minutes, starts_at, last_starts_at)
     values (?, ?, ?, 'Otros', 'publicado', ?, ?, ?) returning id`,
  )
    .bind(producer!.id, `Evento ${stamp}`, `evento-${stamp}`, opts.hold_minutes ?? 10, startsAt, startsAt)
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
  return { producerId: producer!.id, admin, collaborator, eventId: event!.id, typeId: type!.id };
}

export const VALID_SETTINGS = {
  razon_social: 'Noches Porteñas S.R.L.',
  cuit: '20-12345678-6',
  iva_condition: 'responsable_inscripto',
  payout_account: '2850590940090418135201',
  payout_holder: 'Noches Porteñas S.R.L.',
  hold_minutes: null,
  named_tickets: false,
  door_dni: false,
  refund_policy: 'Devolvemos el importe hasta 10 días antes de la función.',
  fee: null,
};

export type { TestUser };
