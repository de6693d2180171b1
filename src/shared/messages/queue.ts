/**
 * The virtual queue: the buyer's place in line, the back office's queue settings and the queue page (voseo).
 */

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
  passLimit: (left: number) =>
    left === 0
      ? 'Con tu turno de la fila ya compraste todas las entradas de este tipo que permite una compra.'
      : `Con tu turno de la fila podés comprar ${left} ${left === 1 ? 'entrada más' : 'entradas más'} de este tipo: un turno compra como mucho lo que permite una compra.`,
  dniTaken: 'Tu DNI ya tiene un lugar en esta fila con otra cuenta: cada DNI entra una sola vez.',
  removeConfirm: (people: number) =>
    `Hay ${people} ${people === 1 ? 'persona' : 'personas'} en la pre-fila. Si quitás la fila, ${people === 1 ? 'pierde su lugar' : 'pierden su lugar'} y les avisamos por correo. Confirmá para quitarla.`,
  noStock: 'No quedan entradas para vender: la venta no puede ir con fila.',
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
  closeToNormal: 'Cerrar la fila y volver a la venta normal',
  closeToNormalText:
    'La fila se cierra y las entradas que quedan se venden en la página del evento por orden de llegada, sin turno. Quienes esperaban en la fila ven que cerró y pueden comprar como cualquiera. La lista de espera se abre si se agotan. Podés reabrir la fila después.',
  reopen: 'Reabrir la fila',
  reopened: 'Fila reabierta.',
  closedToNormal: 'Fila cerrada: la venta sigue sin fila.',
  waitlistToggle: 'Abrir la lista de espera durante la fila',
  waitlistHint:
    'Apagada, la lista de espera abre cuando cierra la fila. Aunque la abras, las entradas que se liberan mientras la fila sigue abierta son para la fila.',
  waitlistOpened: 'La lista de espera quedó abierta.',
  waitlistClosed: 'La lista de espera abre cuando cierre la fila.',
  removeTitle: 'Quitar la fila',
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
  closeText:
    'Nadie más podrá entrar ni comprar por la fila. Las entradas que queden no se venden online hasta que la reabras o vuelvas a la venta normal, y la lista de espera se abre. Para seguir vendiendo sin fila, elegí "Cerrar la fila y volver a la venta normal". Podés reabrir la fila después.',
  live: (state: string, reason: string | null) =>
    `En vivo · ${state}${reason === 'agotado' ? ' (agotado)' : reason === 'normal' ? ' (venta normal, sin fila)' : ''}`,
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

