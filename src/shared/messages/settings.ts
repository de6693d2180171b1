import { SPEC_LABEL } from './common';

/**
 * The producer's settings: the configuration page, payments account and sale preferences (voseo).
 */

/** /admin/configurations and the MercadoPago link's return page. */
export const CONFIG_PAGE_TEXT = {
  intro: 'Los datos de tu productora, cómo cobrás y las preferencias de venta.',
  producer: 'Productora',
  show: 'Ver',
  publicProfile: 'Perfil público',
  noProducer: 'No administrás ninguna productora',
  noProducerHint:
    'Cuando administres una productora, acá vas a completar los datos fiscales, la cuenta de cobro y las preferencias de venta.',
  platform: 'Plataforma',
  producers: 'Productoras',
  linked: 'Listo: vinculaste tu cuenta de MercadoPago.',
  notAuthorized: 'No autorizaste la vinculación en MercadoPago.',
  linkTitle: 'Vincular MercadoPago',
  backToSettings: `Volver a ${SPEC_LABEL.settings}`,
} as const;

/** Settings: the producer's and the platform's, fees, MercadoPago link, producers' activation and the producer form (voseo). */
export const SETTINGS_TEXT = {
  percentPerTicket: 'Porcentaje por entrada',
  percentPlaceholder: 'Por ejemplo 10 o 7,5',
  fixedPerTicket: 'Monto fijo por entrada ($)',
  linked: 'Vinculada',
  account: 'Cuenta',
  linkedHint: '. Tus ventas se cobran con tu cuenta y la plataforma retiene el cargo por servicio.',
  notLinked: 'Sin vincular',
  linkHint: 'Vinculá tu cuenta para cobrar tus ventas directamente en MercadoPago.',
  renewsUntil: 'La autorización se renueva sola; vence el',
  noPudimosRenovarAutorizacion:
    'No pudimos renovar la autorización. Volvé a vincular la cuenta para seguir cobrando con ella.',
  platformNotConfigured: 'La plataforma todavía no configuró su aplicación de MercadoPago.',
  relink: 'Volver a vincular',
  link: 'Vincular cuenta de MercadoPago',
  unlink: 'Desvincular',
  unlinkTitle: 'Desvincular la cuenta de MercadoPago',
  unlinkText:
    'Las próximas ventas se cobrarán con la cuenta de la plataforma; los reembolsos de lo que ya cobraste se siguen haciendo con tu cuenta.',
  platformSettings: 'Configuración de la plataforma',
  defaultFee: 'Cargo por servicio por defecto',
  feeLimitsTitle: 'Límites para el cargo propio de cada productora',
  minPercent: 'Porcentaje mínimo',
  maxPercent: 'Porcentaje máximo',
  minFixed: 'Fijo mínimo ($)',
  maxFixed: 'Fijo máximo ($)',
  mpApp: 'Aplicación de MercadoPago',
  mpNotConfigured: 'Sin configurar: las productoras no pueden vincular sus cuentas.',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  secretHint: 'Se guarda cifrado y no se vuelve a mostrar. Dejalo vacío para conservar el actual.',
  allowSharedAccount: 'Permitir que una misma cuenta de MercadoPago se vincule a varias productoras',
  saving: 'Guardando…',
  savePlatform: 'Guardar configuración de la plataforma',
  producerSettings: 'Configuración de la productora',
  fiscalData: 'Datos fiscales',
  legalName: 'Razón social',
  cuitHint: '11 números, con o sin guiones',
  ivaCondition: 'Condición frente al IVA',
  chooseOption: 'Elegí una opción',
  payoutAccount: 'Cuenta para las liquidaciones',
  payoutHint: 'Donde te transferimos lo vendido: CBU, CVU o alias.',
  payoutLabel: 'CBU, CVU o alias',
  payoutHolder: 'Titular de la cuenta',
  sales: 'Ventas',
  holdMinutes: 'Minutos de reserva',
  holdMinutesHint: 'Cuánto dura la reserva de un comprador (5 a 30). Vacío: lo que diga cada evento (10 por defecto).',
  nominalTickets: 'Entradas nominadas (nombre y DNI de cada titular) por defecto',
  askDniAtDoor: 'Pedir DNI en la puerta',
  buyerFee: 'Cargo por servicio que paga el comprador',
  ownFee: 'Usar un cargo propio',
  refundPolicy: 'Política de devoluciones',
  save: 'Guardar configuración',
  noProducers: 'Todavía no hay productoras.',
  producer: 'Productora',
  legalNameCuit: 'Razón social y CUIT',
  events: 'Eventos',
  active: 'Activa',
  province: 'Provincia',
  noProvince: 'Sin provincia',
  description: 'Descripción',
  logo: 'Logo',
  viewPublicPage: 'Ver página pública',
  saveProducer: 'Guardar productora',
  mpConfigured: (fromPanel: boolean, clientId: string | null, last4: string | null) =>
    `Configurada ${fromPanel ? 'acá' : 'en las variables del servidor'}: Client ID ${clientId}, secreto terminado en ${last4}.`,
  recognisedAs: (kind: string) => `Se reconoce como ${kind}`,
  feeLimits: (platform: string, percents: [string, string], fixed: [string, string]) =>
    `El de la plataforma: ${platform} por entrada. Podés fijar uno propio entre ${percents[0]} y ${percents[1]}, y entre ${fixed[0]} y ${fixed[1]} fijos.`,
  activeOf: (name: string) => `${name} activa`,
  /** A producer the platform trusts publishes its events without review (issue 32). */
  trusted: 'Publica sin revisión',
  trustedOf: (name: string) => `${name} publica sin revisión`,
  trustedHint:
    'Sus administradores publican sus eventos al instante, con los mismos controles. Dejalo apagado para productoras nuevas.',
  producerForm: {
    name: 'Nombre',
    contactEmail: 'Correo de contacto',
    phone: 'Teléfono',
    city: 'Ciudad',
    instagram: 'Instagram (enlace)',
    facebook: 'Facebook (enlace)',
    website: 'Sitio web',
  },
  saveFailed: 'No pudimos guardar la configuración. Probá de nuevo.',
  mercadoPago: 'MercadoPago',
} as const;

