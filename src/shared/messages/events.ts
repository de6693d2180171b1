import type { DateFilter } from '../dates';
import { formatCount } from '../money';

/**
 * Events: the public listings and event page, producers' pages, the event form and wizard, publishing and
 * moderation, and the moderation e-mails (voseo).
 */

/** /nuevo (the wizard's page). */
export const NEW_EVENT_PAGE_TEXT = {
  newTitle: 'Nuevo evento',
  editTitle: 'Editar evento',
  heading: 'Crear un evento',
  intro: 'Completá los pasos; podés guardar un borrador en cualquier momento.',
} as const;

/** The event wizard (/nuevo) and its fields (voseo); its validation texts are WIZARD_MSG's and the schemas'. */
/** What the wizard's last step does (issue 32): publish at once, or wait for the review, and for how long. */
export const PUBLISH_NOTE_TEXT = {
  direct: 'Tu productora publica sin revisión: al tocar Publicar, el evento queda a la venta con estos datos.',
  review:
    'Un administrador de Boletería revisa cada evento nuevo antes de publicarlo: suele tardar menos de 24 horas hábiles. Te avisamos por correo cuando esté publicado o si hay algo para corregir. Mientras tanto podés seguir editándolo.',
  publish: 'Publicar',
} as const;

export const EVENT_FORM_TEXT = {
  steps: 'Pasos',
  stepNames: ['Datos básicos', 'Fechas y lugar', 'Entradas', 'Imágenes', 'Vista previa'],
  producerName: 'Nombre de tu productora',
  producerHint: 'Con tu primer evento creamos tu productora y pasás a administrarla.',
  producerPlaceholder: 'Ej.: Sonidos del Sur',
  producer: 'Productora',
  title: 'Título',
  category: 'Categoría',
  chooseCategory: 'Elegí una categoría',
  minAge: 'Edad mínima (opcional)',
  description: 'Descripción',
  descriptionHint: 'Párrafos separados por una línea en blanco; **negrita**, *cursiva* y [enlaces](https://...).',
  venue: 'Lugar',
  previousVenue: 'Usar un lugar anterior',
  choosePreviousVenue: 'Elegí un lugar para completar los datos',
  venueName: 'Nombre del lugar',
  address: 'Dirección',
  city: 'Ciudad',
  province: 'Provincia',
  chooseProvince: 'Elegí una provincia',
  dates: 'Funciones (hora de Buenos Aires)',
  doorsAt: 'Apertura de puertas',
  endsAt: 'Fin (opcional)',
  remove: 'Quitar',
  addDate: 'Agregar función',
  date: 'Función',
  name: 'Nombre',
  priceHint: '0 para entrada gratuita',
  capacity: 'Capacidad',
  minPerOrder: 'Mín. por compra',
  maxPerOrder: 'Máx. por compra',
  saleStarts: 'Inicio de venta (opcional)',
  saleEnds: 'Fin de venta (opcional)',
  hidden: 'Oculta (no se muestra al público)',
  nominal: 'Nominada (nombre y DNI)',
  removeTicketType: 'Quitar entrada',
  addTicketType: 'Agregar tipo de entrada',
  cover: 'Portada (horizontal, 16:9)',
  flyer: 'Flyer (opcional)',
  imageHint: 'JPG, PNG o WebP. La achicamos para celulares.',
  previous: 'Anterior',
  saveDraft: 'Guardar borrador',
  next: 'Siguiente',
  submit: 'Enviar a revisión',
  noCategory: 'Sin categoría',
  untitled: 'Sin título',
  noDate: 'Fecha sin definir',
  noPrice: 'precio sin definir',
  stepOf: (n: number, total: number) => `Paso ${n} de ${total}: `,
  dateStart: (n: number) => `Inicio de la función ${n}`,
  sold: (n: number) => `${n} vendidas`,
  places: (n: number | string, hidden: boolean) => `${n} lugares${hidden ? ' · oculta' : ''}`,
  rejected: (reason: string) => `Rechazado: ${reason}`,
  draftSaved: 'Borrador guardado',
  price: 'Precio ($)',
} as const;

