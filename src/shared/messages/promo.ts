/**
 * Promo codes: discounts and access codes, their back office, shared links and the page's discount (voseo).
 */

/** Spanish texts (voseo) of promo and access codes (issue 22), for the API, the pages and the e-mails. */
export const PROMO_MSG = {
  // The buyer's code field
  codeLabel: 'Código de descuento o acceso',
  codeApply: 'Aplicar código',
  codeHint: 'Si tenés un código, escribilo y aplicalo antes de pagar.',
  codeInvalid: 'El código no existe o no vale para este evento. Revisá cómo lo escribiste.',
  codeFormat: 'Escribí un código de 3 a 32 letras, números o guiones.',
  codeExpired: 'El código ya venció.',
  codeNotYet: (from: string) => `El código todavía no está vigente: vale desde el ${from}.`,
  codeExhausted: 'El código ya se usó todas las veces permitidas.',
  codeRemaining: (n: number) => (n === 1 ? 'Al código le queda 1 entrada.' : `Al código le quedan ${n} entradas.`),
  codePerOrder: (n: number) =>
    n === 1 ? 'Este código vale para 1 entrada por compra.' : `Este código vale para hasta ${n} entradas por compra.`,
  codePerBuyer: (n: number) =>
    n === 1
      ? 'Ya usaste este código: vale para 1 entrada por persona.'
      : `Este código vale para hasta ${n} entradas por persona.`,
  codeNotForTypes: 'El código no vale para las entradas que elegiste.',
  discountLine: (code: string) => `Descuento (código ${code})`,
  codeApplied: (code: string) => `Aplicaste el código ${code}.`,
  // The event page's "¿Tenés un código?" (access codes unlock hidden ticket types)
  unlockTitle: '¿Tenés un código?',
  unlockApply: 'Usar código',
  unlockRemove: 'Quitar el código',
  unlocked: (code: string, n: number) =>
    n === 1
      ? `Tu código ${code} habilitó 1 tipo de entrada: elegilo abajo.`
      : `Tu código ${code} habilitó ${n} tipos de entrada: elegilos abajo.`,
  unlockedBadge: 'Con tu código',
  codeAtCheckout: (code: string) => `El código ${code} se aplica al finalizar la compra.`,
  /** A queued sale ("Venta con fila"): the code waits with the buyer until their turn. */
  queueCodeNote: (code: string) =>
    `Guardamos tu código ${code}: cuando llegue tu turno en la fila, lo vas a ver aplicado al elegir tus entradas.`,

  // Back office (producer's codes)
  noAccess: 'No tenés permiso para gestionar los códigos de esta productora.',
  notFound: 'El código no existe.',
  duplicate: 'Ya existe un código igual en esta productora. Elegí otro.',
  valuePositive: 'El valor tiene que ser mayor que cero.',
  percentMax: 'El descuento no puede superar el 100 %.',
  datesOrder: 'La fecha de fin tiene que ser posterior a la de inicio.',
  foreignEvent: 'El evento elegido no es de esta productora.',
  foreignTypes: 'Elegiste entradas que no son de esta productora o de este evento.',
  accessNeedsTypes: 'Un código de acceso tiene que desbloquear al menos un tipo de entrada.',
  discountNeedsType: 'Elegí el tipo de descuento.',
  bulkCount: 'Podés generar entre 1 y 1000 códigos por vez.',
  prefixFormat: 'El prefijo puede tener hasta 12 letras, números o guiones.',
  ownerLabel: 'El nombre del RRPP puede tener hasta 80 caracteres.',
  limitPositive: 'El límite tiene que ser un número entero mayor que cero.',
  archived: 'Código archivado.',
} as const;

