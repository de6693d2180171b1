/**
 * The price of an order, the one place it is computed (the API charges it, the pages show it).
 * The service charge ("Cargo por servicio") applies to each paid ticket: a percentage of its price
 * (basis points) plus a fixed amount. Free tickets carry no charge. All amounts are integer cents.
 */
export type ServiceFee = { percentBp: number; fixedCents: number };

export type PricedLine = { ticketTypeId: number; quantity: number; unitPriceCents: number; unitFeeCents: number };

export type OrderTotals = { subtotalCents: number; feeCents: number; totalCents: number };

export function unitFee(priceCents: number, fee: ServiceFee): number {
  if (priceCents <= 0) return 0;
  return Math.round((priceCents * fee.percentBp) / 10_000) + fee.fixedCents;
}

export function priceLine(ticketTypeId: number, quantity: number, priceCents: number, fee: ServiceFee): PricedLine {
  return { ticketTypeId, quantity, unitPriceCents: priceCents, unitFeeCents: unitFee(priceCents, fee) };
}

export function totals(lines: PricedLine[]): OrderTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const feeCents = lines.reduce((sum, l) => sum + l.unitFeeCents * l.quantity, 0);
  return { subtotalCents, feeCents, totalCents: subtotalCents + feeCents };
}

/**
 * What a buyer's selection costs before it is held, as the hold will price it: the page's code's discount, then
 * the service charge on each discounted ticket. The ticket selector and the seat map both show this total, so
 * the page never shows one total and the checkout another.
 */
export function selectionTotals(lines: PricedLine[], discount: Discount | null, fee: ServiceFee): OrderTotals {
  return totals(discountLines(lines, discount, fee));
}

/** The service charge as the API's public event answers it (`service_fee`). */
export type ServiceFeeSettings = { percent_bp: number; fixed_cents: number };

export const feeOf = (settings: ServiceFeeSettings): ServiceFee => ({
  percentBp: settings.percent_bp,
  fixedCents: settings.fixed_cents,
});

/** One ticket of a type as the event page shows it up front: its charge and the total a hold would charge. */
export function ticketTotal(priceCents: number, fee: ServiceFee): { feeCents: number; totalCents: number } {
  const { feeCents, totalCents } = totals([priceLine(0, 1, priceCents, fee)]);
  return { feeCents, totalCents };
}

/**
 * A promo code's discount (issue 22). percent: `value` 1..100 of each ticket's price; fixed_ticket: `value`
 * cents off each ticket; fixed_order: `value` cents off the order, spread evenly over its discounted tickets
 * (rounded down to the cent per ticket); set_price: each ticket costs `value` cents. `typeIds` null: every
 * type. A ticket never costs less than zero.
 */
export type Discount = {
  type: 'percent' | 'fixed_ticket' | 'fixed_order' | 'set_price';
  value: number;
  typeIds: number[] | null;
};

export type DiscountedLine = PricedLine & { unitDiscountCents: number };

/**
 * Applies a discount to priced lines: each line's unit price becomes the discounted price (so refunds, which
 * work per ticket, pro-rate the discount) and the service charge is computed on that discounted price (a
 * free ticket carries none).
 */
export function discountLines(lines: PricedLine[], discount: Discount | null, fee: ServiceFee): DiscountedLine[] {
  const applies = (l: PricedLine) =>
    discount !== null && (discount.typeIds === null || discount.typeIds.includes(l.ticketTypeId));
  const tickets = lines.filter(applies).reduce((n, l) => n + l.quantity, 0);
  return lines.map((line) => {
    if (!discount || !applies(line)) return { ...line, unitDiscountCents: 0 };
    const price = line.unitPriceCents;
    const off =
      discount.type === 'percent'
        ? Math.round((price * Math.min(100, discount.value)) / 100)
        : discount.type === 'fixed_ticket'
          ? discount.value
          : discount.type === 'fixed_order'
            ? Math.floor(discount.value / Math.max(1, tickets))
            : price - discount.value;
    const unitDiscountCents = Math.max(0, Math.min(price, off));
    const unitPriceCents = price - unitDiscountCents;
    return { ...line, unitPriceCents, unitDiscountCents, unitFeeCents: unitFee(unitPriceCents, fee) };
  });
}

/** Total taken off by discounted lines. */
export const discountTotal = (lines: DiscountedLine[]) =>
  lines.reduce((sum, l) => sum + l.unitDiscountCents * l.quantity, 0);
