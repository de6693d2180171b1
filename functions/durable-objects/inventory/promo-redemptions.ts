import type { Discount } from '../../../src/shared/pricing';
import { codeDiscount, codeTypeIds, type PromoCodeRow } from '../../domain/promo/codes';
import type { HoldItem } from './items';
import { refuseBySaleConfig, type SaleAccess, type SaleConfig, type SaleRefusal } from './sale-config';

/**
 * Promo and access codes inside the EventInventory object (issue 22): a code's definition, read from D1 once
 * per sale-configuration version (a change to a code bumps the version of every event it covers, migration
 * 0030), and the checks of a hold with a code. Its uses are counted over the code's whole scope by
 * promo-uses.ts, in the same step that creates the hold.
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

/** Codes are case-insensitive: stored and looked up upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

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
      .first<PromoCodeRow>()
      .then((row) => (row ? toDef(row) : null));
    codes.set(key, def);
    // A failed read is not remembered.
    def.catch(() => codes.delete(key));
  }
  return def;
}

function toDef(row: PromoCodeRow): PromoDef {
  const time = (iso: string | null) => (iso ? new Date(iso).getTime() : null);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    discount: codeDiscount(row),
    unlockTypeIds: row.kind === 'discount' ? [] : codeTypeIds(row.unlock_ticket_type_ids),
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

export const sumItems = (items: HoldItem[]) => items.reduce((n, i) => n + i.quantity, 0);

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
  const counted = sumItems(countedItems(promo, items));
  if (counted === 0) return { ok: false, reason: 'promo_types' };
  if (promo.maxPerOrder !== null && counted > promo.maxPerOrder)
    return { ok: false, reason: 'promo_per_order', max: promo.maxPerOrder };
  return null;
}
