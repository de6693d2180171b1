import type { HoldItem, InventoryType } from './event-inventory';

/**
 * An event's sale configuration as the EventInventory object keeps it: everything a hold checks or prices,
 * read from D1 in one consistent batch together with its version (table sale_versions, bumped by triggers
 * on every change). Orders are written only while that version is still current (see orderStatements).
 */
export type SaleType = InventoryType & {
  name: string;
  priceCents: number;
  /** Epoch ms (NaN when unparsable, which like the old check never blocks), or null. */
  saleStartsAt: number | null;
  saleEndsAt: number | null;
  /** Not for sale to the public (for example "Invitación"): only a staff allocation may take it. */
  hidden: boolean;
  /** The event date the type belongs to (a queued on-sale may cover one date only). */
  dateId: number;
};

/** Who asks for tickets: a buyer on the public sale, or staff allocating (hidden types allowed). */
export type SaleAccess = 'public' | 'staff';

export type SaleConfig = {
  version: number;
  eventId: number;
  producerId: number;
  status: string;
  holdMinutes: number;
  fee: { percentBp: number; fixedCents: number };
  types: Map<number, SaleType>;
  /** "Venta con fila": holds need a valid queue pass (functions/lib/queue-pass.ts); null for a plain sale. */
  queue: { opensAt: number; dniCap: number | null; dateId: number | null } | null;
};

/** Why the configuration refuses a hold before capacity is even looked at. */
export type SaleRefusal =
  | { ok: false; reason: 'no_event' }
  | { ok: false; reason: 'not_on_sale' }
  | { ok: false; reason: 'foreign_type' }
  | { ok: false; reason: 'not_public' }
  | { ok: false; reason: 'not_started'; name: string }
  | { ok: false; reason: 'ended'; name: string };

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
  name: string;
  price_cents: number;
  capacity: number;
  min_per_order: number;
  max_per_order: number;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  hidden: number;
  event_date_id: number;
};

/**
 * The service charge of a producer `p` (its own, else the platform's), as `fee_bp` and `fee_fixed`: the
 * one SQL the sale configuration (what a hold charges) and the public event page (what it shows) share.
 */
export const SERVICE_FEE_COLUMNS = `coalesce(p.fee_percent_bp, (select cast(value as integer) from platform_config where key = 'service_fee_percent_bp'), 0) as fee_bp,
           coalesce(p.fee_fixed_cents, (select cast(value as integer) from platform_config where key = 'service_fee_fixed_cents'), 0) as fee_fixed`;

/** Reads the configuration of an event (null when the event does not exist). */
export async function loadSaleConfig(db: D1Database, eventId: number): Promise<SaleConfig | null> {
  const [versionRows, eventRows, typeRows, queueRows] = await db.batch([
    db.prepare('select coalesce((select v from sale_versions where event_id = ?), 0) as v').bind(eventId),
    db
      .prepare(
        // A deactivated producer sells nothing; its own hold minutes (configuration) apply to all its events.
        `select e.id, e.producer_id, case when p.activo = 0 then 'productora_inactiva' else e.status end as status,
           coalesce((select s.hold_minutes from producer_settings s where s.producer_id = p.id), e.hold_minutes)
             as hold_minutes,
           ${SERVICE_FEE_COLUMNS}
         from events e join producers p on p.id = e.producer_id where e.id = ?`,
      )
      .bind(eventId),
    db
      .prepare(
        `select t.id, t.name, t.price_cents, t.capacity, t.min_per_order, t.max_per_order, t.sale_starts_at, t.sale_ends_at, t.hidden,
           t.event_date_id
         from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = ?`,
      )
      .bind(eventId),
    // A queue closed back to the normal sale (mode 'normal') asks no pass.
    db
      .prepare("select opens_at, dni_cap, event_date_id from event_queues where event_id = ? and mode = 'queue'")
      .bind(eventId),
  ]);
  const queue = (queueRows.results as { opens_at: string; dni_cap: number | null; event_date_id: number | null }[])[0];
  const event = (eventRows.results as EventRow[])[0];
  if (!event) return null;
  const time = (iso: string | null) => (iso ? new Date(iso).getTime() : null);
  return {
    version: (versionRows.results as { v: number }[])[0].v,
    eventId: event.id,
    producerId: event.producer_id,
    status: event.status,
    holdMinutes: event.hold_minutes,
    fee: { percentBp: event.fee_bp, fixedCents: event.fee_fixed },
    queue: queue
      ? { opensAt: new Date(queue.opens_at).getTime(), dniCap: queue.dni_cap, dateId: queue.event_date_id }
      : null,
    types: new Map(
      (typeRows.results as TypeRow[]).map((t) => [
        t.id,
        {
          id: t.id,
          name: t.name,
          priceCents: t.price_cents,
          capacity: t.capacity,
          minPerOrder: t.min_per_order,
          maxPerOrder: t.max_per_order,
          saleStartsAt: time(t.sale_starts_at),
          saleEndsAt: time(t.sale_ends_at),
          hidden: t.hidden === 1,
          dateId: t.event_date_id,
        },
      ]),
    ),
  };
}

/** The checks that do not depend on stock, in the order (and with the outcome) buyers always got them. */
export function refuseBySaleConfig(
  config: SaleConfig | null,
  items: HoldItem[],
  now: number,
  access: SaleAccess = 'public',
): SaleRefusal | null {
  if (!config) return { ok: false, reason: 'no_event' };
  if (config.status !== 'publicado') return { ok: false, reason: 'not_on_sale' };
  for (const item of items) {
    const type = config.types.get(item.typeId);
    if (!type) return { ok: false, reason: 'foreign_type' };
    if (type.hidden && access !== 'staff') return { ok: false, reason: 'not_public' };
    if (type.saleStartsAt !== null && type.saleStartsAt > now)
      return { ok: false, reason: 'not_started', name: type.name };
    if (type.saleEndsAt !== null && type.saleEndsAt <= now) return { ok: false, reason: 'ended', name: type.name };
  }
  return null;
}
