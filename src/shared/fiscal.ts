/**
 * Argentine fiscal and banking identifiers, checked the same way by the settings forms and the API:
 * CUIT (AFIP's modulo-11 check digit), CBU and CVU (BCRA's two modulo-10 check digits) and alias.
 */
import { FISCAL_MSG, type IVA_CONDITIONS } from './messages/settings';

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** AFIP's type prefixes: people (20, 23, 24, 27) and companies (30, 33, 34). */
export const CUIT_PREFIXES = ['20', '23', '24', '27', '30', '33', '34'];

/** CUIT/CUIL: a type prefix, 11 digits, not all zeros; the last is 11 - (weighted sum mod 11), where 11 means 0 and 10 is never valid. */
export function cuitError(value: string): string | null {
  const cuit = digitsOf(value);
  if (!/^\d{11}$/.test(cuit)) return FISCAL_MSG.cuitFormat;
  if (/^0+$/.test(cuit)) return FISCAL_MSG.cuitZeros;
  if (!CUIT_PREFIXES.includes(cuit.slice(0, 2))) return FISCAL_MSG.cuitPrefix;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(cuit[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return FISCAL_MSG.cuitCheck;
  return (check === 11 ? 0 : check) === Number(cuit[10]) ? null : FISCAL_MSG.cuitCheck;
}

/** The modulo-10 check digit BCRA defines for each block of a CBU/CVU. */
function blockCheck(digits: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  return (10 - (sum % 10)) % 10;
}

function checkDigitsOk(number: string): boolean {
  const first = number.slice(0, 8);
  const second = number.slice(8);
  return (
    blockCheck(first, [7, 1, 3, 9, 7, 1, 3]) === Number(first[7]) &&
    blockCheck(second, [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]) === Number(second[13])
  );
}

export type PayoutKind = 'cbu' | 'cvu' | 'alias';

/** What a payout account string is: a CVU starts with 000 (no bank has code 000), any other 22 digits a CBU. */
export function payoutKindOf(value: string): PayoutKind | null {
  const compact = digitsOf(value);
  if (/^\d{22}$/.test(compact)) return compact.startsWith('000') ? 'cvu' : 'cbu';
  if (/^[A-Za-z0-9.-]{6,20}$/.test(value.trim()) && !/^[\d.-]+$/.test(value.trim())) return 'alias';
  return null;
}

/** Six to twenty letters, digits, dots and dashes, at least one of them a letter (not only punctuation). */
const aliasShape = (value: string) => /^[A-Za-z0-9.-]{6,20}$/.test(value.trim());

/** A CBU, CVU or alias for payouts; null when valid. */
export function payoutAccountError(value: string): string | null {
  const kind = payoutKindOf(value);
  if (!kind) return aliasShape(value) ? FISCAL_MSG.aliasLetters : FISCAL_MSG.accountFormat;
  if (kind === 'alias') return null;
  const number = digitsOf(value);
  // The account number (digits 9 to 21), and for a CVU the provider's code after 000, are never zeros.
  if (/^0+$/.test(number.slice(8, 21)) || (kind === 'cvu' && number.slice(3, 7) === '0000'))
    return FISCAL_MSG.accountZeros;
  if (checkDigitsOk(number)) return null;
  return kind === 'cvu' ? FISCAL_MSG.cvuCheck : FISCAL_MSG.cbuCheck;
}

/** The normal form to store: digits only for CBU/CVU and CUIT, lowercase for an alias. */
export function normalizePayoutAccount(value: string): string {
  return payoutKindOf(value) === 'alias' ? value.trim().toLowerCase() : digitsOf(value);
}

export const normalizeCuit = digitsOf;

/** 30-71234567-1 for display. */
export const formatCuit = (cuit: string) =>
  /^\d{11}$/.test(cuit) ? `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}` : cuit;
export type IvaCondition = keyof typeof IVA_CONDITIONS;
