import { priceLine, totals } from '../../../../src/shared/pricing';
import type { HoldRequest } from '../../../../src/shared/schemas/checkout';
import type { HoldResult } from '../../../durable-objects/event-inventory';
import { fail } from '../../lib/errors';
import { inventoryOf } from './inventory';

type EventRow = {
  id: number;
  producer_id: number;
  status: string;
  hold_minutes: number;
  fee_bp: number;
  fee_fixed: number;
};

type TypeRow = {
  id: number;
  capacity: number;
  min_per_order: number;
  max_per_order: number;
  name: string;
  price_cents: number;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  event_id: number;
};

/** Spanish answers for a refused hold. */
function refusal(result: Extract<HoldResult, { ok: false }>, names: Map<number, string>): never {
  const name = result.typeId ? (names.get(result.typeId) ?? 'la entrada') : 'la entrada';
  if (result.reason === 'sold_out') {
    fail(
      409,
      result.available
        ? `Quedan solo ${result.available} entradas de ${name}.`
        : `No quedan entradas disponibles de ${name}.`,
    );
  }
  if (result.reason === 'min') fail(400, `La compra mínima de ${name} no se alcanzó.`);
  if (result.reason === 'max') fail(400, `Superó la cantidad máxima por compra de ${name}.`);
  fail(400, 'Elija al menos una entrada.');
}

/**
 * Reserves tickets for a buyer and opens an order for them. The event's inventory object decides
 * (atomically) whether the tickets are there; D1 only records the order.
 */
export async function createHold(env: Env, userId: number, input: HoldRequest) {
  // One round trip for the event, its service charge (producer override, else the platform default) and
  // the chosen ticket types: this path runs for every buyer at once when a sale opens.
  const ids = input.items.map((i) => i.ticket_type_id);
  const [eventRows, typeRows] = await env.DB.batch([
    env.DB.prepare(
      `select e.id, e.producer_id, e.status, e.hold_minutes,
         coalesce(p.fee_percent_bp, (select cast(value as integer) from platform_config where key = 'service_fee_percent_bp'), 0) as fee_bp,
         coalesce(p.fee_fixed_cents, (select cast(value as integer) from platform_config where key = 'service_fee_fixed_cents'), 0) as fee_fixed
       from events e join producers p on p.id = e.producer_id where e.id = ?`,
    ).bind(input.event_id),
    env.DB.prepare(
      `select t.id, t.name, t.price_cents, t.capacity, t.min_per_order, t.max_per_order, t.sale_starts_at, t.sale_ends_at, d.event_id
       from ticket_types t join event_dates d on d.id = t.event_date_id
       where t.id in (${ids.map(() => '?').join(',')})`,
    ).bind(...ids),
  ]);
  const event = (eventRows.results as EventRow[])[0];
  if (!event) fail(404, 'El evento no existe.');
  if (event.status !== 'publicado') fail(409, 'El evento no está a la venta.');
  const types = typeRows.results as TypeRow[];
  const byId = new Map(types.map((t) => [t.id, t]));
  const now = Date.now();
  for (const id of ids) {
    const type = byId.get(id);
    if (!type || type.event_id !== event.id) fail(400, 'Una de las entradas elegidas no pertenece al evento.');
    if (type.sale_starts_at && new Date(type.sale_starts_at).getTime() > now)
      fail(409, `La venta de ${type.name} todavía no comenzó.`);
    if (type.sale_ends_at && new Date(type.sale_ends_at).getTime() <= now)
      fail(409, `La venta de ${type.name} terminó.`);
  }

  const inventory = inventoryOf(env, event.id);
  const items = input.items.map((i) => ({ typeId: i.ticket_type_id, quantity: i.quantity }));
  const seconds = Math.max(1, event.hold_minutes) * 60;
  const current = {
    eventId: event.id,
    types: types.map((t) => ({
      id: t.id,
      capacity: t.capacity,
      minPerOrder: t.min_per_order,
      maxPerOrder: t.max_per_order,
    })),
  };
  const result = await inventory.hold(`user:${userId}`, items, seconds, current);
  if (!result.ok) refusal(result, new Map(types.map((t) => [t.id, t.name])));

  const fee = { percentBp: event.fee_bp, fixedCents: event.fee_fixed };
  const lines = input.items.map((i) =>
    priceLine(i.ticket_type_id, i.quantity, byId.get(i.ticket_type_id)!.price_cents, fee),
  );
  const sum = totals(lines);
  const orderId = crypto.randomUUID();
  const expiresAt = new Date(result.expiresAt).toISOString();
  const statements = [
    env.DB.prepare(
      `insert into orders (id, user_id, event_id, producer_id, hold_id, hold_expires_at, subtotal_cents, fee_cents, total_cents)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      orderId,
      userId,
      event.id,
      event.producer_id,
      result.holdId,
      expiresAt,
      sum.subtotalCents,
      sum.feeCents,
      sum.totalCents,
    ),
    ...lines.map((l) =>
      env.DB.prepare(
        'insert into order_items (order_id, ticket_type_id, quantity, unit_price_cents, unit_fee_cents) values (?, ?, ?, ?, ?)',
      ).bind(orderId, l.ticketTypeId, l.quantity, l.unitPriceCents, l.unitFeeCents),
    ),
  ];
  if (result.replaced) {
    // The buyer's previous hold on this event was released by the new one: its order is over.
    statements.push(
      env.DB.prepare(
        "update orders set status = 'expired', status_reason = 'reemplazada', updated_at = ? where hold_id = ? and status = 'held'",
      ).bind(new Date().toISOString(), result.replaced),
    );
  }
  try {
    await env.DB.batch(statements);
  } catch (err) {
    // Without its order the hold would only block tickets until it expires: give them back now.
    await inventory.release(result.holdId);
    throw err;
  }
  return { orderId, holdId: result.holdId, expiresAt, ...sum };
}

/** The buyer leaves the checkout: the hold goes back on sale at once. */
export async function releaseHold(env: Env, order: { id: string; event_id: number; hold_id: string }) {
  const changed = await env.DB.prepare(
    "update orders set status = 'expired', status_reason = 'cancelada', updated_at = ? where id = ? and status = 'held'",
  )
    .bind(new Date().toISOString(), order.id)
    .run();
  if (changed.meta.changes === 1) await inventoryOf(env, order.event_id).release(order.hold_id);
  return changed.meta.changes === 1;
}
