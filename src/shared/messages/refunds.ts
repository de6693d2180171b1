/**
 * Refunds: event cancellation, refunds of resold tickets, the "Botón de arrepentimiento", refund methods and
 * the refund e-mails (voseo). Amounts come formatted by src/shared/money.ts.
 */

/**
 * Cancelling an event refunds its buyers (issue 20): the API's answers, the progress the back office shows
 * (Finanzas) and the refunds' audit reason. Voseo; amounts come formatted by src/shared/money.ts.
 */
export const CANCELLATION_MSG = {
  already: 'El evento ya está cancelado o finalizado',
  notCancelled: 'Ese evento no fue cancelado.',
  /** The cancel request's answer: the buyers are refunded in the background. */
  cancelled: (orders: number) =>
    orders === 0
      ? 'Evento cancelado. No había compras para reembolsar.'
      : `Evento cancelado. Estamos reembolsando ${orders === 1 ? '1 compra' : `${orders} compras`}: seguí el avance en Finanzas.`,
  retried: 'Volvemos a intentar los reembolsos que fallaron.',
  auditReason: 'Evento cancelado',
  orderMissing: 'La orden ya no existe.',
  raced: 'Otro reembolso de esta orden estaba en curso; lo volvemos a intentar.',
  unexpected: 'No pudimos reembolsar esta orden todavía; lo volvemos a intentar.',
  // The back office (Finanzas → Cancelaciones).
  heading: 'Reembolsos por cancelación',
  progress: (done: number, total: number) => `Reembolsadas ${done} de ${total} compras`,
  finished: 'Completado',
  running: 'En curso',
  withFailures: 'Con fallas',
  cash: (orders: number, amount: string) =>
    `${orders === 1 ? '1 venta' : `${orders} ventas`} en efectivo (${amount}): el reembolso se entrega en la boletería.`,
  event: 'Evento',
  progressColumn: 'Avance',
  refundedColumn: 'Devuelto',
  cashColumn: 'Efectivo',
  noCash: 'Sin ventas en efectivo',
  actions: 'Acciones',
  problemsHeading: 'Compras sin reembolsar todavía',
  failedRow: 'Falló',
  pendingRow: 'Pendiente',
  retry: 'Reintentar',
  retryLabel: (title: string) => `Reintentar los reembolsos de ${title}`,
  order: 'Orden',
  buyer: 'Comprador',
  amount: 'Importe',
  status: 'Estado',
  problem: 'Motivo',
} as const;

/** Finanzas → the resold tickets whose seller's refund failed or waits on MercadoPago (issue 22). */
export const RESALE_REFUNDS_MSG = {
  heading: 'Reembolsos de reventas',
  intro:
    'Entradas revendidas por la lista de espera: la entrada vieja ya está anulada, pero el dinero del vendedor todavía no volvió.',
  ticket: 'Entrada',
  event: 'Evento',
  seller: 'Vendedor',
  amount: 'A devolver',
  status: 'Estado',
  problem: 'Motivo',
  actions: 'Acciones',
  failedRow: 'Falló',
  pendingRow: 'Pendiente',
  retry: 'Reintentar',
  retryLabel: (ticket: string) => `Reintentar el reembolso de la entrada ${ticket}`,
} as const;

export const MAIL_REFUND = {
  subject: (event: string) => `Reembolso de tu compra para ${event}`,
  title: 'Te devolvimos el pago',
  preheader: (event: string) => `Reembolso de tu compra para ${event}.`,
  /** Before the event's title, between it and the order code, after the code. */
  order: ['Compra para ', ' (orden ', ').'],
  amount: 'Monto devuelto: ',
  when: 'MercadoPago lo acredita en el mismo medio de pago; puede demorar unos días según tu banco.',
  cta: 'Ver eventos',
} as const;

/** To every buyer of a cancelled event. */
/** How long a MercadoPago refund takes to show on the buyer's card statement, in business days. */
export const REFUND_BUSINESS_DAYS = 10;

const REFUND_DELAY = `Puede tardar hasta ${REFUND_BUSINESS_DAYS} días hábiles en verse en tu resumen.`;

export const MAIL_CANCELLATION = {
  subject: (event: string) => `Evento cancelado: ${event}`,
  title: 'Evento cancelado',
  greeting: (name: string, event: string) =>
    `Hola ${name}: lamentamos informarte que "${event}" fue cancelado por la productora.`,
  reason: (reason: string) => `Motivo: ${reason}`,
  /** What a paid buyer gets back: everything (a cancelled show refunds the service charge too). */
  paid: (amount: string) =>
    `Te devolvemos automáticamente ${amount}, el importe completo de tus entradas con el cargo por servicio, por el mismo medio de pago. ${REFUND_DELAY}`,
  cash: (amount: string) =>
    `Lo que pagaste en efectivo (${amount}) te lo devolvemos en la boletería: acercate con tu DNI y el código de la orden.`,
  free: 'Tus entradas eran sin cargo: no hay nada que devolver.',
  /** The refund e-mail of a cancellation's refund (services/refunds/refund.ts). */
  refundWhole: 'El evento fue cancelado, así que te devolvemos el importe completo, cargo por servicio incluido.',
  refundWhen: {
    mercadopago: `MercadoPago lo acredita en el mismo medio de pago. ${REFUND_DELAY}`,
    cash: 'Retiralo en efectivo en la boletería, con tu DNI y el código de la orden.',
    none: 'No había nada que devolver: la entrada era gratuita.',
    chargeback: 'Tu banco ya te lo devolvió.',
  },
  unpaid:
    'Tu reserva quedó sin efecto y no se te cobró nada. Si un pago llegara a acreditarse, te lo devolvemos completo.',
  cta: 'Ver mis tickets',
} as const;