/** The API's answers when settings are saved (voseo). */
export const SETTINGS_MSG = {
  saved: 'Configuración guardada',
  platformSaved: 'Configuración de la plataforma guardada',
  directPublish: 'La productora publica sus eventos sin revisión',
  reviewAgain: 'Los eventos de la productora vuelven a pasar por revisión',
} as const;

/** Why a CUIT, CBU, CVU or alias is refused (src/shared/fiscal.ts checks them for the forms and the API). */
export const FISCAL_MSG = {
  cuitFormat: 'El CUIT tiene que tener 11 números (por ejemplo 30-71234567-1).',
  cuitPrefix: 'El CUIT tiene que empezar con 20, 23, 24, 27, 30, 33 o 34.',
  cuitZeros: 'El CUIT no puede ser todo ceros.',
  accountZeros: 'El CBU o CVU no puede tener el número de cuenta en ceros.',
  aliasLetters: 'El alias tiene que tener al menos una letra, no solo puntos, guiones o números.',
  cuitCheck: 'El CUIT no es válido: revisá el dígito verificador.',
  accountFormat:
    'Ingresá un CBU o CVU de 22 números, o un alias de 6 a 20 caracteres (letras, números, punto o guion).',
  cbuCheck: 'El CBU no es válido: revisá los dígitos verificadores.',
  cvuCheck: 'El CVU no es válido: revisá los dígitos verificadores.',
} as const;

/** AFIP's VAT conditions, by their official names. */
export const IVA_CONDITIONS = {
  responsable_inscripto: 'IVA Responsable Inscripto',
  monotributo: 'Responsable Monotributo',
  exento: 'IVA Sujeto Exento',
  no_alcanzado: 'No alcanzado / Consumidor final',
} as const;

export const FEE_OUT_OF_LIMITS = 'El cargo por servicio tiene que quedar dentro de los límites que fijó la plataforma.';

export const MP_MSG = {
  stateInvalid: 'El enlace de vinculación venció o ya se usó. Volvé a vincular desde Configuración.',
  appMissing: 'La plataforma todavía no configuró su aplicación de MercadoPago.',
  exchangeFailed: 'MercadoPago no aceptó la vinculación. Probá de nuevo en unos minutos.',
  linked: 'Cuenta de MercadoPago vinculada',
  unlinked: 'Cuenta de MercadoPago desvinculada',
  denied: 'No autorizaste la vinculación en MercadoPago.',
  accountTaken:
    'Esa cuenta de MercadoPago ya está vinculada a otra productora. Vinculá una cuenta propia de esta productora.',
  paymentsInFlight:
    'Hay compras con el pago pendiente en esta cuenta. Desvinculala cuando se acrediten o venzan (como mucho en 48 horas).',
} as const;

/** The checks of src/shared/schemas/settings.ts (API and forms). */
export const SETTINGS_FIELD_MSG = {
  percentBp: 'Ingresá el porcentaje',
  percentBpInt: 'Usá hasta dos decimales',
  percentBpMin: 'No puede ser negativo',
  percentBpMax: 'Máximo 50 %',
  fixedCents: 'Ingresá el monto fijo',
  fixedCentsInt: 'Usá centavos enteros',
  fixedCentsMax: 'Máximo $ 100.000',
  ivaCondition: 'Elegí una condición frente al IVA',
  holdMinutesMin: 'La reserva dura como mínimo 5 minutos',
  holdMinutesMax: 'La reserva dura como máximo 30 minutos',
  refundPolicyMax: 'Máximo 4000 caracteres',
  percentRange: 'El porcentaje mínimo no puede superar al máximo',
  fixedRange: 'El monto mínimo no puede superar al máximo',
  mpClientIdMax: 'Máximo 100 caracteres',
  mpClientIdFormat: 'El Client ID tiene solo letras, números y guiones',
  mpClientSecretMax: 'Máximo 200 caracteres',
  mpSharedAccounts: 'Indicá si se permite compartir cuentas',
  activo: 'Indicá si está activa',
  trusted: 'Indicá si publica sin revisión',
  codeMin: 'Falta el código de autorización',
  stateMin: 'El enlace de vinculación no es válido',
} as const;

// ---- Retention of attendee data (issue 35) ----

/** The retention setting in Configuración and its per-event schedule. */
export const RETENTION_TEXT = {
  title: 'Datos de asistentes',
  daysLabel: 'Borrar datos de asistentes N días después del evento',
  daysHint:
    'Pasado ese plazo borramos nombres, DNI, correos y teléfonos de quienes compraron o fueron invitados. Las órdenes y las cifras quedan.',
  daysRequired: 'Ingresá la cantidad de días',
  daysInt: 'Usá días enteros',
  daysRange: 'Entre 1 y 3650 días',
  scheduleTitle: 'Cuándo se borran, por evento',
  scheduleEvent: 'Evento',
  scheduleEnds: 'Termina',
  scheduleErase: 'Se borran',
  erasedOn: (when: string) => `Borrados el ${when}`,
  noDates: 'Sin fechas',
  none: 'Todavía no hay eventos.',
  /** What the retention job leaves in place of a buyer's name. */
  anonymousBuyer: 'Asistente anonimizado',
} as const;
