/**
 * Reserved seating: venue maps, seated events and their seats (voseo). Split from the events catalogue, whose
 * venues and dates they serve.
 */

/** A seat's name as people say it: "Platea, fila F, butaca 12" (a standing section has no row or seat). */
export const seatName = (section: string, row: string, number: string) => `${section}, fila ${row}, butaca ${number}`;

/** A seat's name (seatName) back in its parts, for a layout that shows each apart (the ticket PDF); null if not one. */
export function seatParts(label: string): { section: string; row: string; number: string } | null {
  const match = /^(.+), fila (.+), butaca (.+)$/.exec(label);
  return match ? { section: match[1], row: match[2], number: match[3] } : null;
}

/**
 * Reserved seating (issue 33): venue maps (the producer's back office), their validation and versions, and the
 * seats of a seated event (voseo). Seats are named as `seatName` says.
 */
export const SEATING_MSG = {
  noAccess: 'No tenés permiso para administrar los mapas de esta productora.',
  mapNotFound: 'El mapa no existe.',
  created: 'Guardamos el mapa.',
  updated: 'Guardamos la nueva versión del mapa.',
  mapInvalid: 'El mapa no es válido. Revisá el archivo.',
  format: 'El archivo no es un mapa de Boletería (falta "format": "boleteria.mapa/1").',
  nameMin: 'Escribí el nombre del mapa.',
  nameMax: 'El nombre del mapa puede tener hasta 120 caracteres.',
  idFormat: 'Cada id puede tener de 1 a 64 letras, números, puntos, guiones o guiones bajos.',
  labelFormat: 'Cada nombre puede tener de 1 a 40 caracteres.',
  position: 'Cada posición es un número entre -100000 y 100000.',
  categoryMissing: 'Agregá al menos una categoría.',
  sectionsMissing: 'Agregá al menos un sector.',
  capacity: 'La capacidad de un sector de pie es un número entero de 1 a 200.000.',
  tooManySeats: 'Un mapa puede tener hasta 100.000 butacas.',
  rowsRange: 'Un sector puede tener de 1 a 200 filas.',
  seatsRange: 'Una fila puede tener de 1 a 300 butacas.',
  seatsPerRowCount: 'Indicá una cantidad de butacas por fila, o una por cada fila.',
  curveRange: 'La curva va de 0 (filas rectas) a 1.',
  blockReason: 'Elegí por qué se bloquea: producción, técnica o casa.',
  seatIdsMissing: 'Elegí al menos una butaca.',
  duplicateCategory: (key: string) => `La categoría "${key}" está repetida.`,
  duplicateSection: (id: string) => `El sector "${id}" está repetido.`,
  duplicateSeat: (id: string, name: string) => `La butaca "${id}" (${name}) está repetida en el mapa.`,
  overlap: (a: string, b: string) => `Las butacas ${a} y ${b} se superponen: separalas.`,
  unknownCategory: (name: string, key: string) => `${name} tiene una categoría que no existe: "${key}".`,
  unknownSection: (id: string) => `El sector "${id}" no existe en el mapa.`,
  unknownSeat: (id: string) => `La butaca "${id}" no existe en el mapa.`,
  /** A new version of a map in use would drop seats that are sold or held. */
  seatsInUse: (n: number) =>
    n === 1
      ? 'El mapa está en uso: 1 butaca vendida o reservada desaparecería. Revisá la lista.'
      : `El mapa está en uso: ${n} butacas vendidas o reservadas desaparecerían. Revisá la lista.`,
  seatInUse: (name: string, event: string) => `${name} (${event})`,
  versionMoved: 'Alguien guardó otra versión del mapa mientras lo editabas. Abrilo de nuevo y repetí el cambio.',
  categoryUnknown: (key: string) => `La categoría "${key}" no existe en el mapa.`,
  blockedInUse: (n: number) =>
    n === 1
      ? 'No podés bloquear 1 butaca vendida o reservada. Revisá la lista.'
      : `No podés bloquear ${n} butacas vendidas o reservadas. Revisá la lista.`,
} as const;

/** What each block reason of a seat is called (production, technical, house seats). */
export const SEAT_BLOCK_LABEL = { produccion: 'Producción', tecnica: 'Técnica', casa: 'Casa' } as const;

