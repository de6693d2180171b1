/**
 * Invitations (complimentary tickets): the back office's issuing screens and the invitation e-mail (voseo).
 */

/**
 * The back office's Invitaciones page (/admin/invitations, src/features/invitations). Voseo. The API's own
 * messages about invitations live in INVITATION_MSG (src/shared/schemas/invitations.ts).
 */
export const INVITATIONS_UI_MSG = {
  event: 'Evento',
  loadingEvents: 'Cargando eventos…',
  chooseEvent: 'Elegí un evento',
  inviteOne: 'Invitar a una persona',
  importCsv: 'Importar desde un CSV',
  byTag: 'Por etiqueta',
  invitations: 'Invitaciones',
  // The form.
  name: 'Nombre',
  email: 'E-mail',
  dni: 'DNI',
  ticket: 'Entrada',
  typeOption: (name: string, available: number, hidden: boolean) =>
    `${name} · quedan ${available}${hidden ? ' · oculta' : ''}`,
  quantity: 'Cantidad',
  tag: 'Etiqueta',
  tagPlaceholder: 'Prensa, promotor…',
  send: 'Enviar invitación',
  sent: (email: string, tickets: number) =>
    `Enviamos la invitación a ${email} (${tickets} ${tickets === 1 ? 'entrada' : 'entradas'}).`,
  // The CSV import.
  importForm: 'Importar invitaciones desde un CSV',
  csvHelpBefore: 'La primera fila lleva los encabezados ',
  csvHeaders: 'nombre, email, dni, cantidad, tipo, etiqueta',
  csvHelpAfter:
    ' (separados por coma o punto y coma). El tipo va por nombre o número. Si alguna fila tiene errores o no alcanza el lugar, no se importa ninguna. ',
  template: 'Descargá una plantilla',
  csvFile: 'Archivo CSV',
  importAndSend: 'Importar y enviar',
  imported: (invitations: number, tickets: number) => `Enviamos ${invitations} invitaciones (${tickets} entradas).`,
  importFailed: 'No se pudo importar el archivo. Probá de nuevo.',
  // The summary per tag.
  noTags: 'Todavía no hay invitaciones ni cupos en este evento.',
  tagsTable: 'Invitaciones por etiqueta',
  tagInvitations: 'Invitaciones',
  tagSent: 'Enviadas',
  tagTickets: 'Entradas',
  tagOpened: 'Abiertas',
  tagUsed: 'Usadas en la puerta',
  tagQuota: 'Cupo',
  noLimit: 'Sin límite',
  quotaOf: (tickets: number, quota: number) => `${tickets} de ${quota}`,
  quotaForm: 'Cupo por etiqueta',
  quotaField: 'Cupo de entradas (vacío: sin límite)',
  saveQuota: 'Guardar cupo',
  quotaSaved: (tag: string) => `Guardamos el cupo de ${tag}.`,
  // The list of invitations.
  none: 'Todavía no enviaste invitaciones para este evento.',
  sentTable: 'Invitaciones enviadas',
  guest: 'Invitado',
  tickets: 'Entradas',
  status: 'Estado',
  sentColumn: 'Enviada',
  actions: 'Acciones',
  withAccount: ' · con cuenta',
  dniOf: (dni: string) => `DNI ${dni}`,
  revoked: 'Revocada',
  used: (used: number, quantity: number) => `Usada (${used} de ${quantity})`,
  opened: 'Abierta',
  sentStatus: 'Enviada',
  mailFailed: 'No se pudo enviar: probá reenviarla',
  sending: 'Enviando…',
  sendCount: (n: number) => ` (${n} envíos)`,
  resend: 'Reenviar',
  resent: (email: string) => `Reenviamos la invitación a ${email}.`,
  revoke: 'Revocar',
  revokeTitle: 'Revocar invitación',
  revokeText: (quantity: number, name: string) =>
    quantity === 1
      ? `La entrada de ${name} deja de servir en la puerta y el lugar vuelve a quedar libre.`
      : `Las ${quantity} entradas de ${name} dejan de servir en la puerta y los lugares vuelven a quedar libres.`,
  reason: 'Motivo',
  revokedNotice: (name: string) => `Revocamos la invitación de ${name}: las entradas de esa invitación ya no sirven.`,
} as const;