/** The back office's events list (/admin/events), in voseo; its cancel dialog's text is EVENTS_MSG's. */
export const EVENT_LIST_TEXT = {
  createEvent: 'Crear evento',
  filters: 'Filtrar eventos',
  searchAll: 'Buscar en todos los clientes',
  search: 'Buscar eventos',
  producer: 'Productora',
  allProducers: 'Todas las productoras',
  status: 'Estado',
  allStatuses: 'Todos los estados',
  producerToEdit: 'Productora a editar',
  noneInReview: 'No hay eventos esperando revisión.',
  noEvents: 'Todavía no hay eventos. Creá el primero.',
  events: 'Eventos',
  event: 'Evento',
  date: 'Fecha',
  sold: 'Vendidas',
  actions: 'Acciones',
  rejected: 'Rechazado:',
  review: 'Revisar',
  approve: 'Aprobar',
  done: 'Listo',
  inReview: 'En revisión',
  views: 'Vistas de eventos',
  reject: 'Rechazar',
  approveTitle: 'Aprobar evento',
  approveText: (title: string) => `"${title}" se publicará y la productora recibirá un correo.`,
  rejectTitle: 'Rechazar evento',
  rejectText: (title: string) => `"${title}" vuelve a borrador. La productora recibirá el motivo por correo.`,
  rejectReason: 'Motivo del rechazo',
  deleteTitle: 'Eliminar evento',
  deleteText: (title: string) => `Se eliminará "${title}". Esta acción no se puede deshacer.`,
  delete: 'Eliminar',
  publish: 'Publicar',
  view: 'Ver',
  edit: 'Editar',
  queue: 'Venta con fila',
  duplicate: 'Duplicar',
  unpublish: 'Despublicar',
} as const;

/** The public catalogue: the event cards, the filters, the pages' paging and sharing (voseo). */
export const EVENT_BROWSE_TEXT = {
  soldOut: 'Agotado',
  from: (price: string) => `Desde ${price}`,
  datesCount: (count: number) => ` · ${count} funciones`,
  filters: 'Filtrar eventos',
  search: 'Buscar',
  searchPlaceholder: 'Artista, evento, lugar o ciudad',
  province: 'Provincia',
  allProvinces: 'Todas las provincias',
  category: 'Categoría',
  allCategories: 'Todas las categorías',
  date: 'Fecha',
  anyDate: 'Cualquier fecha',
  dateRange: 'Elegir un rango de fechas',
  rangeFrom: 'Desde',
  rangeTo: 'Hasta',
  clearFilters: 'Limpiar filtros',
  pagination: 'Paginación',
  previous: 'Anterior',
  next: 'Siguiente',
  share: 'Compartir:',
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace copiado',
  /** /eventos */
  events: 'Eventos',
  inProvince: (province: string) => `en ${province}`,
  listDescription: 'Encontrá recitales, teatro, stand-up, fiestas y festivales en toda la Argentina.',
  count: (total: number) => (total === 1 ? '1 evento' : `${total} eventos`),
  noResults: 'No encontramos eventos con esos filtros.',
  seeAllEvents: 'Ver todos los eventos',
} as const;

/** The home page (/). */
export const HOME_TEXT = {
  heading: 'Tus próximas salidas, en un solo lugar',
  lead: 'Recitales, teatro, stand-up, fiestas y festivales en toda la Argentina.',
  categories: 'Categorías',
  featured: 'Destacados',
  results: (total: number) => `Resultados (${total})`,
  upcoming: 'Próximos eventos',
  seeAll: 'Ver todos',
  producers: 'Productoras',
  seeAllProducers: 'Ver todas',
  organizerHeading: '¿Organizás eventos?',
  organizerText: 'Publicá tu evento y vendé entradas con QR en minutos.',
} as const;

/** An event's page (/eventos/{id}) and its ticket selector. */
export const EVENT_PAGE_TEXT = {
  notFound: 'Evento no encontrado',
  notFoundText: 'Puede que haya terminado o que el enlace sea incorrecto.',
  seeEvents: 'Ver eventos',
  defaultDescription: (title: string) => `${title}: entradas en Boletería`,
  coverAlt: (title: string) => `Imagen de ${title}`,
  organizedBy: 'Organiza',
  /** Under a seated type's "Agotado" while its wheelchair reserve is kept (issue 33): how who needs one gets it. */
  wheelchairLeft: (n: number) =>
    n === 1
      ? 'Queda 1 lugar reservado para silla de ruedas o su acompañante: elegilo en el mapa de butacas.'
      : `Quedan ${n} lugares reservados para silla de ruedas y sus acompañantes: elegilos en el mapa de butacas.`,
  cancelledAlert:
    'Este evento fue cancelado. Si compraste entradas, te escribimos por correo con los pasos para la devolución.',
  dates: 'Fechas',
  doors: (time: string) => ` · Puertas ${time}`,
  ends: (time: string) => ` · Termina ${time}`,
  venue: 'Lugar',
  map: 'Ver en el mapa',
  buyTickets: 'Comprar entradas',
  cancelled: 'Evento cancelado.',
  saleEnded: 'La venta de este evento terminó.',
  description: 'Descripción',
  tickets: 'Entradas',
  type: 'Tipo',
  price: 'Precio',
  availability: 'Disponibilidad',
  // The ticket selector
  noTickets: 'Todavía no hay entradas a la venta.',
  showing: 'Función',
  removeOne: (name: string) => `Quitar una entrada ${name}`,
  quantity: (name: string) => `Cantidad ${name}`,
  addOne: (name: string) => `Agregar una entrada ${name}`,
  buy: 'Comprar',
} as const;

