import type { Availability } from '../availability';

/**
 * Checkout and what it delivers: buying, the order and ticket states, the buyer's tickets (cards, QR,
 * calendar), transfers, and the tickets and transfer e-mails and PDF (voseo).
 */

/**
 * What the buyer reads while buying and after paying (checkout, countdown, /payment/* pages), in voseo.
 * Validation texts of the spec (termsRequired, invalidForm) stay in common.ts's spec block.
 */
export const BUY_MSG = {
  countdown: 'Reservamos tus entradas por',
  reviewFields: 'Revisá los datos marcados.',
  chooseOne: 'Elegí al menos una entrada.',
  holdExpired: 'La reserva venció. Elegí tus entradas de nuevo.',
  holdersMissing: (typeName: string) => `Completá nombre y DNI de cada titular de ${typeName}.`,
  saleUpdating: 'La venta de este evento se está actualizando. Probá de nuevo en unos segundos.',
} as const;

/** The checkout island and its order summary (voseo). */
export const CHECKOUT_TEXT = {
  holdExpired: 'La reserva venció y las entradas volvieron a la venta.',
  holdAgain: 'Reservar de nuevo',
  buyer: 'Datos del comprador',
  fullName: 'Nombre y apellido',
  email: 'Correo',
  phone: 'Teléfono',
  holders: 'Titulares de las entradas',
  ticket: 'Entrada',
  acceptThe: 'Acepto los',
  terms: 'términos y condiciones',
  confirmFree: 'Confirmar entradas',
  payWithMp: 'Pagar con Mercado Pago',
  cancelHold: 'Cancelar reserva',
  summary: 'Resumen de la compra',
  subtotal: 'Subtotal',
  serviceCharge: 'Cargo por servicio',
  total: 'Total',
  free: 'Gratis',
  holderName: (n: number) => `Nombre del titular ${n}`,
  holderDni: (n: number) => `DNI del titular ${n}`,
} as const;

/** /checkout's page around the island (the selection to confirm, an order no longer open). */
export const CHECKOUT_PAGE_TEXT = {
  pageTitle: 'Finalizar compra · Boletería',
  heading: 'Finalizar compra',
  seeEvents: 'Ver eventos',
  hold: 'Reservar entradas',
  holdHint: 'Las entradas quedan reservadas a tu nombre mientras completás la compra.',
  alreadyPaid: 'Esta compra ya está pagada: tus entradas están en Mis tickets.',
  notActive: 'Esta reserva ya no está activa.',
  noSelection: 'No elegiste entradas. Elegí un evento y la cantidad de entradas.',
  holdFailed: 'No pudimos reservar tus entradas. Intentá de nuevo.',
} as const;

export const MAIL_TICKETS = {
  subject: (event: string) => `Tus entradas para ${event}`,
  title: 'Tus entradas',
  preheader: (event: string) => `Tus entradas para ${event}.`,
  /** Before the event's title, between it and the order code, after the code. */
  confirmed: ['Tu compra para ', ' está confirmada. Orden ', '.'],
  feeRow: 'Cargo por servicio',
  totalRow: 'Total',
  free: 'Gratis',
  pdfHint: 'También las adjuntamos en PDF. Presentá el código QR en el ingreso: cada código sirve una sola vez.',
  cta: 'Ver mis tickets',
  attachment: 'entradas.pdf',
  qrAlt: (ticketId: string) => `Código QR de la entrada ${ticketId}`,
  holder: 'Titular: ',
} as const;

export const MAIL_TRANSFER = {
  subject: 'Te transfirieron una entrada en Boletería',
  title: 'Te transfirieron una entrada',
  preheader: 'Una entrada te espera en Boletería.',
  /** Around the sender's masked account and the event's title (both in bold in the mail). */
  intro: ['Una persona con la cuenta ', ' te transfiere una entrada para ', '.'],
  howTo: 'Para recibirla, ingresá con una cuenta de Boletería con este correo y aceptala.',
  cta: 'Aceptar la entrada',
  note: 'Hasta que la aceptes, la entrada sigue siendo de quien la envía. Si no la esperabas, ignorá este mensaje: Boletería nunca te pide claves ni pagos por correo.',
} as const;

/** The tickets PDF attached to the purchase mail and downloaded from Mis tickets. */
export const PDF_TICKETS = {
  title: 'Entradas - Boletería',
  brand: 'Boletería',
  hint: 'Presentá este código en el ingreso. No lo compartas.',
  doorCode: (code: string) => `Si el QR no se puede leer, decí este código en la puerta: ${code}`,
  type: (name: string) => `Entrada: ${name}`,
  holder: (name: string) => `Titular: ${name}`,
  /** A seated ticket's seat, on its own line (issue 33). */
  seat: (section: string, row: string, number: string) => `Sección ${section} · Fila ${row} · Butaca ${number}`,
  /** A place that is not a numbered seat (its label as it is). */
  place: (label: string) => `Ubicación: ${label}`,
} as const;

