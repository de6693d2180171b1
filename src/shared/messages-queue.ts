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
