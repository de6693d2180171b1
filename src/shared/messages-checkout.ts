/**
 * What the buyer reads while buying and after paying (checkout, countdown, /payment/* pages), in voseo.
 * Validation texts of the spec (termsRequired, invalidForm) stay in messages.ts's spec block.
 */
export const BUY_MSG = {
  countdown: 'Reservamos tus entradas por',
  reviewFields: 'Revisá los datos marcados.',
  chooseOne: 'Elegí al menos una entrada.',
  holdExpired: 'La reserva venció. Elegí tus entradas de nuevo.',
  holdersMissing: (typeName: string) => `Completá nombre y DNI de cada titular de ${typeName}.`,
  saleUpdating: 'La venta de este evento se está actualizando. Probá de nuevo en unos segundos.',
} as const;

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

/** /payment/success, /failure and /pending: the pages' titles and the next step's buttons. */
export const PAYMENT_PAGE_TEXT = {
  successTitle: 'Pago exitoso · Boletería',
  failureTitle: 'Error en el pago · Boletería',
  pendingTitle: 'Pago pendiente · Boletería',
  goToMyTickets: 'Ir a Mis tickets',
  backToCheckout: 'Volver al checkout',
  tryAgain: 'Intentar de nuevo',
} as const;
