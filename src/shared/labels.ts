/**
 * The one label table for states and payment methods, as buyers and the back office read them. Islands,
 * pages, the API's detail answers and the exports all name a status or a payment method from here.
 */

export const ORDER_STATUSES = ['held', 'pending_payment', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  held: 'Reservada',
  pending_payment: 'Pago pendiente',
  paid: 'Pagada',
  failed: 'Pago rechazado',
  expired: 'Reserva vencida',
  refunded: 'Reembolsada',
};

/** A paid order with some tickets refunded. */
export const PARTIAL_REFUND_LABEL = 'Reembolso parcial';

/** An order's status by name; an unknown code is shown as is rather than hidden. */
export function orderStatusLabel(status: string, refundedCents = 0): string {
  if (status === 'paid' && refundedCents > 0) return PARTIAL_REFUND_LABEL;
  return ORDER_STATUS_LABEL[status as OrderStatus] ?? status;
}

export const TICKET_STATUSES = ['valid', 'used', 'cancelled', 'transferred'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABEL: Record<TicketStatus, string> = {
  valid: 'Válida',
  used: 'Usada',
  cancelled: 'Cancelada',
  transferred: 'Transferida',
};

/** A refunded ticket is cancelled in the data; people read it as refunded. */
export const REFUNDED_TICKET_LABEL = 'Reembolsada';

export function ticketStatusLabel(status: string, refunded = false): string {
  if (refunded) return REFUNDED_TICKET_LABEL;
  return TICKET_STATUS_LABEL[status as TicketStatus] ?? status;
}

/** What the box office records as the means of a sale (form choices). */
export const BOX_OFFICE_METHODS = ['cash', 'card', 'transfer'] as const;
export type BoxOfficeMethod = (typeof BOX_OFFICE_METHODS)[number];
export const BOX_OFFICE_METHOD_LABEL: Record<BoxOfficeMethod, string> = {
  cash: 'Efectivo',
  card: 'Tarjeta',
  transfer: 'Transferencia',
};

/** A box-office sale as the order and receipt name it. */
const BOX_OFFICE_PAYMENT_LABEL: Record<BoxOfficeMethod, string> = {
  cash: 'Efectivo en boletería',
  card: 'Tarjeta en boletería',
  transfer: 'Transferencia',
};

/** MercadoPago's `payment_method_id` values people know by brand. */
const MP_METHOD_LABEL: Record<string, string> = {
  visa: 'Visa',
  debvisa: 'Visa',
  master: 'Mastercard',
  debmaster: 'Mastercard',
  amex: 'American Express',
  naranja: 'Naranja',
  cabal: 'Cabal',
  debcabal: 'Cabal',
  maestro: 'Maestro',
  argencard: 'Argencard',
  cencosud: 'Cencosud',
  diners: 'Diners',
  tarshop: 'Tarjeta Shopping',
  cmr: 'CMR',
  rapipago: 'Rapipago',
  pagofacil: 'Pago Fácil',
  account_money: 'Dinero en cuenta de MercadoPago',
  cvu: 'Transferencia',
};

/** MercadoPago's `payment_type_id`: what kind of payment the brand was used for. */
const MP_TYPE_LABEL: Record<string, string> = {
  credit_card: 'crédito',
  debit_card: 'débito',
  prepaid_card: 'prepaga',
  ticket: 'efectivo',
  atm: 'cajero',
  bank_transfer: 'transferencia',
};

export type PaymentLike = { payment_method_id: string | null; payment_type_id: string | null };

/** Whether a payment was taken at the box office (its type is `boleteria_<method>`). */
export function isBoxOfficePayment(payment: PaymentLike): boolean {
  return (payment.payment_type_id ?? '').startsWith('boleteria_');
}

/**
 * A payment's means in words: "Visa crédito", "Rapipago (efectivo)", "Efectivo en boletería",
 * "Transferencia". Never a raw code: an unknown MercadoPago method reads "MercadoPago".
 */
export function paymentMethodLabel(payment: PaymentLike): string {
  const method = payment.payment_method_id ?? '';
  const type = payment.payment_type_id ?? '';
  if (isBoxOfficePayment(payment)) {
    return BOX_OFFICE_PAYMENT_LABEL[type.slice('boleteria_'.length) as BoxOfficeMethod] ?? 'Boletería';
  }
  const brand = MP_METHOD_LABEL[method];
  const kind = MP_TYPE_LABEL[type];
  if (type === 'account_money' || method === 'account_money') return MP_METHOD_LABEL.account_money;
  if (type === 'bank_transfer') return 'Transferencia';
  if (!brand) return kind ? `MercadoPago (${kind})` : 'MercadoPago';
  if (type === 'ticket' || type === 'atm') return `${brand} (${kind})`;
  return kind ? `${brand} ${kind}` : brand;
}

/** A box-office sale's means by its method code ("cash" → "Efectivo en boletería"). */
export function boxOfficeMethodLabel(method: string): string {
  return paymentMethodLabel({ payment_method_id: method, payment_type_id: `boleteria_${method}` });
}

/** MercadoPago's payment statuses (and the box office's), as the order timeline and reconciliation show them. */
export const PAYMENT_STATUSES = [
  'approved',
  'authorized',
  'pending',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  approved: 'Pago aprobado',
  authorized: 'Pago autorizado',
  pending: 'Pago pendiente',
  in_process: 'Pago en revisión',
  in_mediation: 'Pago en disputa',
  rejected: 'Pago rechazado',
  cancelled: 'Pago cancelado',
  refunded: 'Pago devuelto',
  charged_back: 'Contracargo del banco',
};

/** A payment's status in words; an unknown code reads as a generic phrase, never as the code. */
export function paymentStatusLabel(status: string | null | undefined): string {
  if (!status) return 'Sin pago';
  return PAYMENT_STATUS_LABEL[status as PaymentStatus] ?? 'Estado de pago desconocido';
}

/** How a refund reaches the buyer. */
export const REFUND_METHOD_LABEL = {
  mercadopago: 'MercadoPago, al medio de pago original',
  cash: 'Efectivo en boletería',
  none: 'Sin pago (entrada gratuita)',
  chargeback: 'Contracargo del banco',
} as const;
export type RefundMethod = keyof typeof REFUND_METHOD_LABEL;

/** Where the money came in: "MercadoPago" for an online payment, "Boletería" for a box-office sale. */
export function paymentChannelLabel(payment: PaymentLike): string {
  return isBoxOfficePayment(payment) ? 'Boletería' : 'MercadoPago';
}
