/**
 * Every e-mail's words, in voseo: subjects, titles, preheaders, paragraphs, buttons and notes. The
 * templates (functions/mail/templates, the services that send tickets and refunds) only lay them out.
 * Texts that take data take it as plain text; the templates escape it.
 */

export const MAIL_LAYOUT = {
  buttonFallback: 'Si el botón no funciona, copiá este enlace en tu navegador:',
  automatic: 'Este es un mensaje automático de Boletería; no respondas a este correo.',
} as const;

export const MAIL_ACCOUNTS = {
  greetingAnonymous: 'Hola:',
  verify: {
    subject: 'Verificá tu correo en Boletería',
    title: 'Confirmá tu correo',
    preheader: 'Un paso más para activar tu cuenta de Boletería.',
    body: 'Gracias por registrarte en Boletería. Para activar tu cuenta, confirmá tu dirección de correo.',
    cta: 'Verificar mi correo',
    note: 'El enlace vence en 48 horas. Si no creaste esta cuenta, ignorá este mensaje.',
  },
  recovery: {
    subject: 'Restablecé tu contraseña de Boletería',
    title: 'Restablecer contraseña',
    preheader: 'Recibimos un pedido para cambiar tu contraseña.',
    body: 'Recibimos un pedido para restablecer la contraseña de tu cuenta. Elegí una nueva desde este enlace.',
    cta: 'Elegir una nueva contraseña',
    note: 'El enlace vence en 1 hora y sirve una sola vez. Si no lo pediste, ignorá este mensaje: tu contraseña no cambia.',
  },
  changeEmail: {
    subject: 'Confirmá tu nuevo correo en Boletería',
    title: 'Confirmá tu nuevo correo',
    preheader: 'Confirmá el cambio de correo de tu cuenta.',
    /** Before and after the new address (bold in the mail). */
    body: ['Pediste usar ', ' como correo de tu cuenta de Boletería. Confirmalo desde este enlace.'],
    cta: 'Confirmar nuevo correo',
    note: 'El enlace vence en 24 horas. Hasta que lo confirmes, tu cuenta sigue usando el correo anterior.',
  },
  emailChanged: {
    subject: 'El correo de tu cuenta de Boletería cambió',
    title: 'Tu correo cambió',
    preheader: 'El correo de tu cuenta de Boletería fue actualizado.',
    body: [
      'El correo de tu cuenta ahora es ',
      '. Si no hiciste este cambio, escribinos cuanto antes desde el Centro de Ayuda.',
    ],
  },
  accountExists: {
    subject: 'Alguien intentó registrarse con tu correo en Boletería',
    title: 'Ya tenés una cuenta',
    preheader: 'Alguien intentó crear una cuenta nueva con este correo.',
    body: 'Alguien intentó crear una cuenta de Boletería con este correo, que ya tiene una. No creamos otra cuenta ni cambiamos nada de la tuya.',
    hint: 'Si fuiste vos, ingresá con tu contraseña. Si no la recordás, elegí "Olvide mi contraseña" al ingresar para restablecerla.',
    cta: 'Ingresar',
    note: 'Si no fuiste vos, ignorá este mensaje: tu cuenta sigue igual.',
  },
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

export const MAIL_TEAM = {
  subject: 'Te invitaron a sumarte a un equipo en Boletería',
  title: 'Te invitaron a un equipo',
  preheader: 'Aceptá la invitación para empezar.',
  howTo:
    'Para aceptar, ingresá con una cuenta de Boletería con este correo. Si todavía no tenés cuenta, creala con este mismo correo desde el enlace.',
  cta: 'Aceptar la invitación',
  note: 'La invitación vence en 7 días. Si no la esperabas, ignorá este mensaje.',
} as const;

export const MAIL_TRANSFER = {
  subject: 'Te transfirieron una entrada en Boletería',
  title: 'Te transfirieron una entrada',
  preheader: 'Una entrada te espera en Boletería.',
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
} as const;

/** To the producer's admins when moderation decides on an event. */
export const MAIL_MODERATION = {
  approved: {
    subject: (event: string) => `Evento aprobado: ${event}`,
    title: 'Tu evento fue aprobado',
    body: (event: string) => [`"${event}" ya está publicado y a la venta en Boletería.`],
    cta: 'Ver el evento',
  },
  rejected: {
    subject: (event: string) => `Evento rechazado: ${event}`,
    title: 'Tu evento necesita cambios',
    body: (event: string, reason: string) => [
      `"${event}" no fue aprobado por este motivo:`,
      reason,
      'Corregilo y volvé a enviarlo a revisión.',
    ],
    cta: 'Editar el evento',
  },
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

/** Complimentary tickets (invitations). */
export const MAIL_INVITATION = {
  title: 'Tenés una invitación',
  preheader: (event: string) => `Tus entradas de cortesía para ${event}.`,
  /** Before and after the event's title (bold in the mail). */
  intro: ['Te invitamos a ', '. Estas entradas son sin cargo.'],
  ticketsRow: 'Entradas',
  totalRow: 'Total',
  free: 'Sin cargo',
  hint: 'También las adjuntamos en PDF. Mostrá el código QR en el ingreso: cada código sirve una sola vez. Para verlas en Mis tickets, registrate (o ingresá) con este mismo correo y verificalo.',
  cta: 'Ver mi invitación',
  subject: (label: string, event: string) => `${label}: tus entradas para ${event}`,
  attachment: 'invitacion.pdf',
} as const;

/** The waiting list: an offer that was not answered in time passed to the next person (issue 22). */
/** The queue of an on-sale was taken off before its opening: the people in its pre-queue are told (issue 29). */
export const MAIL_QUEUE_REMOVED = {
  subject: (event: string) => `Cambió la venta de ${event}`,
  title: 'La venta ya no tiene fila',
  preheader: (event: string) => `La productora quitó la fila virtual de la venta de ${event}.`,
  body: (event: string) =>
    `La productora quitó la fila virtual de la venta de ${event}, así que tu lugar en la pre-fila ya no existe.`,
  next: 'Mirá en la página del evento cuándo y cómo se venden las entradas. Si vuelve a haber fila, vas a tener que entrar de nuevo.',
  cta: 'Ver el evento',
} as const;

export const MAIL_WAITLIST_EXPIRED = {
  subject: (event: string) => `Venció tu reserva de la lista de espera de ${event}`,
  title: 'Venció tu reserva',
  preheader: (event: string) => `La reserva de la lista de espera de ${event} pasó a la siguiente persona.`,
  body: (quantity: number, type: string, event: string) =>
    quantity === 1
      ? `Te habíamos reservado 1 entrada ${type} para ${event}, pero no completaste la compra a tiempo.`
      : `Te habíamos reservado ${quantity} entradas ${type} para ${event}, pero no completaste la compra a tiempo.`,
  passed: 'La reserva pasó a la siguiente persona de la lista de espera y saliste de la lista.',
  again: 'Si todavía querés ir, mirá si quedan entradas o volvé a anotarte en la lista de espera.',
  cta: 'Ver el evento',
} as const;