/** To the producer's admins when moderation decides on an event. */
export const MAIL_MODERATION = {
  approved: {
    subject: (event: string) => `Evento aprobado: ${event}`,
    title: 'Tu evento fue aprobado',
    body: (event: string) => [`"${event}" ya está publicado y a la venta en Boletería.`],
    cta: 'Ver el evento',
  },
  rejected: {
    subject: (event: string) => `Evento rechazado: ${event}`,
    title: 'Tu evento necesita cambios',
    body: (event: string, reason: string) => [
      `"${event}" no fue aprobado por este motivo:`,
      reason,
      'Corregilo y volvé a enviarlo a revisión.',
    ],
    cta: 'Editar el evento',
  },
} as const;

/** /productoras and /productoras/{slug}. */
export const PRODUCER_PAGE_TEXT = {
  title: 'Productoras',
  description: 'Las productoras que venden entradas en Boletería.',
  search: 'Buscar productoras',
  searchOne: 'Buscar productora',
  searchPlaceholder: 'Nombre, ciudad o provincia',
  searchButton: 'Buscar',
  noneFound: (q: string) => (q ? `No encontramos productoras para "${q}".` : 'No encontramos productoras.'),
  upcomingCount: (n: number) =>
    n === 0 ? 'Sin eventos próximos' : n === 1 ? '1 evento próximo' : `${n} eventos próximos`,
  website: 'Sitio web',
  notFound: 'Productora no encontrada',
  seeProducers: 'Ver productoras',
  logoAlt: (name: string) => `Logo de ${name}`,
  upcoming: 'Próximos eventos',
  noUpcoming: 'No hay eventos próximos por ahora.',
  past: 'Eventos pasados',
  noPast: 'Todavía no hay eventos pasados.',
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

/** The API's answers about events, producers, their images and moderation (voseo). */
export const EVENT_MSG = {
  invalid: 'Evento inválido',
  notFound: 'Evento no encontrado',
  missing: 'El evento no existe.',
  fallbackTitle: 'Evento',
  producerNotFound: 'Productora no encontrada',
  producerInvalid: 'Elegí una productora válida.',
  producerNameRequired: 'El nombre de la productora es requerido',
  createDenied: 'No podés crear eventos para esta productora',
  cancelledNoEdit: 'Un evento cancelado no se puede editar',
  backToReview:
    'Guardamos los cambios. Como cambiaste datos que revisamos, el evento vuelve a revisión y no se muestra hasta que lo aprobemos.',
  publishOnlyDraft: 'Solo un borrador puede publicarse o enviarse a revisión',
  published: 'Evento publicado',
  sentToReview: 'Evento enviado a revisión',
  unpublishOnly: 'Solo un evento publicado o en revisión puede volver a borrador',
  unpublished: 'El evento volvió a borrador',
  deleteSold: 'No se puede eliminar un evento con entradas vendidas. Podés cancelarlo.',
  deleteKept:
    'No se puede eliminar el evento: tiene compras pagadas o reembolsadas que se conservan como registro. Podés cancelarlo.',
  typeKept: (name: string) =>
    `No se puede eliminar "${name}": tiene compras pagadas o reembolsadas que se conservan como registro. Podés ocultarla.`,
  raced: 'El evento recibió una compra mientras lo modificabas. Revisá los datos y volvé a intentar.',
  dateNotInEvent: 'La función indicada no pertenece a este evento',
  typeNotInDate: 'El tipo de entrada indicado no pertenece a esta función',
  capacityBelowSold: (name: string, sold: number) =>
    `La capacidad de "${name}" no puede ser menor a las entradas ya vendidas o reservadas (${sold})`,
  typeHasSales: (name: string) => `No se puede eliminar "${name}": tiene entradas vendidas o reservadas`,
  dateHasSales: 'No se puede eliminar una función con entradas vendidas o reservadas',
  imageNotFound: 'Imagen no encontrada',
  imageRequired: 'Elegí una imagen',
  imageFormat: 'Formato de imagen no admitido: usá JPG, PNG o WebP',
  imageTooLarge: 'La imagen es demasiado grande (máximo 4 MB)',
  rejectReasonRequired: 'Escribí el motivo del rechazo',
  rejectReasonMin: 'Escribí el motivo del rechazo (al menos 5 caracteres)',
  notInReview: 'El evento no está en revisión',
  deleted: 'Evento eliminado',
  approved: 'Evento aprobado y publicado',
  rejected: 'Evento rechazado',
  producerUpdated: 'Productora actualizada',
  producerActivated: 'Productora activada',
  producerDeactivated: 'Productora desactivada',
  /** The producer created with someone's first event, when they did not name it. */
  defaultProducerName: (person: string) => `Productora de ${person}`,
} as const;

export const DATE_FILTER_LABEL: Record<DateFilter, string> = {
  hoy: 'Hoy',
  'fin-de-semana': 'Este fin de semana',
  'este-mes': 'Este mes',
};

/** The event categories, stored as people read them (renaming one needs a data migration). */
export const CATEGORIES = [
  'Música',
  'Teatro',
  'Stand-up',
  'Fiestas',
  'Deportes',
  'Festivales',
  'Infantiles',
  'Otros',
] as const;

/** An event's status by name (keyed by EVENT_STATUSES of src/shared/schemas/events.ts). */
export const STATUS_LABEL = {
  borrador: 'Borrador',
  en_revision: 'En revisión',
  publicado: 'Publicado',
  cancelado: 'Cancelado',
  finalizado: 'Finalizado',
} as const;

/** The checks of src/shared/schemas/events.ts (API and forms). */
export const EVENT_FIELD_MSG = {
  typeName: 'El nombre de la entrada es requerido',
  typeNameMax: 'Máximo 60 caracteres',
  typeDescriptionMax: 'Máximo 300 caracteres',
  priceCents: 'Ingresá un precio válido',
  priceCentsMin: 'El precio no puede ser negativo',
  priceCentsMax: 'El precio es demasiado alto',
  capacity: 'Ingresá la capacidad',
  capacityInt: 'La capacidad debe ser un número entero',
  capacityMin: 'La capacidad debe ser al menos 1',
  capacityMax: 'La capacidad máxima es 200.000',
  minPerOrderMin: 'El mínimo por compra es al menos 1',
  maxPerOrderMin: 'El máximo por compra es al menos 1',
  maxPerOrderMax: 'El máximo por compra es 50',
  maxBelowMin: 'El máximo por compra debe ser mayor o igual al mínimo',
  saleEndBeforeStart: 'El fin de la venta debe ser posterior al inicio',
  startsAt: 'Ingresá la fecha y hora de inicio',
  ticketTypesMax: 'Máximo 20 tipos de entrada por función',
  endBeforeStart: 'El fin debe ser posterior al inicio',
  doorsAfterStart: 'La apertura de puertas debe ser anterior al inicio',
  title: 'El título es requerido',
  titleMin: 'El título debe tener al menos 3 caracteres',
  titleMax: 'Máximo 120 caracteres',
  descriptionMax: 'Máximo 10.000 caracteres',
  category: 'Elegí la categoría del evento',
  minAgeMax: 'La edad mínima no puede superar 21',
  holdMinutesMin: 'Mínimo 5 minutos',
  holdMinutesMax: 'Máximo 30 minutos',
  datesMax: 'Máximo 60 funciones',
  venueMissing: 'Indicá el lugar del evento',
  datesMissing: 'Agregá al menos una función',
  typesMissing: 'Cada función necesita al menos un tipo de entrada',
  futureDateMissing: 'Al menos una función debe ser futura',
  descriptionMissing: 'Agregá una descripción',
} as const;

/** The checks of src/shared/schemas/media.ts (API and forms). */
export const MEDIA_FIELD_MSG = {
  invalid: 'La imagen no es válida. Subila de nuevo.',
} as const;

/** The checks of src/shared/schemas/producer.ts (API and forms). */
export const PRODUCER_FIELD_MSG = {
  optionalUrlMax: 'Máximo 200 caracteres',
  optionalUrlCheck: 'Ingresá un enlace que empiece con https://',
  descriptionMax: 'Máximo 2000 caracteres',
} as const;

/** The checks of src/shared/schemas/venue.ts (API and forms). */
export const VENUE_FIELD_MSG = {
  nameMin: 'El nombre del lugar es requerido',
  nameMax: 'Máximo 120 caracteres',
  addressMin: 'La dirección es requerida',
  addressMax: 'Máximo 200 caracteres',
  cityMin: 'La ciudad es requerida',
  cityMax: 'Máximo 100 caracteres',
  provincesId: 'Elegí una provincia',
} as const;
