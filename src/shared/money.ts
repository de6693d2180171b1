/**
 * Money in ARS integer cents, formatted the es-AR way: `$ 12.345`, `$ 12.345,50`, `Gratis`. The space after
 * "$" is a non-breaking one (U+00A0), so a narrow column or card never wraps the sign away from its amount.
 */

/** The space between "$" and the amount: non-breaking. */
export const MONEY_SPACE = '\u00a0';

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** `$ 12.345` (no decimals when whole), `$ 1.234,50` otherwise; negative amounts get a leading minus. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}$${MONEY_SPACE}${group(whole)}${rest ? `,${String(rest).padStart(2, '0')}` : ''}`;
}

/** A count the es-AR way, thousands grouped with dots: `12.345`. */
export function formatCount(n: number): string {
  return `${n < 0 ? '-' : ''}${group(Math.abs(Math.round(n)))}`;
}

/** A ticket price: `Gratis` for 0, else the amount. */
export function formatPrice(cents: number): string {
  return cents === 0 ? 'Gratis' : formatMoney(cents);
}

/** Pesos typed in a form ("12.345,50", "12345.5", "12345") to integer cents; null when it is not a number. */
export function pesosToCents(input: string | number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input * 100) : null;
  let text = input.trim().replace(/^\$\s*/, '');
  if (!text) return null;
  // "12.345,50" (es-AR) vs "12345.50": a comma is always the decimal mark; dots then group thousands.
  if (text.includes(',')) text = text.replaceAll('.', '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(text)) text = text.replaceAll('.', '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** Integer cents to the pesos a form shows ("12345" or "12345,5"). */
export function centsToPesosInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');
}
