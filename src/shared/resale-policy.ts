import { RESALE_MSG } from './messages/resale';

/**
 * The producer's face-value resale policy (issue 22): what it keeps of a resold ticket, in basis points of the
 * ticket's price (producer_settings.resale_keep_bp, 0–10000). The seller gets back what they paid for the ticket
 * (price and service charge) minus that share of the price, never below zero.
 */

/** What the producer keeps of a ticket of this price. */
export const resaleKeepCents = (priceCents: number, keepBp: number) => Math.round((priceCents * keepBp) / 10_000);

/** What the seller gets back for a ticket bought at `priceCents` plus `feeCents`. */
export const resaleRefundCents = (priceCents: number, feeCents: number, keepBp: number) =>
  Math.max(0, priceCents + feeCents - resaleKeepCents(priceCents, keepBp));

/** The percentage as typed ("12,5", "7.25", "0") to basis points, or the Spanish message for the field. */
export function parseKeepPercent(typed: string): { ok: true; bp: number } | { ok: false; message: string } {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$/.test(text)) return { ok: false, message: RESALE_MSG.keepNumber };
  const value = Number(text);
  if (value > 100) return { ok: false, message: RESALE_MSG.keepRange };
  const decimals = text.split('.')[1]?.replace(/0+$/, '') ?? '';
  if (decimals.length > 2) return { ok: false, message: RESALE_MSG.keepDecimals };
  return { ok: true, bp: Math.round(value * 100) };
}

/** Basis points as the field shows them: "12,5". */
export const keepPercentText = (bp: number) => String(bp / 100).replace('.', ',');