/** Setting up a seated date (issue 33): a map and a price per category. */
export const SEATED_EVENT_MSG = {
  dateNotFound: 'La fecha no es de este evento.',
  alreadySeated: 'Esa fecha ya usa un mapa de butacas.',
  priceMissing: (category: string) => `Poné un precio para la categoría ${category}.`,
  priceUnknown: (category: string) => `La categoría "${category}" no está en el mapa.`,
  saved: 'La fecha ya se vende con butacas numeradas.',
  eventIdInvalid: 'Elegí una fecha del evento.',
  mapIdInvalid: 'Elegí un mapa de la productora.',
  releaseAt: 'Indicá cuándo se liberan los lugares para silla de ruedas (fecha y hora).',
  wheelchairShort: (has: number, needs: number, percent: number) =>
    `El mapa tiene ${has} lugares para silla de ruedas con acompañante; para el ${percent} % necesitás ${needs}. Marcalos en el mapa.`,
} as const;

/** The dashboard's occupancy by section of a seated date (issue 33). */
export const SEAT_OCCUPANCY_TEXT = {
  title: (event: string, when: string) => `Ocupación por sector: ${event} · ${when}`,
  section: 'Sector',
  sold: 'Vendidas',
  held: 'Reservadas',
  free: 'Libres',
  total: 'Total',
  percent: 'Ocupación',
} as const;

/** An invitation of a seated category (issue 33): the producer names its seats or asks for the best ones. */
export const SEAT_INVITATION_MSG = {
  seatFormat: 'Cada butaca se indica con su id del mapa (por ejemplo, platea-F-12).',
  seatsMissing: (type: string) =>
    `${type} tiene butacas numeradas: indicá una butaca por cada entrada o pedí la mejor ubicación disponible.`,
  seatTwice: (seat: string) => `${seat} está dos veces en la invitación.`,
  seatUnknown: (id: string) => `La butaca "${id}" no es de esta fecha ni de esa ubicación, o está bloqueada.`,
  seatTaken: (seat: string) => `${seat} ya está vendida o reservada: elegí otra.`,
  seatKept: (seat: string) => `${seat} está guardada para boletería, sponsors o RRPP hasta que se libere: elegí otra.`,
  singleSeat: (seat: string) =>
    `Con esa elección ${seat} queda sola entre butacas ocupadas. Elegí butacas juntas a otras ocupadas o al borde de la fila.`,
  companionAlone: (seat: string) =>
    `${seat} es para acompañar a quien usa silla de ruedas: dala junto con su lugar para silla de ruedas.`,
  noBlock: (n: number, type: string) =>
    n === 1 ? `No queda 1 butaca libre de ${type}.` : `No quedan ${n} butacas juntas de ${type} en una misma fila.`,
  // An invitation drawn from held seats (sponsors, RRPP, boletería)
  heldGroup: 'Elegí de qué butacas guardadas sale la invitación: boletería, sponsors o RRPP.',
  notInGroup: (seat: string, group: string) =>
    `${seat} no está guardada para ${group}: elegí una butaca de ese grupo o sacá el grupo.`,
  groupShort: (n: number, type: string, group: string) =>
    n === 1
      ? `No queda 1 butaca de ${type} guardada para ${group}.`
      : `No quedan ${n} butacas juntas de ${type} guardadas para ${group} en una misma fila.`,
} as const;

/** The invitation form's seats, shown for a seated category (issue 33). */
export const SEAT_INVITATION_TEXT = {
  seats: 'Butacas',
  seatsHint:
    'Ids del mapa separados por comas, una por entrada (por ejemplo, platea-F-11, platea-F-13). Dejalo vacío para dar la mejor ubicación disponible.',
  heldGroup: 'Tomar de las butacas guardadas',
  heldGroupNo: 'No',
  heldGroupHint: 'Las butacas salen del grupo elegido: las que indicaste o, sin ids, las mejores juntas del grupo.',
  csvHeldGroupHelp:
    'En un evento con butacas, cada fila puede salir de las butacas guardadas: elegí el grupo para todo el archivo o agregá la columna "butacas guardadas" (boletería, sponsors o RRPP; vacía, vale el grupo elegido). Cada invitación recibe las mejores butacas juntas del grupo; sin grupo, la mejor ubicación disponible.',
} as const;

/** Who a date's held seats are kept for (issue 33): the box office, sponsors or RRPP. */
export const KEPT_GROUP_LABEL = { boleteria: 'Boletería', sponsors: 'Sponsors', rrpp: 'RRPP' } as const;

