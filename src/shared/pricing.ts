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
