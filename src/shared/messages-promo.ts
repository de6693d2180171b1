/**
 * Spanish texts (voseo) of promo and access codes, the waiting list and face-value resale (issue 22), for
 * the API, the pages and the e-mails.
 */
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

/** The waiting list of a sold-out ticket type. */
export const WAITLIST_MSG = {
  join: 'Anotarme en la lista de espera',
  joinTitle: 'Lista de espera',
  joinHint: 'Si se liberan entradas, te las ofrecemos por correo en orden de llegada.',
  quantity: 'Cantidad de entradas',
  acceptFewer: 'Acepto menos',
  joined: (position: number) => `Estás en la lista de espera. Tu lugar: ${position}.`,
  position: (position: number) => `Tu lugar en la lista de espera: ${position}.`,
  offered: 'Se liberaron entradas para vos: completá la compra antes de que venza la oferta.',
  twice: 'Ya estás en la lista de espera de este evento.',
  dniTwice: 'Ya hay una persona anotada con tu DNI en la lista de espera de este evento.',
  available: (name: string) => `Todavía quedan entradas de ${name}: comprálas directamente.`,
  noDni: 'Para anotarte en la lista de espera necesitás tener tu DNI cargado en tu perfil.',
  unknownType: 'La entrada elegida no es de este evento.',
  closed: 'La venta de este evento está cerrada.',
  quantityMax: (max: number) => `Podés pedir entre 1 y ${max} entradas.`,
  loginFirst: 'Ingresá a tu cuenta para anotarte en la lista de espera.',
  left: 'Saliste de la lista de espera.',
  notIn: 'No estás en la lista de espera de este evento.',
  demand: (n: number) => `Podrías vender ${n} más.`,
  offerMinutes: 'La oferta dura entre 10 y 1440 minutos.',
  noAccess: 'No tenés permiso para ver la lista de espera de este evento.',
  mailSubject: (event: string) => `Se liberaron entradas para ${event}`,
  mailTitle: 'Se liberaron entradas para vos',
  mailBody: (quantity: number, type: string, event: string) =>
    quantity === 1
      ? `Estabas en la lista de espera: te reservamos 1 entrada ${type} para ${event}.`
      : `Estabas en la lista de espera: te reservamos ${quantity} entradas ${type} para ${event}.`,
  mailExpiry: (when: string) => `La reserva vence el ${when}. Después pasa a la siguiente persona de la lista.`,
  mailCta: 'Completar la compra',
  queueClosed: 'Se agotaron las entradas. Anotate en la lista de espera y te avisamos si se liberan.',
  queueRunning:
    'Esta venta tiene fila: la lista de espera abre cuando cierre la fila. Mientras tanto, las entradas que se liberan son para la fila.',
} as const;

/** Face-value resale: "Devolver a la lista de espera". */
export const RESALE_MSG = {
  action: 'Devolver a la lista de espera',
  listed: 'Devolviste la entrada a la lista de espera. Sigue siendo tuya y válida hasta que alguien la compre.',
  sold: 'Tu entrada se vendió a alguien de la lista de espera: te reembolsamos el pago.',
  withdrawn: 'Retiraste la entrada de la lista de espera.',
  notReturnable: 'Solo podés devolver una entrada válida que compraste y pagaste con Mercado Pago.',
  noWaitlist: 'Esta entrada no tiene lista de espera: no hay nadie esperando.',
  already: 'Esta entrada ya está en la lista de espera.',
  tooLate: 'Ya no se pueden devolver entradas: falta muy poco para el evento.',
  closed: 'La venta de este evento está cerrada.',
  offered: 'Alguien de la lista de espera está comprando tu entrada: ya no podés retirarla.',
  refundReason: 'Reventa a valor nominal por la lista de espera',
  listedBadge: 'En la lista de espera',
  offeredBadge: 'Ofrecida a la lista de espera',
  withdraw: 'Retirar de la lista de espera',
  refundedBadge: (amount: string) => `Reembolsada · ${amount}`,
  // The seller's refund after the resale (the ticket is already cancelled: the waiting buyer paid)
  resoldBadge: 'Revendida',
  refundPendingBadge: 'Reembolso en curso',
  refundPendingHint:
    'Tu entrada se revendió. Estamos devolviéndote el dinero: te avisamos por e-mail cuando se acredite.',
  refundFailedBadge: 'Reembolso demorado',
  refundFailedHint:
    'Tu entrada se revendió, pero Mercado Pago no aceptó el reembolso. La productora lo está revisando.',
  refundMissing: 'Ya no encontramos la entrada ni la compra que la pagó.',
  refundUsed:
    'La entrada ingresó al evento mientras estaba en la lista de espera: no se reembolsa sola. Revisala con el vendedor.',
  refundNotCancelled: 'La entrada cambió de manos antes de revenderse: no se reembolsa sola. Revisala con el vendedor.',
  refundUnexpected: 'No pudimos terminar el reembolso. Lo volvemos a intentar en unos minutos.',
  refundNotFound: 'Esa entrada no se revendió en este evento.',
  refundNotFailed: 'Ese reembolso no falló: está hecho o en curso.',
  refundRetried: 'Volvemos a intentar el reembolso de la reventa.',
  listedNoTransfer: 'Esta entrada está en la lista de espera: retirala antes de transferirla.',
  offeredNoTransfer: 'Esta entrada está ofrecida a alguien de la lista de espera: ya no se puede transferir.',
  notFound: 'La entrada no existe.',
  // The holder's confirmation before returning a ticket
  confirmTitle: '¿Devolver la entrada a la lista de espera?',
  confirmText:
    'Tu entrada sigue siendo tuya y válida hasta que alguien de la lista de espera la compre. Si nadie la compra, vuelve a ser solo tuya.',
  refundIfSold: (amount: string) => `Si se revende, te devolvemos ${amount}.`,
  /** What happens, said before confirming (issue 32). */
  whoWaits: (n: number) =>
    n === 1
      ? 'Hay 1 persona esperando esta entrada: se la ofrecemos a ella, con un tiempo limitado para pagarla.'
      : `Hay ${n} personas esperando esta entrada: se la ofrecemos a la primera, con un tiempo limitado para pagarla.`,
  whenSold:
    'Cuando la paguen, tu entrada se anula (ya no entra al evento) y el dinero vuelve al medio de pago con que la compraste. Mientras nadie la esté pagando, podés retirarla.',
  confirmAction: 'Devolver',
  // The producer's policy (Configuración)
  keepTitle: 'Reventa a valor nominal',
  keepLabel: 'Lo que retiene la productora de una entrada revendida (%)',
  keepHint:
    'Porcentaje del precio de la entrada, de 0 a 100, con hasta dos decimales. Al vendedor le devolvemos el resto y el cargo por servicio.',
  keepNumber: 'Escribí un porcentaje entre 0 y 100, por ejemplo 10 o 12,5.',
  keepRange: 'El porcentaje que retenés va de 0 a 100.',
  keepDecimals: 'Usá como máximo dos decimales.',
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

/** The waitlist island (voseo). */
export const WAITLIST_TEXT = {
  ticketType: 'Entrada',
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
