import { SPEC_LABEL } from './common';

/**
 * Integrations (issue 34): producer API keys, idempotent writes and the developers' reference (voseo).
 * Webhooks and the embeddable checkout follow in their own block.
 */

/** The provider API's answers to a producer key, an Idempotency-Key and the key routes. */
export const API_KEY_MSG = {
  malformed: 'La clave de API no tiene un formato válido. Revisá que la copiaste completa.',
  invalid: 'La clave de API no existe. Revisá que la copiaste completa.',
  revoked: 'La clave de API fue revocada. Creá una nueva en Integraciones.',
  expired: 'La clave de API venció. Creá una nueva en Integraciones.',
  creatorInactive: 'La clave de API ya no vale: la persona que la creó no tiene una cuenta activa.',
  personOnly: 'Esta ruta es para personas: no acepta claves de API.',
  outOfScope: 'La clave de API no tiene permiso para esta acción.',
  outOfEvents: 'La clave de API no tiene permiso sobre este evento.',
  tooManyRequests: 'Superaste el límite de pedidos de esta clave de API. Esperá unos segundos y probá de nuevo.',
  nameRequired: 'Escribí un nombre para la clave.',
  nameTooLong: 'El nombre puede tener hasta 80 caracteres.',
  permissionsRequired: 'Elegí al menos un permiso.',
  permissionUnknown: 'Ese permiso no existe.',
  permissionNotHeld: 'No podés darle a una clave un permiso que no tenés.',
  eventsNotOwned: 'Elegí eventos de esta productora sobre los que tengas permiso.',
  expiryInvalid: 'Elegí un vencimiento entre 1 y 3650 días, o ninguno.',
  notFound: 'La clave de API no existe.',
  alreadyRevoked: 'La clave de API ya estaba revocada.',
  created: 'Listo: creaste la clave. Copiala ahora, no la vas a volver a ver.',
  revokedDone: 'Revocaste la clave. Desde ahora no funciona más.',
} as const;

export const IDEMPOTENCY_MSG = {
  invalidKey: 'El encabezado Idempotency-Key tiene que tener entre 1 y 255 caracteres visibles.',
  inFlight: 'Ya estamos procesando un pedido con esta Idempotency-Key. Esperá su respuesta y probá de nuevo.',
  mismatch: 'Esta Idempotency-Key ya se usó con otro pedido. Usá una clave nueva para cada operación distinta.',
} as const;

/** The back office's "Integraciones" page (/admin/integraciones). */
export const INTEGRATIONS_TEXT = {
  title: 'Integraciones',
  intro:
    'Conectá tu sitio, tu CRM o tu sistema contable con Boletería. Cada clave de API actúa por tu productora con los permisos que le des, nunca más que los tuyos.',
  settingsLink: 'Integraciones',
  settingsHint: 'Claves de API para conectar otros sistemas.',
  backToSettings: `Volver a ${SPEC_LABEL.settings}`,
  noProducer: 'No administrás ninguna productora',
  noProducerHint: 'Cuando administres una productora, acá vas a crear las claves de API para tus integraciones.',
  keysTitle: 'Claves de API',
  keysEmpty: 'Todavía no creaste ninguna clave.',
  newKey: 'Nueva clave',
  name: 'Nombre',
  namePlaceholder: 'Por ejemplo: Sitio web',
  permissions: 'Permisos',
  events: 'Eventos',
  allEvents: 'Todos los eventos',
  someEvents: 'Solo algunos eventos',
  expiry: 'Vencimiento',
  noExpiry: 'Sin vencimiento',
  days30: '30 días',
  days90: '90 días',
  days365: '1 año',
  create: 'Crear clave',
  creating: 'Creando…',
  secretTitle: 'Tu nueva clave',
  secretHint: 'Copiala y guardala en un lugar seguro: es la única vez que la vas a ver.',
  copy: 'Copiar',
  copied: 'Copiada',
  done: 'Ya la guardé',
  prefix: 'Empieza con',
  createdAt: 'Creada',
  lastUsed: 'Último uso',
  neverUsed: 'Nunca',
  expires: 'Vence',
  never: 'Nunca',
  status: 'Estado',
  active: 'Activa',
  revoked: 'Revocada',
  expired: 'Vencida',
  revoke: 'Revocar',
  revokeTitle: 'Revocar la clave',
  revokeBody: 'Los sistemas que la usen van a dejar de funcionar en el acto. No se puede deshacer.',
  more: 'Más integraciones',
  developers: 'Referencia para desarrolladores',
  developersHint: 'Todas las rutas de la API, sus permisos y cómo autenticarte.',
} as const;

