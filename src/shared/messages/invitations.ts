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
  totalRow: 'Total',
  free: 'Sin cargo',
  hint: 'También las adjuntamos en PDF. Mostrá el código QR en el ingreso: cada código sirve una sola vez. Para verlas en Mis tickets, registrate (o ingresá) con este mismo correo y verificalo.',
  cta: 'Ver mi invitación',
  subject: (label: string, event: string) => `${label}: tus entradas para ${event}`,
  attachment: 'invitacion.pdf',
} as const;
