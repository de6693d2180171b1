import { PAGE_DISCOUNT_TEXT as T } from '../../../shared/messages/promo';
import { formatMoney } from '../../../shared/money';
import { type Discount, discountLines, priceLine, type ServiceFee, ticketTotal } from '../../../shared/pricing';
import type { Unlocked } from '../server/unlock';

/**
 * A promoter's link (`?codigo=`) on the event page (issue 32): the code's discount as the hold applies it
 * (src/shared/pricing.ts), so the page shows the prices the checkout will charge.
 */
export function pageDiscount(unlocked: Unlocked | undefined): Discount | null {
  const d = unlocked?.discount;
  return d ? { type: d.type, value: d.value, typeIds: d.type_ids } : null;
}

/**
 * One ticket of a type with the code: its price and its total with the service charge, or null when the code
 * does not lower it by itself (another type, or an amount off the whole order, which depends on the order).
 */
export function discountedTicket(typeId: number, priceCents: number, discount: Discount | null, fee: ServiceFee) {
  if (!discount || discount.type === 'fixed_order' || priceCents <= 0) return null;
  const [line] = discountLines([priceLine(typeId, 1, priceCents, fee)], discount, fee);
  if (line.unitDiscountCents === 0) return null;
  return { priceCents: line.unitPriceCents, ...ticketTotal(line.unitPriceCents, fee) };
}

/** What the code takes off, in words ("20 % de descuento", "$ 2.000 menos en tu compra"…). */
export function discountWords(discount: Discount): string {
  const scope = discount.typeIds ? T.someTypes : '';
  switch (discount.type) {
    case 'percent':
      return T.percent(discount.value) + scope;
    case 'fixed_ticket':
      return T.perTicket(formatMoney(discount.value)) + scope;
    case 'fixed_order':
      return T.perOrder(formatMoney(discount.value));
    case 'set_price':
      return T.setPrice(formatMoney(discount.value)) + scope;
  }
}
