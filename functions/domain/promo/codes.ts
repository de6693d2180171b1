import type { Discount } from '../../../src/shared/pricing';

/**
 * A row of promo_codes as D1 answers it (lists as JSON text, flags as 0/1): read by the codes' admin
 * (services/promo), the event page's unlock (services/events/catalog.ts) and the inventory object's checks.
 */
export type PromoCodeRow = {
  id: number;
  event_id: number | null;
  code: string;
  kind: 'discount' | 'access' | 'both';
  discount_type: Discount['type'] | null;
  value: number;
  ticket_type_ids: string;
  unlock_ticket_type_ids: string;
  max_tickets: number | null;
  max_per_order: number | null;
  max_per_buyer: number | null;
  valid_from: string | null;
  valid_until: string | null;
  owner_label: string;
  release_on_refund: number;
  archived_at: string | null;
  created_at: string;
};

/** The ticket type ids of one of a code's JSON lists (whole numbers only). */
export const codeTypeIds = (json: string) => (JSON.parse(json) as number[]).filter((n) => Number.isInteger(n));

/**
 * What a code takes off: nothing for an access-only code (or one without a discount type); otherwise its
 * discount on the types it names, or on every type when it names none (`typeIds` null).
 */
export function codeDiscount(row: Pick<PromoCodeRow, 'kind' | 'discount_type' | 'value' | 'ticket_type_ids'>) {
  if (row.kind === 'access' || !row.discount_type) return null;
  const typeIds = codeTypeIds(row.ticket_type_ids);
  return { type: row.discount_type, value: row.value, typeIds: typeIds.length > 0 ? typeIds : null };
}
