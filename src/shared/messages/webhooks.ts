/**
 * Producers' webhooks and the embeddable checkout: the back office's screen, the API's refusals and the
 * e-mail sent when an endpoint is disabled (voseo).
 */

/** What each event type means, as the back office lists them. */
export const WEBHOOK_TYPE_LABEL = {
  'order.paid': 'Orden pagada',
  'order.refunded': 'Orden reembolsada',
  'ticket.transferred': 'Entrada transferida',
  'ticket.checked_in': 'Ingreso en la puerta',
  'event.published': 'Evento publicado',
  'event.cancelled': 'Evento cancelado',
  'waitlist.offered': 'Oferta de la lista de espera',
  'webhook.test': 'Prueba',
} as const;

/** Refusals of the webhooks API. */
export const WEBHOOK_MSG = {
  urlInvalid: 'Ingresá una URL válida, por ejemplo https://tu-sitio.com/webhooks.',
  urlNotHttps: 'La URL tiene que usar https: los avisos llevan datos de tus compradores.',
  urlCredentials: 'La URL no puede llevar usuario ni contraseña.',
  urlLocal: 'La URL apunta a este mismo equipo (localhost): usá una dirección pública.',
  urlPrivate: 'La URL apunta a una red privada o reservada: usá una dirección pública.',
  urlPort: 'La URL tiene que usar el puerto 443 de https.',
  typesRequired: 'Elegí al menos un tipo de aviso.',
  typeUnknown: 'Ese tipo de aviso no existe.',
  descriptionMax: 'La descripción admite hasta 200 caracteres.',
  tooMany: 'Tu productora ya tiene 10 destinos de webhooks: borrá uno antes de crear otro.',
  notFound: 'El destino de webhooks no existe.',
  deliveryNotFound: 'Ese envío no existe o ya no se guarda.',
  disabledReplay: 'El destino está desactivado: activalo antes de reenviar.',
  created: 'Destino creado. Guardá el secreto: no lo vamos a volver a mostrar.',
  updated: 'Destino actualizado.',
  deleted: 'Destino borrado.',
  rotated: 'Secreto nuevo creado. El anterior sigue valiendo 24 horas.',
  replayed: 'Reenvío en curso.',
  tested: 'Enviamos un aviso de prueba.',
  /** What the log shows for an attempt without an answer. */
  timedOut: (seconds: number) => `Sin respuesta en ${seconds} s`,
  unreachable: 'No se pudo conectar',
} as const;

/** The back office's webhooks screen (/admin/integraciones/webhooks). */
export const WEBHOOK_TEXT = {
  title: 'Webhooks',
  intro:
    'Avisos firmados a tus sistemas cada vez que algo cambia: ventas, reembolsos, transferencias e ingresos. Reintentamos durante 3 días.',
  newEndpoint: 'Nuevo destino',
  url: 'URL del destino',
  description: 'Descripción',
  types: 'Avisos que recibe',
  create: 'Crear destino',
  secret: 'Secreto de firma',
  secretHint: 'Copialo ahora: lo usás para verificar la firma de cada aviso.',
  endpoints: 'Destinos',
  none: 'Todavía no creaste ningún destino.',
  active: 'Activo',
  disabled: 'Desactivado',
  enable: 'Activar',
  disable: 'Desactivar',
  remove: 'Borrar',
  rotate: 'Rotar secreto',
  test: 'Enviar prueba',
  log: 'Envíos de los últimos 30 días',
  logOf: (url: string) => `Envíos a ${url}`,
  noLog: 'Todavía no hay envíos.',
  when: 'Fecha',
  type: 'Aviso',
  status: 'Respuesta',
  duration: 'Duración',
  answer: 'Respuesta recibida',
  attempts: 'Intentos',
  replay: 'Reenviar',
  noAnswer: 'Sin respuesta',
  delivered: 'Entregado',
  pending: 'Reintentando',
  failed: 'Sin entregar',
  cancelled: 'Cancelado',
  show: 'Ver envíos',
  noProducer: 'No administrás ninguna productora.',
  ms: (n: number) => `${n} ms`,
} as const;

/** The e-mail sent when an endpoint answers 410 Gone and is disabled. */
export const WEBHOOK_MAIL = {
  disabledSubject: 'Desactivamos un destino de webhooks',
  disabledBody: (url: string) =>
    `Tu destino de webhooks ${url} respondió 410 (Gone), así que dejamos de enviarle avisos. Si fue un error, revisá el destino y volvé a activarlo en Integraciones → Webhooks.`,
  cta: 'Ver webhooks',
} as const;

/** The embeddable checkout: the snippet in the event's "Compartir" menu and the embedded page. */
export const EMBED_TEXT = {
  share: 'Insertar en tu sitio',
  shareHint: 'Pegá este código en tu página para vender entradas sin que tus compradores se vayan.',
  copy: 'Copiar código',
  copied: 'Código copiado',
  title: 'Entradas',
  continueTop: 'Continuar la compra',
  continueHint: 'El pago se abre en una pestaña nueva de Boletería.',
  paid: '¡Listo! Tu compra está pagada.',
  frameTitle: (event: string) => `Entradas para ${event}`,
  notOnSale: 'Este evento no tiene entradas a la venta ahora.',
  openEvent: 'Ver el evento en Boletería',
  sold: 'Vendido por Boletería',
  snippetLabel: 'Código para insertar',
} as const;
