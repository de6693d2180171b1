import { formatCount, formatMoney } from './money';

/**
 * Spanish texts (voseo) of the buyer's pages and the back office's shared UI kit (issue 20): fees shown up
 * front, dialogs, the events list, collaborators, phone cards and transfers.
 */
export const UI_MSG = {
  // Fees up front (event page)
  ticketTotal: (totalCents: number, feeCents: number) =>
    feeCents > 0
      ? `Total ${formatMoney(totalCents)} (incluye ${formatMoney(feeCents)} de cargo por servicio)`
      : `Total ${formatMoney(totalCents)}`,
  selectionFee: (feeCents: number) => `Incluye ${formatMoney(feeCents)} de cargo por servicio`,
  loginToBuy: 'Ingresá o registrate para comprar: tu selección queda guardada.',
  // The ticket selector's counter (its script imports only this catalogue)
  choose: 'Elegí tus entradas',
  chosen: (count: number) => `${count} ${count === 1 ? 'entrada' : 'entradas'}`,

  // UI kit
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  back: 'Volver',
  loading: 'Cargando…',
  retry: 'Reintentar',
  loadFailed: 'No pudimos cargar los datos.',
  reasonLabel: 'Motivo',
  reasonRequired: 'Escribí el motivo.',
  moreActions: (name: string) => `Más acciones de ${name}`,
  unexpected: 'Ocurrió un error inesperado. Probá de nuevo.',
} as const;

/** The back office's events list. */
export const EVENTS_MSG = {
  cancelText: (title: string, sold: number) =>
    sold === 0
      ? `Se cancelará "${title}". Todavía no vendiste entradas: la venta se cierra y el evento deja de estar a la venta.`
      : `Se cancelará "${title}", que tiene ${sold === 1 ? '1 entrada vendida' : `${formatCount(sold)} entradas vendidas`}. ` +
        'La venta se cierra y a quienes compraron les devolvemos automáticamente el importe completo, cargo por servicio incluido ' +
        '(las ventas en efectivo se devuelven en la boletería). Vas a ver el avance en Finanzas.',
} as const;

/** The event wizard (/nuevo). */
export const WIZARD_MSG = {
  descriptionRequired: 'Agregá una descripción.',
  venueRequired: 'Indicá el lugar del evento.',
  dateRequired: 'Agregá al menos una función.',
  startRequired: 'Indicá la fecha y hora de inicio.',
  ticketRequired: 'Cada función necesita al menos un tipo de entrada.',
  stepHasErrors: 'tiene errores',
  stepAnnounce: (n: number, total: number, label: string) => `Paso ${n} de ${total}: ${label}`,
  fixStep: (label: string) => `Revisá los campos marcados en "${label}".`,
} as const;

/** The back office's team (/admin/collaborators). */
export const TEAM_UI_MSG = {
  invited: (email: string) => `Listo: invitamos a ${email}. Le mandamos el enlace por correo; vence en 7 días.`,
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

/** The UI kit's own words. */
export const KIT_TEXT = {
  hidePassword: 'Ocultar contraseña',
  showPassword: 'Mostrar contraseña',
  hide: 'Ocultar',
  show: 'Mostrar',
  /** Beside a form's button until its island is live (issue 31). */
  loading: 'Cargando…',
} as const;
