/**
 * Payments: the payment's status and return page, and the labels of payment means and payment states as
 * buyers and the back office read them (MercadoPago and the box office).
 */

/** /payment/success, /failure and /pending. */
export const PAYMENT_STATUS_MSG = {
  missingTitle: 'No encontramos la compra',
  missing: 'Si pagaste, revisá tu correo: ahí te enviamos las entradas. También podés verlas en Mis tickets.',
  loginTitle: 'Ingresá para ver tu compra',
  login: 'Iniciá sesión con la cuenta con la que compraste para ver el estado del pago.',
  confirmingTitle: 'Estamos confirmando tu pago…',
  confirming: 'Mercado Pago nos está avisando del pago. Esta página se actualiza sola en unos segundos.',
  paidTitle: '¡Compra confirmada!',
  /** "Tus 2 entradas para <event> ya están en Mis tickets. También te las enviamos a <email> …" */
  paid: (tickets: number) => [
    `Tus ${tickets} ${tickets === 1 ? 'entrada' : 'entradas'} para `,
    ' ya están en Mis tickets. También te las enviamos a ',
    ' con el código QR y en PDF.',
  ],
  pendingTitle: 'Pago pendiente',
  pending: [
    'Tu pago para ',
    ' todavía no se acreditó. Si elegiste pagar en efectivo (Rapipago o Pago Fácil), pagá el cupón antes de que venza.',
  ],
  pendingHold: [
    'Guardamos tus entradas hasta el ',
    '. Cuando el pago se acredite te enviamos las entradas por correo.',
  ],
  heldTitle: 'Falta completar el pago',
  held: 'Tu reserva sigue activa. Volvé al checkout para pagar.',
  failedTitle: 'El pago fue rechazado',
  failed: 'No se cobró nada y las entradas volvieron a la venta. Podés intentarlo de nuevo con otro medio de pago.',
  cancelledTitle: 'El evento fue cancelado',
  cancelledRefund: 'Si llegó a acreditarse un pago, te lo devolvemos completo.',
  expiredTitle: 'La reserva venció',
  expired: 'El tiempo para pagar terminó y las entradas volvieron a la venta.',
  refundedTitle: 'Te devolvimos el pago',
  refundedDefault: 'La compra fue reembolsada y tus entradas quedaron canceladas.',
  refundedAmount: 'Monto: ',
  refundedMail: '. Te enviamos el detalle por correo.',
} as const;

/** /payment/success, /failure and /pending: the pages' titles and the next step's buttons. */
export const PAYMENT_PAGE_TEXT = {
  successTitle: 'Pago exitoso · Boletería',
  failureTitle: 'Error en el pago · Boletería',
  pendingTitle: 'Pago pendiente · Boletería',
  goToMyTickets: 'Ir a Mis tickets',
  backToCheckout: 'Volver al checkout',
  tryAgain: 'Intentar de nuevo',
} as const;

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

/** Where the money came in: "MercadoPago" for an online payment, "Boletería" for a box-office sale. */
export function paymentChannelLabel(payment: PaymentLike): string {
  return isBoxOfficePayment(payment) ? 'Boletería' : 'MercadoPago';
}

/** MercadoPago's notifications that fail their check. */
export const WEBHOOK_MSG = {
  badSignature: 'Firma de notificación inválida.',
  stale: 'Notificación vencida.',
} as const;
