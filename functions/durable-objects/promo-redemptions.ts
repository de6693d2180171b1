import type { Discount } from '../../src/shared/pricing';
import type { HoldItem } from './event-inventory';
import { refuseBySaleConfig, type SaleAccess, type SaleConfig, type SaleRefusal } from './sale-config';

/**
 * Promo and access codes inside the EventInventory object (issue 22). A code's definition is read from D1
 * once per sale-configuration version (a change to a code bumps the version, migration 0030), and its uses
 * are counted in the object's own SQLite, in the same synchronous step that creates the hold: a code limited
 * to N tickets discounts exactly N, whatever the interleaving. A use is given back when its hold is released,
 * expires or its payment is rejected (taken again if a retry pays within the hold's time and the code still
 * has room), and on refund when the code says so (release_on_refund).
 */

export type PromoDef = {
  id: number;
  code: string;
  kind: 'discount' | 'access' | 'both';
  discount: Discount | null;
  unlockTypeIds: number[];
  maxTickets: number | null;
  maxPerOrder: number | null;
  maxPerBuyer: number | null;
  validFrom: number | null;
  validUntil: number | null;
  releaseOnRefund: boolean;
};

export type PromoRefusal =
  | { ok: false; reason: 'promo_invalid' }
  | { ok: false; reason: 'promo_expired' }
  | { ok: false; reason: 'promo_not_yet'; from: number }
  | { ok: false; reason: 'promo_types' }
  | { ok: false; reason: 'promo_per_order'; max: number }
  | { ok: false; reason: 'promo_per_buyer'; max: number }
  | { ok: false; reason: 'promo_exhausted'; remaining: number };

export const PROMO_SCHEMA = `
create table if not exists promo_uses (
  hold_id text primary key,
  code_id integer not null,
  buyer text not null,
  items text not null,
  tickets integer not null,
  max_tickets integer,
  release_on_refund integer not null,
  active integer not null default 1
);
create index if not exists promo_uses_code on promo_uses (code_id, active);
create index if not exists promo_uses_buyer on promo_uses (code_id, buyer, active);
`;

/** Codes are case-insensitive: stored and looked up upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

type PromoRow = {
  id: number;
  code: string;
  kind: PromoDef['kind'];
  discount_type: Discount['type'] | null;
  value: number;
  ticket_type_ids: string;
  unlock_ticket_type_ids: string;
  max_tickets: number | null;
  max_per_order: number | null;
  max_per_buyer: number | null;
  valid_from: string | null;
  valid_until: string | null;
  release_on_refund: number;
};

const loaded = new WeakMap<SaleConfig, Map<string, Promise<PromoDef | null>>>();

/** The live code `code` for the configuration's event (null: no such code, archived or another producer's). */
export function promoOf(db: D1Database, config: SaleConfig, code: string): Promise<PromoDef | null> {
  const key = normalizeCode(code);
  const codes = loaded.get(config) ?? new Map<string, Promise<PromoDef | null>>();
  loaded.set(config, codes);
  let def = codes.get(key);
  if (!def) {
    def = db
      .prepare(
        `select * from promo_codes where producer_id = ? and code = ? and (event_id is null or event_id = ?)
           and archived_at is null`,
      )
      .bind(config.producerId, key, config.eventId)
      .first<PromoRow>()
      .then((row) => (row ? toDef(row) : null));
    codes.set(key, def);
    // A failed read is not remembered.
    def.catch(() => codes.delete(key));
  }
  return def;
}

function toDef(row: PromoRow): PromoDef {
  const ids = (json: string) => (JSON.parse(json) as number[]).filter((n) => Number.isInteger(n));
  const typeIds = ids(row.ticket_type_ids);
  const time = (iso: string | null) => (iso ? new Date(iso).getTime() : null);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    discount:
      row.kind !== 'access' && row.discount_type
        ? { type: row.discount_type, value: row.value, typeIds: typeIds.length > 0 ? typeIds : null }
        : null,
    unlockTypeIds: row.kind === 'discount' ? [] : ids(row.unlock_ticket_type_ids),
    maxTickets: row.max_tickets,
    maxPerOrder: row.max_per_order,
    maxPerBuyer: row.max_per_buyer,
    validFrom: time(row.valid_from),
    validUntil: time(row.valid_until),
    releaseOnRefund: row.release_on_refund === 1,
  };
}

/** The tickets of an order a code counts: those it discounts or unlocks. */
export function countedItems(promo: PromoDef, items: HoldItem[]): HoldItem[] {
  return items.filter(
    (i) =>
      promo.unlockTypeIds.includes(i.typeId) ||
      (promo.discount !== null && (promo.discount.typeIds === null || promo.discount.typeIds.includes(i.typeId))),
  );
}

const sum = (items: HoldItem[]) => items.reduce((n, i) => n + i.quantity, 0);

/**
 * The configuration's checks with a code: hidden types the code unlocks may be held as if by staff; the
 * code itself must be live, in its validity window, apply to something chosen and fit its per-order limit.
 */
