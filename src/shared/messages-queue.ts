/** Spanish texts of "Venta con fila" (the virtual queue of a hot on-sale), for the API and the pages. */
export const QUEUE_MSG = {
  passMissing: 'Esta venta tiene fila virtual: para comprar necesitás tu turno de la fila.',
  passForged: 'El pase de la fila no es válido. Entrá a la fila desde la página del evento.',
  passExpired: 'Tu pase de la fila venció. Volvé a la página de la fila para ver tu estado.',
  passOtherAccount: 'Este pase de la fila es de otra cuenta: cada turno es personal.',
  dniCap: (cap: number) =>
    cap === 1
      ? 'En esta venta se puede comprar 1 entrada por DNI.'
      : `En esta venta se pueden comprar hasta ${cap} entradas por DNI.`,
  noQueue: 'Este evento no tiene venta con fila.',
  tooEarly: (opensAt: string) => `La fila todavía no abrió. Abre el ${opensAt}.`,
  closed: 'La fila de esta venta ya cerró.',
  soldOut: 'Se agotaron las entradas: la fila cerró.',
  unverified: 'Para entrar a la fila necesitás una cuenta verificada. Revisá tu correo y confirmá tu cuenta.',
  noDni: 'Para entrar a la fila necesitás tener tu DNI cargado en tu perfil.',
  openedAlready: 'La venta ya abrió: no se puede cambiar la hora de apertura ni quitar la fila.',
  opensInPast: 'La apertura tiene que ser en el futuro.',
  noAccess: 'No tenés permiso para gestionar la fila de este evento.',
  wrongDate: 'La fecha elegida no es de este evento.',
} as const;

/** What the buyer's wait page says for each state. */
export const QUEUE_STATE_LABEL = {
  scheduled: 'Todavía no abrió la fila',
  prequeue: 'Pre-fila abierta',
  open: 'Venta abierta',
  paused: 'Fila en pausa',
  closed: 'Fila cerrada',
} as const;

/** The queue's back-office island (voseo). */
export const QUEUE_ADMIN_TEXT = {
  resume: 'Reanudar',
  pause: 'Pausar',
  waiting: 'Esperando',
  admitted: 'Admitidos',
  activeHolds: 'Reservas activas',
  sold: 'Vendidas',
  pace: (rate: number, holdLimit: number | null | undefined, prequeue: number, opensAt: string) =>
    `Ritmo: ${rate} por minuto${holdLimit ? `, mientras haya menos de ${holdLimit} reservas activas` : ''}. ` +
    `Pre-fila: ${prequeue} ${prequeue === 1 ? 'persona' : 'personas'}. Apertura: ${opensAt}.`,
  applyRate: 'Aplicar ritmo',
  closeQueue: 'Cerrar la fila',
  title: 'Venta con fila',
  scope: 'Qué se vende con fila',
  allDates: 'Todas las fechas del evento',
  onlyDate: 'Solo la función del',
  opensAt: 'Apertura de la venta',
  prequeueMinutes: 'Minutos de pre-fila antes de la apertura',
  dniCap: 'Tope de entradas por DNI (opcional)',
  ratePerMinute: 'Personas que entran por minuto',
  holdLimit: 'Límite de reservas activas (opcional)',
  saveChanges: 'Guardar cambios',
  enable: 'Activar venta con fila',
  disable: 'Quitar la fila',
  closeText: 'Nadie más podrá entrar ni comprar por la fila.',
  live: (state: string, soldOut: boolean) => `En vivo · ${state}${soldOut ? ' (agotado)' : ''}`,
  notConfigured: 'Sin configurar',
  opensRequired: 'Indicá la fecha y hora de apertura',
  saved: 'Venta con fila guardada.',
  inQueue: 'En la fila',
  resumed: 'Fila reanudada.',
  paused: 'Fila en pausa.',
  rateUpdated: 'Ritmo actualizado.',
  disabled: 'Venta con fila desactivada.',
  closed: 'Fila cerrada.',
} as const;