/** The back office's page of an event's codes and waiting list (/admin/codigos/:id). */
export const PROMO_ADMIN_MSG = {
  title: (event: string) => `Códigos y lista de espera · ${event}`,
  share: (id: number) =>
    `Cada código tiene su enlace (/eventos/${id}?codigo=CODIGO) y su QR: quien lo abre ve en la página del evento los precios con el descuento y el código aplicado.`,
  newCode: 'Nuevo código',
  code: 'Código (vacío: se genera uno)',
  discountType: 'Tipo de descuento',
  percent: 'Porcentaje',
  amount: 'Monto en pesos',
  maxTickets: 'Entradas en total (vacío: sin límite)',
  owner: 'RRPP',
  create: 'Crear código',
  created: 'Código creado',
  count: 'Cantidad a generar',
  prefix: 'Prefijo',
  generate: 'Generar códigos',
  generated: 'Códigos generados',
  codes: 'Códigos',
  csv: 'Descargar CSV',
  columns: ['Código', 'RRPP', 'Descuento', 'Usos', 'Entradas', 'Recaudación'] as const,
  /** Beside a code's sold tickets: what counts now against its limit, on every event it covers. */
  limitUsed: (used: number, max: number) => `${used} de ${max} del límite`,
  actions: 'Acciones',
  archive: (code: string) => `Archivar ${code}`,
  archivedLabel: 'Archivado',
  waitlist: 'Lista de espera',
  nobodyWaiting: 'Nadie está esperando.',
  demand: (name: string, entries: number, tickets: number) =>
    `${name}: ${entries} ${entries === 1 ? 'persona espera' : 'personas esperan'} ${tickets} ${tickets === 1 ? 'entrada' : 'entradas'}.`,
  addCapacity: 'Sumar capacidad',
  entries: 'Personas en la lista',
  entriesColumns: {
    position: 'Lugar',
    name: 'Nombre',
    type: 'Entrada',
    quantity: 'Cantidad',
    acceptFewer: 'Acepta menos',
    status: 'Estado',
  },
  yes: 'Sí',
  no: 'No',
  entryStatus: {
    waiting: 'Esperando',
    offered: (expires: string) => `Oferta enviada (vence ${expires})`,
    bought: 'Compró',
    expired: 'Vencida',
    left: 'Salió de la lista',
  },
  offeredOf: (offered: number, asked: number) => `${offered} de ${asked}`,
  link: 'Códigos',
} as const;

/** How the back office names each kind and discount type. */
export const PROMO_KIND_LABEL = { discount: 'Descuento', access: 'Acceso', both: 'Descuento y acceso' } as const;

export const PROMO_DISCOUNT_LABEL = {
  percent: 'Porcentaje',
  fixed_ticket: 'Monto fijo por entrada',
  fixed_order: 'Monto fijo por compra',
  set_price: 'Precio especial',
} as const;

/** A code's link and QR for its promoter (the producer's "Códigos" page, issue 32). */
export const PROMO_SHARE_TEXT = {
  copy: 'Copiar link',
  copyOf: (code: string) => `Copiar link del código ${code}`,
  copied: (code: string) => `Copiamos el link del código ${code}.`,
  qr: 'QR',
  qrOf: (code: string) => `QR del código ${code}`,
  qrTitle: (code: string) => `QR del código ${code}`,
  qrAlt: (code: string) => `Código QR del link del código ${code}`,
  linkLabel: 'Link para compartir',
  download: 'Descargar QR',
  close: 'Cerrar',
} as const;

/** A promoter's link on the event page (`?codigo=`, issue 32): the code applied and the prices it leaves. */
export const PAGE_DISCOUNT_TEXT = {
  applied: (code: string) => `Código ${code} aplicado`,
  percent: (n: number) => `${n} % de descuento`,
  perTicket: (amount: string) => `${amount} menos por entrada`,
  perOrder: (amount: string) => `${amount} menos en tu compra: lo ves en el total`,
  setPrice: (amount: string) => `Cada entrada a ${amount}`,
  someTypes: ' en las entradas marcadas',
  unlockedTypes: (n: number) => (n === 1 ? 'Habilitó 1 tipo de entrada.' : `Habilitó ${n} tipos de entrada.`),
  listPrice: 'Precio sin código:',
  withCode: 'Con tu código:',
  badge: 'Con descuento',
} as const;

/** The promo report's CSV: its sheet name and column headings. */
export const PROMO_EXPORT_TEXT = {
  name: 'Códigos',
  columns: ['Código', 'RRPP', 'Usos', 'Entradas', 'Recaudación', 'Descuento', 'Archivado'],
  yes: 'Sí',
  no: 'No',
} as const;

/** The checks of src/shared/schemas/promo.ts (API and forms). */
export const PROMO_FIELD_MSG = {
  kind: 'Elegí el tipo de código.',
  format: 'Formato inválido',
} as const;