export function refuseWithPromo(
  config: SaleConfig | null,
  items: HoldItem[],
  now: number,
  access: SaleAccess,
  code: string | undefined,
  promo: PromoDef | null,
): SaleRefusal | PromoRefusal | null {
  if (!code) return refuseBySaleConfig(config, items, now, access);
  const unlocked = new Set(promo?.unlockTypeIds ?? []);
  const refused =
    refuseBySaleConfig(
      config,
      items.filter((i) => !unlocked.has(i.typeId)),
      now,
      access,
    ) ??
    refuseBySaleConfig(
      config,
      items.filter((i) => unlocked.has(i.typeId)),
      now,
      'staff',
    );
  if (refused) return refused;
  if (!promo) return { ok: false, reason: 'promo_invalid' };
  if (promo.validFrom !== null && promo.validFrom > now)
    return { ok: false, reason: 'promo_not_yet', from: promo.validFrom };
  if (promo.validUntil !== null && promo.validUntil <= now) return { ok: false, reason: 'promo_expired' };
  const counted = sum(countedItems(promo, items));
  if (counted === 0) return { ok: false, reason: 'promo_types' };
  if (promo.maxPerOrder !== null && counted > promo.maxPerOrder)
    return { ok: false, reason: 'promo_per_order', max: promo.maxPerOrder };
  return null;
}

/**
 * Whether the code still has room for this hold's tickets (synchronous, run right before the hold in the
 * same step). `replacing`: the buyer's open hold the new one replaces, whose use is given back with it.
 */
export function checkPromoRoom(
  sql: SqlStorage,
  promo: PromoDef,
  counted: number,
  buyer: string,
  replacing: string | null,
): PromoRefusal | null {
  const used = (where: string, ...binds: (string | number)[]) =>
    sql
      .exec<{ n: number }>(
        `select coalesce(sum(tickets), 0) as n from promo_uses where code_id = ? and active = 1 and hold_id <> ? ${where}`,
        promo.id,
        replacing ?? '',
        ...binds,
      )
      .one().n;
  if (promo.maxTickets !== null) {
    const remaining = Math.max(0, promo.maxTickets - used(''));
    if (counted > remaining) return { ok: false, reason: 'promo_exhausted', remaining };
  }
  if (promo.maxPerBuyer !== null && used('and buyer = ?', buyer) + counted > promo.maxPerBuyer)
    return { ok: false, reason: 'promo_per_buyer', max: promo.maxPerBuyer };
  return null;
}

/** Counts a hold's use of the code (right after the hold, in the same synchronous step). */
export function recordPromoUse(sql: SqlStorage, promo: PromoDef, holdId: string, buyer: string, counted: HoldItem[]) {
  sql.exec(
    `insert into promo_uses (hold_id, code_id, buyer, items, tickets, max_tickets, release_on_refund)
     values (?, ?, ?, ?, ?, ?, ?)`,
    holdId,
    promo.id,
    buyer,
    JSON.stringify(counted),
    sum(counted),
    promo.maxTickets,
    promo.releaseOnRefund ? 1 : 0,
  );
}

/** The hold was released, expired, replaced or its payment rejected: its use goes back to the code. */
export function releasePromoUse(sql: SqlStorage, holdId: string) {
  sql.exec('update promo_uses set active = 0 where hold_id = ? and active = 1', holdId);
}

/**
 * A rejected hold is being paid by a retry: its use is taken again if the code still has room (false: it
 * has not, and the hold is not sold, like a hold whose stock went meanwhile). True when it had no use.
 */
export function retakePromoUse(sql: SqlStorage, holdId: string): boolean {
  const row = sql
    .exec<{ code_id: number; tickets: number; max_tickets: number | null; active: number }>(
      'select code_id, tickets, max_tickets, active from promo_uses where hold_id = ?',
      holdId,
    )
    .toArray()[0];
  if (!row || row.active === 1) return true;
  if (row.max_tickets !== null) {
    const used = sql
      .exec<{ n: number }>(
        'select coalesce(sum(tickets), 0) as n from promo_uses where code_id = ? and active = 1',
        row.code_id,
      )
      .one().n;
    if (used + row.tickets > row.max_tickets) return false;
  }
  sql.exec('update promo_uses set active = 1 where hold_id = ?', holdId);
  return true;
}

/** Refunded tickets give their use back when the code says so (release_on_refund). */
export function returnPromoTickets(sql: SqlStorage, holdId: string, returned: HoldItem[] | 'all') {
  const row = sql
    .exec<{ items: string; release_on_refund: number }>(
      'select items, release_on_refund from promo_uses where hold_id = ? and active = 1',
      holdId,
    )
    .toArray()[0];
  if (row?.release_on_refund !== 1) return;
  if (returned === 'all') return releasePromoUse(sql, holdId);
  const left = new Map((JSON.parse(row.items) as HoldItem[]).map((i) => [i.typeId, i.quantity]));
  for (const r of returned) if (left.has(r.typeId)) left.set(r.typeId, Math.max(0, left.get(r.typeId)! - r.quantity));
  const items = [...left].filter(([, q]) => q > 0).map(([typeId, quantity]) => ({ typeId, quantity }));
  sql.exec(
    'update promo_uses set items = ?, tickets = ?, active = ? where hold_id = ?',
    JSON.stringify(items),
    sum(items),
    items.length > 0 ? 1 : 0,
    holdId,
  );
}

/** Live tickets counted against each code (open holds and sales), for the back office. */
export function promoUse(sql: SqlStorage): { codeId: number; tickets: number }[] {
  return sql
    .exec<{ code_id: number; n: number }>(
      'select code_id, sum(tickets) as n from promo_uses where active = 1 group by code_id order by code_id',
    )
    .toArray()
    .map((r) => ({ codeId: r.code_id, tickets: r.n }));
}
