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