/** Complimentary tickets (invitations). */
export const MAIL_INVITATION = {
  title: 'Tenés una invitación',
  preheader: (event: string) => `Tus entradas de cortesía para ${event}.`,
  /** Before and after the event's title (bold in the mail). */
  intro: ['Te invitamos a ', '. Estas entradas son sin cargo.'],
  ticketsRow: 'Entradas',
  seatsRow: (n: number) => (n === 1 ? 'Butaca' : 'Butacas'),
  totalRow: 'Total',
  free: 'Sin cargo',
  hint: 'También las adjuntamos en PDF. Mostrá el código QR en el ingreso: cada código sirve una sola vez. Para verlas en Mis tickets, registrate (o ingresá) con este mismo correo y verificalo.',
  cta: 'Ver mi invitación',
  subject: (label: string, event: string) => `${label}: tus entradas para ${event}`,
  attachment: 'invitacion.pdf',
} as const;

/** Invitations (complimentary tickets): the rules and texts shared by the API and the admin screens. */
export const INVITATION_MAX_QUANTITY = 20;

export const INVITATION_MAX_ROWS = 300;

/** The label every invitation carries on its tickets, in the e-mail and in reports. */
export const INVITATION_LABEL = 'Invitación';

export const INVITATION_MSG = {
  noPermission: 'No tenés permiso para dar invitaciones en este evento.',
  name: 'Escribí el nombre del invitado (2 a 120 caracteres).',
  email: 'Escribí un correo válido.',
  dni: 'El DNI debe tener 7 u 8 dígitos, sin puntos.',
  quantity: `La cantidad debe ser un número entero entre 1 y ${INVITATION_MAX_QUANTITY}.`,
  ticketType: 'Indicá el tipo de entrada (nombre o número).',
  tag: 'Indicá una etiqueta de hasta 40 caracteres (por ejemplo, Prensa o el nombre del promotor).',
  quota: 'El cupo debe ser un número entero entre 0 y 100000, o vacío para quitarlo.',
  csvEmpty: 'El archivo no tiene invitaciones: agregá al menos una fila debajo de los encabezados.',
  csvTooLong: `El archivo es demasiado grande: como máximo ${INVITATION_MAX_ROWS} filas.`,
  csvBadRows: (n: number) =>
    `Revisá el archivo: ${n === 1 ? 'una fila tiene errores' : `${n} filas tienen errores`}. No se importó ninguna invitación.`,
  csvMissingColumns: (names: string[]) =>
    `Al archivo le faltan columnas: ${names.join(', ')}. La primera fila debe ser: nombre, email, dni, cantidad, tipo, etiqueta.`,
  unknownType: (value: string) => `El tipo de entrada «${value}» no existe en este evento.`,
  ambiguousType: (value: string) =>
    `Hay varios tipos «${value}» en este evento (uno por función): usá el número del tipo de entrada.`,
  noRoom: (typeName: string, available: number, wanted: number) =>
    `No hay lugar para todas las invitaciones: de ${typeName} ${available === 1 ? 'queda 1 entrada' : `quedan ${available} entradas`} y pediste ${wanted}. No se emitió ninguna.`,
  overQuota: (tag: string, available: number, wanted: number) =>
    `La etiqueta ${tag} no tiene cupo suficiente: ${available === 1 ? 'queda 1 entrada' : `quedan ${available} entradas`} y pediste ${wanted}. No se emitió ninguna.`,
  closed: 'El evento fue cancelado: no se pueden emitir invitaciones.',
  finished: 'El evento ya terminó: no se pueden emitir invitaciones.',
  saveFailed: 'No se pudieron guardar las invitaciones y no se emitió ninguna. Probá de nuevo.',
  notFound: 'La invitación no existe.',
  alreadyRevoked: 'Esta invitación ya fue revocada.',
  alreadyUsed: 'Esta invitación ya se usó en la puerta: no se puede revocar.',
  revokedNoResend: 'Esta invitación fue revocada: no se puede reenviar.',
  notRefundable: 'Es una invitación: revocala desde Invitaciones.',
  notResendable: 'Es una invitación: reenviala desde Invitaciones.',
  /** The example row of the CSV template, with one of the event's ticket types. */
  csvSampleRow: (typeName: string) => `Ana Pérez,ana@ejemplo.com,30111222,2,${typeName},Prensa`,
} as const;