/** The developers' reference (/desarrolladores). */
export const DEVELOPERS_TEXT = {
  title: 'Desarrolladores',
  intro:
    'La API de Boletería para conectar tu sitio y tus sistemas. Creá una clave en Configuración → Integraciones y mandala en cada pedido.',
  auth: 'Autenticación',
  authBody:
    'Mandá tu clave en el encabezado Authorization: Bearer bol_live_… La clave solo hace lo que permiten sus permisos y los de quien la creó.',
  idempotency: 'Reintentos seguros',
  idempotencyBody:
    'En los pedidos que escriben, mandá un encabezado Idempotency-Key único por operación: si repetís el pedido, recibís la misma respuesta sin hacerlo dos veces (durante 24 horas).',
  limits: 'Límites',
  limitsBody: 'Cada clave puede hacer hasta 600 pedidos por minuto. Si te pasás, respondemos 429 con Retry-After.',
  document: 'Descripción OpenAPI 3.1',
  routes: 'Rutas',
  permission: 'Permiso',
  scopeProducer: 'toda la productora',
  scopeEvent: 'por evento',
  public: 'Pública',
  person: 'Solo personas',
  superadmin: 'Solo la plataforma',
  parameters: 'Parámetros',
  body: 'Cuerpo',
  required: 'obligatorio',
  unavailable: 'No pudimos cargar la descripción de la API. Probá de nuevo en unos minutos.',
} as const;

/** What each permission lets a key do, in words (the name itself is shown beside it for developers). */
export const PERMISSION_LABEL: Record<string, string> = {
  'dashboard.view': 'Ver el panel de ventas',
  'events.view': 'Ver los eventos',
  'events.create': 'Crear eventos',
  'events.manage': 'Editar y publicar eventos',
  'tickets.view': 'Ver órdenes y entradas',
  'tickets.sell': 'Vender en boletería',
  'tickets.validate': 'Controlar el acceso',
  'tickets.reports': 'Ver reportes de entradas',
  'tickets.types': 'Gestionar tipos de entrada',
  'collaborators.manage': 'Gestionar el equipo',
  'configurations.manage': 'Cambiar la configuración',
  'analytics.view': 'Ver estadísticas',
  'reports.view': 'Ver reportes',
  'export.data': 'Exportar datos',
  'users.manage': 'Gestionar personas',
  'finance.view': 'Ver finanzas',
  'invitations.manage': 'Gestionar invitaciones',
  'tickets.refund': 'Reembolsar órdenes',
};

/** The OpenAPI document's own words (functions/api/lib/openapi.ts). */
export const OPENAPI_TEXT = {
  title: 'API de Boletería',
  description:
    'La API de proveedor de Boletería. Autenticación: una clave de productora (Authorization: Bearer bol_live_…) o, para los servidores de la plataforma, x-api-key con la sesión de una persona. Escrituras idempotentes con Idempotency-Key (24 h). Límite: 600 pedidos por minuto por clave. x-permission dice qué permiso pide cada ruta y si acepta claves.',
  public: 'Pública',
  authenticated: 'Cualquier persona con sesión',
  superadmin: 'Solo superadministradores',
  permission: 'Permiso',
  and: 'y',
  producerWide: 'en toda la productora',
  perEvent: 'en el evento o la productora',
  rootTag: 'raíz',
  message: 'En castellano, para mostrar tal cual.',
  producerKey: 'Una clave de API de la productora (Configuración → Integraciones).',
  platformKey: 'La clave de la plataforma.',
  session: 'La sesión de una persona.',
  ok: 'Respuesta correcta.',
  error: 'Error, con un mensaje en castellano.',
  tooMany: 'Demasiados pedidos: esperá los segundos de Retry-After.',
} as const;

/** The developers' page examples (shell commands; the origin is the site's). */
export const DEVELOPERS_EXAMPLES = {
  keyBadge: 'bol_live_',
  read: (origin: string) => `curl ${origin}/api/v1/admin/events/123 \\\n  -H "Authorization: Bearer bol_live_…"`,
  write: (origin: string) =>
    `curl -X POST ${origin}/api/v1/admin/promo-codes/7 \\\n  -H "Authorization: Bearer bol_live_…" \\\n  -H "Idempotency-Key: 5b2f3c1e-…" \\\n  -H "Content-Type: application/json" \\\n  -d '{"code":"PRENSA","discount_type":"percent","value":20}'`,
} as const;

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