/** A refund of some or all tickets (the producer's refund desk). */
export const MAIL_PARTIAL_REFUND = {
  subject: (amount: string, event: string) => `Reembolso de ${amount} para ${event}`,
  title: 'Te devolvimos tu dinero',
  preheader: (amount: string, event: string) => `Reembolso de ${amount} de tu compra para ${event}.`,
  /** Before the event's title, between it and the order code, after the code. */
  intro: (count: number) => [
    `Reembolsamos ${count === 1 ? '1 entrada' : `${count} entradas`} de tu compra para `,
    ' (orden ',
    ').',
  ],
  amountRow: 'Monto reembolsado',
  feeRow: 'Incluye cargo por servicio',
  methodRow: 'Medio',
  cancelled: 'Las entradas reembolsadas quedaron anuladas.',
  cta: 'Ver mis tickets',
} as const;

/** The "Botón de arrepentimiento": the buyer's receipt and the refunds desk's copy. */
export const MAIL_REVOCATION = {
  lines: (r: { code: string; name: string; dni: string; email: string; order: string; reason: string }) => [
    `Código de solicitud: ${r.code}`,
    `Nombre: ${r.name}`,
    `DNI: ${r.dni}`,
    `Correo: ${r.email}`,
    `Orden: ${r.order}`,
    `Motivo: ${r.reason || '(no indicado)'}`,
  ],
  buyerSubject: (code: string) => `Solicitud de arrepentimiento ${code}`,
  buyerIntro: (order: string) =>
    `Recibimos tu solicitud de revocación de la compra ${order}. Te avisamos por este medio cuando empiece el reintegro, que se hace por el mismo medio de pago.`,
  deskSubject: (code: string, order: string) => `Nueva solicitud de arrepentimiento ${code} (orden ${order})`,
  deskIntro: 'Un comprador pidió revocar una compra con el Botón de arrepentimiento.',
} as const;

/** How a refund reaches the buyer. */
export const REFUND_METHOD_LABEL = {
  mercadopago: 'MercadoPago, al medio de pago original',
  cash: 'Efectivo en boletería',
  none: 'Sin pago (entrada gratuita)',
  chargeback: 'Contracargo del banco',
} as const;

export type RefundMethod = keyof typeof REFUND_METHOD_LABEL;

/** The audit reasons of refunds the staff or MercadoPago started. */
export const REFUND_REASON = {
  order: 'Reembolso de la orden',
  mercadoPago: 'Reembolso en MercadoPago',
  chargeback: 'Contracargo',
} as const;

/** What the refund-permission holder confirms to refund a ticket already admitted at the door. */
export const USED_OVERRIDE_PHRASE = 'ya ingresó: reembolsar igual';

/** Refund texts (API answers, the dialog, the buyer's e-mail). */
export const REFUND_MSG = {
  notPaid: 'Solo se pueden reembolsar órdenes pagadas.',
  notRefundableTickets:
    'Elegí entradas válidas de esta orden: alguna ya fue reembolsada, cancelada o no es de esta orden.',
  usedTickets: `Alguna de esas entradas ya ingresó al evento. Para reembolsarla igual, confirmá "${USED_OVERRIDE_PHRASE}".`,
  raced: 'Alguna de esas entradas ya se está reembolsando o ya fue reembolsada. Revisá la orden.',
  mpRefused: 'MercadoPago no aceptó el reembolso. No se devolvió dinero; revisá el pago en MercadoPago.',
  mpUnavailable:
    'MercadoPago no respondió. Reintentá en unos minutos: el reembolso queda pendiente y nunca se hará dos veces.',
  usedHolder: 'Esta entrada ya ingresó al evento: no se puede cambiar su titular.',
  keyReused: 'Esa clave de idempotencia ya se usó para otro reembolso.',
  confirmPhrase: `Para confirmar escribí "${USED_OVERRIDE_PHRASE}"`,
} as const;

/** When the buyer sees the money, per method (buyer's e-mail). */
export const REFUND_WHEN = {
  mercadopago: 'MercadoPago lo acredita en el mismo medio de pago; puede demorar hasta 10 días hábiles según tu banco.',
  cash: 'Lo recibiste en efectivo en la boletería.',
  none: 'No había nada que devolver: la entrada era gratuita.',
  chargeback: 'Tu banco ya te lo devolvió.',
} as const;

/** The checks of src/shared/schemas/refunds.ts (API and forms). */
export const REVOCATION_FIELD_MSG = {
  order: 'Número de orden es Requerido',
} as const;