/** The buyer's side of "Venta con fila": the event page's box, the wait page and the draw's proof page. */
export const QUEUE_PAGE_TEXT = {
  badge: 'Venta con fila',
  badgeState: (state: string) => `Venta con fila · ${state}`,
  dateOnly: (date: string) => `Función del ${date}`,
  closedBox: 'La fila de esta venta cerró.',
  /** "La venta abre el <strong>{date}</strong>. La pre-fila abre el {date}: …" */
  opensLead: 'La venta abre el ',
  prequeueRule: (prequeueOpens: string) =>
    `. La pre-fila abre el ${prequeueOpens}: quienes entren antes de la apertura reciben un lugar por sorteo; después, por orden de llegada.`,
  opensAt: (date: string) => `La venta abre el ${date}.`,
  saleOpen: 'La venta está abierta',
  /** The countdown to the opening ("Faltan 1 h 05 min 09 s"). */
  timeLeft: (days: number, h: number, m: number, s: number) => {
    const pad = (n: number) => String(n).padStart(2, '0');
    if (days > 0) return `Faltan ${days} ${days === 1 ? 'día' : 'días'} ${h} h ${pad(m)} min`;
    if (h > 0) return `Faltan ${h} h ${pad(m)} min ${pad(s)} s`;
    return `Faltan ${m} min ${pad(s)} s`;
  },
  dniCap: (cap: number) => `Hasta ${cap} ${cap === 1 ? 'entrada' : 'entradas'} por DNI.`,
  seeQueue: 'Ver la fila',
  joinQueue: 'Entrar a la fila',
  howDrawn: 'Cómo se sortea la fila',
  // The wait page (/eventos/{id}/espera)
  waitTitle: (title: string) => `Fila · ${title}`,
  waitTitleMissing: 'Fila',
  noQueue: 'Este evento no tiene venta con fila',
  seeEvents: 'Ver eventos',
  yourPlace: 'Tu lugar',
  closedSoldOut: 'Se agotaron las entradas: la fila cerró.',
  closedByProducer: 'La productora cerró la fila de esta venta.',
  closedToNormal: 'La productora cerró la fila: las entradas que quedan se venden en la página del evento, sin turno.',
  buyOnEventPage: 'Ir a comprar',
  prequeueOpens: (date: string) => `La pre-fila abre el ${date}. Volvé a esta página desde esa hora para entrar.`,
  joinPrequeue:
    'Entrá ahora a la pre-fila: a la hora de apertura se sortea el orden entre todos los que estén adentro.',
  joinOpen: 'La venta ya abrió: entrás al final de la fila, por orden de llegada.',
  yourTurn: '¡Es tu turno!',
  passUntil: (time: string) =>
    `Tenés hasta las ${time} para elegir tus entradas y empezar la compra. Después la reserva dura lo que marque el pago.`,
  passExpired: (time: string) =>
    `Tu turno venció a las ${time}. Si quedan entradas, la productora puede abrir otra venta.`,
  prequeueNumber: 'Número de pre-fila',
  drawOfOrder: 'Sorteo del orden',
  position: 'Tu número en la fila',
  ahead: 'Personas adelante',
  estimate: 'Tiempo estimado',
  paused: 'Fila en pausa',
  minutes: (minutes: number | null) => `Unos ${minutes} min`,
  whatNext: 'Qué sigue',
  whatNextText:
    'Cuando llegue tu turno, en esta misma página vas a poder elegir tus entradas: tenés 10 minutos para empezar la compra. El lugar es de tu cuenta: podés cerrar la pestaña o seguir desde otro dispositivo con la misma cuenta.',
  livePage: 'Esta página se actualiza sola. Si se agotan las entradas, la fila cierra y te avisamos acá mismo.',
  howDrawnVerify: 'Cómo se sortea la fila y cómo verificarlo',
  // The draw's proof (/eventos/{id}/fila)
  drawTitle: (title: string) => `Sorteo de la fila · ${title}`,
  drawTitleMissing: 'Sorteo de la fila',
  drawDates: (prequeueOpened: string, opens: string) =>
    `La pre-fila abrió el ${prequeueOpened} y la venta abre el ${opens}.`,
  hashHeading: 'Huella publicada antes del sorteo',
  hashText:
    'Antes de que nadie entrara a la pre-fila elegimos una semilla al azar y publicamos su huella SHA-256. No se puede cambiar la semilla sin que cambie la huella.',
  seed: 'Semilla',
  seedRevealed: (size: number) =>
    `Revelada en la apertura (${size} ${size === 1 ? 'persona' : 'personas'} en la pre-fila).`,
  seedPending: 'Se revela en la apertura, cuando se sortea el orden.',
  verifyHeading: 'Verificá un número',
  computePlace: 'Calcular mi lugar',
  howHeading: 'Cómo se calcula',
  /** The first step, around the shell command that checks the hash. */
  howHash: 'La huella es SHA-256 del texto de la semilla (64 caracteres hexadecimales). Comprobala con ',
  hashCommand: 'printf %s SEMILLA | sha256sum',
  howSteps: [
    'Cada persona que entró a la pre-fila recibió un número por orden de llegada: 1, 2, … N. Ese número figura en su página de espera.',
    'Los 32 bytes de la semilla se leen como ocho números de 32 bits (big-endian) w0…w7, y un generador xoshiro128** arranca con el estado (w0 xor w4, w1 xor w5, w2 xor w6, w3 xor w7).',
    'Se mezcla la lista [1, 2, …, N] con Fisher–Yates desde el final: para i = N−1 hasta 1, r es la siguiente salida del generador, j = piso(r · (i + 1) / 2³²), y se intercambian las posiciones i y j.',
    'El lugar p de la fila es para el número que quedó en la posición p (contando desde 1).',
    'Quienes llegaron después de la apertura siguen en la fila por orden de llegada, a partir del lugar N + 1.',
  ],
  algorithm: 'El algoritmo se identifica como ',
  hashMatches: 'La huella de esta semilla coincide con la publicada.',
  hashMismatch: 'Atención: la huella de esta semilla no coincide con la publicada.',
  numberRange: (size: number) => `Ingresá un número entre 1 y ${size}.`,
  placeOf: (n: number, place: number) => `El número de pre-fila ${n} recibió el lugar ${place} de la fila.`,
  // The back office's page (/admin/fila/{id})
  adminTitle: (title: string) => `Venta con fila · ${title}`,
  /** "Antes de la apertura, … se publica en <a>la página del sorteo</a>). Después, por orden de llegada." */
  adminIntro: [
    'Antes de la apertura, la pre-fila junta a los compradores y en la apertura se sortea el orden (con una semilla cuya huella se publica en ',
    'la página del sorteo',
    '). Después, por orden de llegada.',
  ],
} as const;

/** The checks of src/shared/schemas/queue.ts (API and forms). */
export const QUEUE_FIELD_MSG = {
  opensAt: 'Indicá la fecha y hora de apertura',
  prequeueMinutes: 'Indicá los minutos de pre-fila',
  prequeueMinutesMin: 'La pre-fila abre al menos 1 minuto antes',
  prequeueMinutesMax: 'La pre-fila abre como mucho 24 horas antes',
  dniCap: 'Tope por DNI inválido',
  dniCapMin: 'El tope por DNI es al menos 1',
  dniCapMax: 'El tope por DNI es como mucho 50',
  ratePerMinute: 'Indicá cuántas personas entran por minuto',
  ratePerMinuteMin: 'Entra al menos 1 persona por minuto',
  ratePerMinuteMax: 'Como mucho 100.000 personas por minuto',
  holdLimit: 'Límite de reservas inválido',
  holdLimitMin: 'El límite de reservas es al menos 1',
  action: 'Acción inválida',
  confirmDropped: 'Confirmación inválida',
} as const;

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