/** Held seats and release times of a seated date (the producer's back office). */
export const KEPT_SEATS_MSG = {
  saved: 'Guardamos las butacas reservadas.',
  releaseSaved: 'Guardamos el horario de liberación.',
  notSeated: 'Esa fecha no se vende con butacas numeradas.',
  group: 'Elegí para quién se guardan las butacas: boletería, sponsors o RRPP.',
  groupTwice: (label: string) => `${label} está dos veces: indicá sus butacas una sola vez.`,
  releaseAt: 'Indicá cuándo salen a la venta (fecha y hora), o dejalo vacío para guardarlas hasta el evento.',
  tooMany: 'Podés guardar hasta 5.000 butacas por grupo.',
  seatUnknown: (id: string) => `La butaca "${id}" no está en el mapa de esta fecha o está bloqueada.`,
  seatTwice: (seat: string) => `${seat} está en dos grupos: elegila para uno solo.`,
  seatsTaken: (n: number) =>
    n === 1
      ? 'No podés guardar 1 butaca que ya tiene un comprador. Revisá la lista.'
      : `No podés guardar ${n} butacas que ya tienen comprador. Revisá la lista.`,
} as const;

/** What a seat's state is called on the buyer's map, its legend and its list (issue 33). */
export const SEAT_STATE_LABEL = {
  available: 'disponible',
  taken: 'ocupada',
  picked: 'elegida',
  wheelchair: 'silla de ruedas',
  companion: 'acompañante',
  restricted: 'visibilidad reducida',
} as const;

/**
 * A seat as a screen reader says it: "Platea, fila F, butaca 12, disponible, $ 25.000" (its flags after its
 * name: "…, butaca 3, silla de ruedas, disponible, …").
 */
export const seatSpoken = (name: string, flags: string[], state: string, price: string) =>
  [name, ...flags, state, price].join(', ');

/** The buyer's seat map, its list mode and "Mejor ubicación disponible" (issue 33); also the box office's. */
export const SEAT_MAP_TEXT = {
  heading: 'Elegí tus butacas',
  /** The embeddable checkout sends a seated date's buyer to the event page, where the map is. */
  pickOnSite: 'Elegí tus butacas en Boletería',
  pickOnSiteHint: 'Se abre el mapa de la sala en una ventana nueva.',
  sections: 'Sectores',
  sectionLeft: (left: string, total: string) => `Quedan ${left} de ${total}`,
  soldOut: 'Agotado',
  from: (price: string) => `desde ${price}`,
  backToSections: 'Volver a los sectores',
  stage: 'Escenario',
  legend: 'Referencias',
  mapMode: 'Mapa',
  listMode: 'Lista',
  modes: 'Cómo ver las butacas',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  seatsOf: (name: string) => `Butacas de ${name}`,
  mapHint: 'Tocá una butaca para elegirla. Pellizcá o usá + y − para acercar.',
  row: 'Fila',
  rowLabel: (label: string) => `Fila ${label}`,
  loading: 'Cargando butacas…',
  loadFailed: 'No pudimos cargar las butacas. Probá de nuevo en un momento.',
  picked: (n: number) => (n === 1 ? '1 butaca elegida' : `${n} butacas elegidas`),
  pickedList: 'Tus butacas',
  /** The seats of an order line, in the checkout's summary. */
  orderSeats: 'Butacas',
  noneYet: 'Todavía no elegiste butacas.',
  remove: (name: string) => `Quitar ${name}`,
  tooMany: (max: number) =>
    max === 1 ? 'Podés elegir 1 butaca por compra.' : `Podés elegir hasta ${max} butacas por compra.`,
  holdPicked: 'Reservar y pagar',
  holding: 'Reservando…',
  bestHeading: 'Mejor ubicación disponible',
  bestHint: 'Elegí cuántas y en qué ubicación: te guardamos las mejores butacas juntas.',
  quantity: 'Cantidad',
  category: 'Ubicación',
  bestSubmit: 'Buscar la mejor ubicación',
  bestFound: (n: number) =>
    n === 1 ? 'Te reservamos esta butaca por unos minutos:' : `Te reservamos estas ${n} butacas por unos minutos:`,
  goPay: 'Ir a pagar',
  standingLeft: (left: string) => `Quedan ${left} lugares`,
  standingQuantity: (name: string) => `Entradas de ${name}`,
  standingAdd: 'Reservar y pagar',
  updatedAt: (time: string) => `Actualizado a las ${time}`,
} as const;