/** Mis tickets and transfers, in voseo. */
export const TRANSFER_MSG = {
  dialogHint:
    'Te enviamos la entrada por correo a quien la recibe. Cuando la acepte, tu código QR deja de valer y se emite uno nuevo para esa persona.',
  sent: 'Enviamos la entrada por correo. Sigue a tu nombre hasta que la acepten.',
  toSelf: 'No podés transferirte una entrada a vos mismo.',
  linkIncomplete: 'El enlace está incompleto. Abrilo de nuevo desde el correo.',
  loginToAccept: 'Ingresá o registrate con el correo al que te enviaron la entrada para aceptarla.',
  acceptHint: 'Al aceptarla, la entrada queda a tu nombre con un código QR nuevo y el anterior deja de valer.',
  noPending: 'Esta entrada no tiene una transferencia pendiente.',
  cancelled: 'Cancelaste la transferencia: la entrada sigue a tu nombre y el enlace enviado ya no sirve.',
  notFound: 'La transferencia no existe o fue cancelada.',
} as const;

/**
 * One owner for a ticket's fate (issue 29): what an operation answers when the event's door holds the ticket
 * (admitted, claimed by another operation, or closed), each operation with its own words where it has them.
 */
export const TICKET_FATE_MSG = {
  admitted: 'La entrada ya se usó para entrar al evento: no se puede cambiar.',
  transferAdmitted: 'La entrada ya se usó para entrar al evento: no se puede transferir.',
  resaleAdmitted: 'La entrada ya se usó para entrar al evento: no puede volver a la lista de espera.',
  busy: 'La entrada tiene otra operación en curso (una transferencia, un reembolso o una reventa). Probá de nuevo en unos segundos.',
  closed: 'La entrada ya no es válida.',
  fenced: 'La operación tardó demasiado y no se hizo. Probá de nuevo.',
} as const;

/** The calendar file of a ticket. */
export const ICS_MSG = {
  description: (typeName: string, ticketsUrl: string) => `Entrada: ${typeName}. Tus tickets: ${ticketsUrl}`,
} as const;

/** Mis tickets' islands: transfer, resale, accepting a transfer (voseo). */
export const TICKETS_TEXT = {
  viewMyTickets: 'Ver mis tickets',
  acceptTicket: 'Aceptar entrada',
  cancelTransfer: 'Cancelar transferencia',
  transfer: 'Transferir',
  recipientEmail: 'Correo de quien la recibe',
  send: 'Enviar',
  invalidEmail: 'Correo inválido',
  transferSent: 'Transferencia enviada',
} as const;

/** /tickets/transfer: the recipient's page. */
export const TRANSFER_PAGE_TEXT = {
  pageTitle: 'Recibir entrada · Boletería',
  heading: 'Recibir una entrada',
  date: 'Fecha',
  venue: 'Lugar',
  ticket: 'Entrada',
} as const;

/** One ticket in Mis tickets (TicketCard). */
export const TICKET_CARD_TEXT = {
  venueTbd: 'Lugar a confirmar',
  qrAlt: (typeName: string) => `Código QR de la entrada ${typeName}`,
  noCode: 'Sin código',
  holder: (name: string) => `Titular: ${name}`,
  addToCalendar: 'Agregar al calendario',
  /** A tap on the QR opens it full screen, for the door (issue 32). */
  qrOpen: (typeName: string) => `Mostrar en pantalla completa el QR de la entrada ${typeName}`,
  qrTapHint: 'Tocá el QR para mostrarlo en grande en la puerta.',
  doorCode: (code: string) => `Código para la puerta: ${code}`,
} as const;

/** The QR full screen at the door (Mis tickets): event, date, holder, and how to close it. */
export const TICKET_QR_TEXT = {
  title: 'Tu entrada',
  close: 'Cerrar',
  holder: (name: string) => `Titular: ${name}`,
  hint: 'Subí el brillo de la pantalla si el lector no lo toma. Tocá fuera del código o Cerrar para volver.',
} as const;

/** Ticket transfers (Mis tickets and the recipient's page). */
export const TRANSFER_UI_MSG = {
  pendingBadge: 'Transferencia pendiente',
  pendingTo: (email: string) => `Se la ofreciste a ${email}: sigue a tu nombre hasta que la acepte.`,
  cancelText: (email: string) =>
    `El enlace que le mandamos a ${email} deja de servir y la entrada sigue a tu nombre con el mismo código QR.`,
  cancelFailed: 'No pudimos cancelar la transferencia. Probá de nuevo.',
  sentBy: (sender: string) => `Te la envía ${sender}.`,
  signInToAccept: 'Ingresá o registrate para aceptarla',
  signInHint: 'Usá el correo al que te llegó la entrada.',
  accepted: 'Esta transferencia ya fue aceptada.',
  gone: 'La transferencia no existe o fue cancelada.',
} as const;

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

/** The API's answers while holding tickets: what can and cannot be bought now. */
export const HOLD_MSG = {
  noEvent: 'El evento no existe.',
  notOnSale: 'El evento no está a la venta.',
  noEventOnSale: 'El evento no existe o no está a la venta.',
  noReservation: 'La reserva no existe.',
  foreignType: 'Una de las entradas elegidas no pertenece al evento.',
  notPublic: 'Una de las entradas elegidas no está a la venta.',
  notStarted: (name: string) => `La venta de ${name} todavía no comenzó.`,
  ended: (name: string) => `La venta de ${name} terminó.`,
  fewLeft: (available: number, name: string) => `Quedan solo ${available} entradas de ${name}.`,
  soldOut: (name: string) => `No quedan entradas disponibles de ${name}.`,
  min: (name: string) => `La compra mínima de ${name} no se alcanzó.`,
  max: (name: string) => `Superó la cantidad máxima por compra de ${name}.`,
  /** The service charge's line in MercadoPago's checkout. */
  serviceCharge: 'Cargo por servicio',
} as const;

/** Reserved seating (issue 33): why a pick of seats is refused, naming the seat (voseo). */
export const SEAT_HOLD_MSG = {
  seatsMissing: (name: string) => `Elegí tus butacas de ${name}: una por cada entrada.`,
  seatTwice: (seat: string) => `Elegiste dos veces ${seat}.`,
  seatUnknown: 'Una de las butacas elegidas no es de este evento ni de esa ubicación.',
  seatTaken: (seat: string) => `${seat} ya no está disponible: elegí otra.`,
  seatKept: (seat: string) => `${seat} está reservada por la productora y no se vende online: elegí otra.`,
  singleSeat: (seat: string) =>
    `Con esa elección ${seat} queda sola entre butacas ocupadas y nadie podría sentarse en ella. Elegí butacas juntas a otras ocupadas o al borde de la fila.`,
  companionAlone: (seat: string) =>
    `${seat} es para acompañar a quien usa silla de ruedas: elegila junto con su lugar para silla de ruedas.`,
  noBlock: (n: number, name: string) =>
    n === 1 ? `No queda 1 butaca libre de ${name}.` : `No quedan ${n} butacas juntas de ${name} en una misma fila.`,
} as const;

/** The API's answers about the buyer's own tickets and their transfers. */
export const TICKET_MSG = {
  notFound: 'La entrada no existe.',
  onlyValidTransfer: 'Solo se pueden transferir entradas válidas.',
  transferAccepted: 'Esta transferencia ya fue aceptada.',
  transferOtherEmail: 'Esta entrada fue enviada a otro correo. Ingresá con esa cuenta para aceptarla.',
  noLongerValid: 'La entrada ya no es válida.',
  received: 'Entrada recibida. Ya está en Mis tickets.',
} as const;

export const AVAILABILITY_LABEL: Record<Availability, string> = {
  disponible: 'Disponible',
  ultimas: 'Últimas entradas',
  agotado: 'Agotado',
  proximamente: 'Próximamente',
  finalizada: 'Venta finalizada',
};

/**
 * The most tickets one order may hold, all types together. Each ticket type also has its own maximum per
 * order (at most 50); this cap keeps the purchase e-mail and its PDF small (see docs/domains/selling.md, "Order size and memory").
 */
export const MAX_TICKETS_PER_ORDER = 50;

export const CHECKOUT_MSG = {
  duplicateType: 'Elegiste el mismo tipo de entrada más de una vez. Indicá la cantidad una sola vez.',
  tooManyTickets: `Podés comprar hasta ${MAX_TICKETS_PER_ORDER} entradas por compra.`,
} as const;

/** Why an order ended refunded or closed without tickets, as the buyer reads it (page and e-mail). */
export const ORDER_REASON_TEXT = {
  sin_stock:
    'Tu pago llegó después de que venciera la reserva y las entradas ya se habían vendido. Te devolvimos el total.',
  reserva_vencida:
    'Tu pago llegó cuando la reserva ya había vencido o había sido reemplazada por una más nueva, así que no emitimos entradas. Te devolvimos el total.',
  evento_cancelado: 'El evento fue cancelado, así que no emitimos entradas. Te devolvimos el total.',
  productora: 'La productora reembolsó tu compra. Tus entradas quedaron canceladas.',
} as const;

export type RefundReason = keyof typeof ORDER_REASON_TEXT;

/** Why checkout refuses an order that is no longer payable. */
export const CLOSED_ORDER_MSG = {
  paid: 'Esta orden ya está pagada.',
  expired: BUY_MSG.holdExpired,
  replaced: 'Esta reserva fue reemplazada por una más nueva. Seguí con la última que hiciste.',
  cancelled: 'El evento fue cancelado: esta reserva ya no se puede pagar.',
} as const;

/** Path ids: an order (UUID) and a ticket (16 URL-safe characters). Malformed ones are simply not found. */
export const ORDER_NOT_FOUND = 'La orden no existe.';

/** The checks of src/shared/schemas/checkout.ts (API and forms). */
export const CHECKOUT_FIELD_MSG = {
  ticketTypeId: 'Entrada inválida',
  quantity: 'Cantidad inválida',
  itemsMax: 'Demasiados tipos de entrada',
  queuePassMax: 'El pase de la fila no es válido.',
  nameMax: 'Máximo 120 caracteres',
  transferLink: 'Enlace inválido',
} as const;
