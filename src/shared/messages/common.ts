import { formatMoney } from '../money';

/**
 * Words that belong to no domain: the seed spec's own texts (SPEC BLOCK), the shared validation and error
 * messages, the site's shell, the UI kit, the error and denied pages, and the frame every e-mail shares.
 * Each domain's words live beside this file (src/shared/messages/<domain>.ts), its e-mails included. Voseo.
 */

/**
 * SPEC BLOCK: the seed spec's own texts (sections 5 and 8), word for word, including its spelling and its
 * usted forms. Do not "fix" them: spec-catalogue.test.ts pins each one, and voseo.test.ts exempts exactly
 * these strings (and nothing else) from the usted check.
 */
export const SPEC_MSG = {
  // Validation (section 5)
  emailRequired: 'Correo es Requerido',
  emailInvalid: 'Correo debe ser valido',
  passwordRequired: 'Contraseña es Requerido',
  passwordMin: 'Contraseña debe tener al menos 8 caracteres',
  passwordMismatch: 'Contraseña no coincide',
  nameRequired: 'Nombre es Requerido',
  phoneInvalid: 'Telefono debe ser solo numeros, sin puntos y sin +',
  dniInvalid: 'DNI debe tener exactamente 8 dígitos sin puntos',
  termsRequired: 'Debe aceptar los términos y condiciones',
  invalidForm: 'Por favor, complete todos los campos requeridos correctamente.',
  required: 'Requerido',
  invalidInput: 'Entrada inválida',
  invalidDate: 'Fecha inválida',

  // Errors (section 8)
  loginUnauthorized: 'Credenciales erroneas: contraseña o correo incorrecto',
  loginUnverified: 'Usuario no verificado, revise su correo',
  loginError: 'Ocurrio un error al iniciar sesión',
  cookiesDisabled: 'Las cookies están deshabilitadas en su navegador. Por favor, actívelas para continuar.',
  registerError: 'Ocurrio un error al registrar',
  registerDialogError: 'Error al registrar, por favor, intente nuevamente.',
  verifyError: 'Ocurrio un error al verificar',
  recoverError: 'Ocurrio un error al recuperar la contraseña',
  resetError: 'No se pudo cambiar la contraseña',
  profileError: 'Error al actualizar el perfil',
  profileDataError: 'Error al actualizar los datos',
  passwordChangeError: 'Error al cambiar la contraseña',
  refreshError: 'Error al actualizar permisos / Por favor, inicia sesión nuevamente',

  // Successes (section 8)
  loginSuccess: 'Ingreso Exitoso',
  registerSuccess: 'Registro exitoso, verifique su correo',
  verifySuccess: 'Email verificado con exito',
  recoverSuccess: 'Revise su correo para restablecer la contraseña',
  resetSuccess: 'Contraseña cambiada exitosamente',
  passwordChangeSuccess: 'Contraseña actualizada con éxito',
  rolesUpdated: 'Permisos actualizados',
} as const;

/** The spec's own labels (section 2: login dialog, navigation), word for word (its "Olvide" included). */
export const SPEC_LABEL = {
  forgotPassword: 'Olvide mi contraseña',
  back: 'Volver',
  login: 'Ingresar',
  recover: 'Recuperar',
  registerLink: 'Registrarme',
  signIn: 'Iniciar Sesión',
  signUp: 'Registrarse',
  createEvent: 'Crea tu evento',
  controlPanel: 'Panel de Control',
  tickets: 'Tickets',
  accessControl: 'Control de Acceso',
  collaborators: 'Colaboradores',
  myTickets: 'Mis tickets',
  helpCenter: 'Centro de Ayuda',
  home: 'Inicio',
  profile: 'Perfil',
  createEventMobile: 'Crear evento',
  createEventFooter: 'Crear Evento',
  viewProfile: 'Ver Perfil',
  signOutAdmin: 'Cerrar Sesión',
  terms: 'Términos y Condiciones',
  privacy: 'Políticas de Privacidad',
  refunds: 'Política de Devolución',
  consumerLaw: 'Ley de Defensa al Consumidor',
  settings: 'Configuración',
  // Top navigation, written in capitals as the spec has them, and its menus
  navEvents: 'EVENTOS',
  navProducers: 'PRODUCTORAS',
  navHelpCenter: 'CENTRO DE AYUDA',
  assistance: 'Asistencia',
  newEvent: 'Nuevo Evento',
  signOut: 'Cerrar sesión',
  // The back-office sidebar and bottom nav
  events: 'Eventos',
  finance: 'Finanzas',
  invitations: 'Invitaciones',
  myTicketsAdmin: 'Mis Tickets',
} as const;

// END OF SPEC BLOCK

export const MSG = {
  ...SPEC_MSG,
  // Platform texts (not in the spec): voseo.
  passwordMax: 'Contraseña debe tener como máximo 128 caracteres',
  provinceRequired: 'Provincia es Requerida',
  controlChars: 'Sacá los caracteres invisibles o de control de este texto.',
  jsonTooDeep: 'Los datos enviados tienen demasiados niveles anidados. Revisá lo que enviaste y probá de nuevo.',
  tooManyRequests: 'Demasiados intentos. Esperá unos minutos y probá de nuevo.',
  apiKeyInvalid: 'Clave de API inválida o ausente',
  sessionExpired: 'Tu sesión expiró. Iniciá sesión de nuevo.',
  forbiddenOrigin: 'Solicitud rechazada: origen no permitido',
  notFound: 'Recurso no encontrado',
  unexpected: 'Ocurrió un error inesperado. Probá de nuevo.',
  network: 'No pudimos conectarnos. Revisá tu conexión y probá de nuevo.',
  paymentProviderDown: 'MercadoPago no responde en este momento. Probá de nuevo en unos minutos.',
} as const;

export const INVALID_FORM = MSG.invalidForm;

/** Business constants of section 9. */
export const LIMITS = {
  accessCookieSeconds: 24 * 60 * 60,
  refreshCookieSeconds: 5 * 24 * 60 * 60,
  toastMs: 1500,
  resetSuccessToastMs: 5000,
  resetErrorToastMs: 3000,
  passwordMin: 8,
  passwordMax: 128,
  adminMobileBreakpoint: 960,
  sidebarWidth: 256,
  appBarHeight: 70,
  loginDialogMaxWidth: 500,
  registerDialogMaxWidth: 600,
  verifyRedirectMs: 500,
} as const;

export const COOKIE = {
  authToken: 'auth-token',
  refreshToken: 'refresh-token',
  userData: 'user-data',
} as const;

export const MAIL_LAYOUT = {
  buttonFallback: 'Si el botón no funciona, copiá este enlace en tu navegador:',
  automatic: 'Este es un mensaje automático de Boletería; no respondas a este correo.',
  /** The header's word mark, its second part in the brand colour. */
  logo: ['Bolet', 'ería'],
  footer: (year: number) => `© ${year} Boletería · Argentina`,
} as const;

/** The standalone pages' words (access denied, error), in voseo; the spec's names are SPEC_LABEL's. */
export const PAGE_LINK_TEXT = {
  home: 'Volver al inicio',
  myTickets: SPEC_LABEL.myTickets,
  help: SPEC_LABEL.helpCenter,
} as const;

/** /access-denied. */
export const DENIED_PAGE_TEXT = {
  title: 'Acceso denegado',
  text: 'Tu cuenta no tiene permiso para ver esta sección.',
  requested: 'Página solicitada:',
  hint: 'Si trabajás con una productora, pedile a su administrador que te sume como colaborador o que te dé acceso.',
} as const;

/** /error. */
export const ERROR_PAGE_TEXT = {
  title: 'Ocurrió un error',
  text: 'No pudimos completar lo que pediste. Probá de nuevo en unos minutos; si el problema sigue, escribinos desde el Centro de Ayuda y contanos qué estabas haciendo.',
} as const;

/**
 * The site's shell (top navigation, side drawer, bottom bar, footer, the back-office header), in voseo. The
 * spec's own names (Inicio, Perfil, Ver Perfil, the legal links…) are SPEC_LABEL's; the navigation menus'
 * items live in src/components/layout/nav-items.ts.
 */
export const SHELL_TEXT = {
  logoHome: 'Boletería, ir al inicio',
  logoHomeSite: 'Boletería, ir al inicio del sitio',
  skipToContent: 'Saltar al contenido',
  accountHeading: 'CUENTA',
  description:
    'Boletería: entradas para recitales, teatro, fiestas y festivales en toda la Argentina. Comprá online y entrá con tu QR.',
  /** The <title>: the page's name and the brand (the home page is the brand alone). */
  documentTitle: (title: string) => (title === 'Boletería' ? title : `${title} | Boletería`),
  mainNav: 'Principal',
  openMenu: 'Abrir menú',
  menu: 'Menú',
  closeMenu: 'Cerrar menú',
  sideMenu: 'Menú lateral',
  bottomBar: 'Barra inferior',
  qrAccess: 'QR: control de acceso',
  openSections: 'Abrir secciones',
  panelSections: 'Secciones del panel',
  adminBottomNav: 'Navegación inferior',
  adminOnly: 'Requiere acceso de administrador',
  exitFullscreen: 'Salir de pantalla completa',
  adminTitle: (title: string) => `${title} · ${SPEC_LABEL.controlPanel}`,
  closeSections: 'Cerrar secciones',
  accountOf: 'Cuenta de',
  greeting: (firstName: string) => `Hola, ${firstName}`,
  tagline:
    'Entradas para recitales, teatro, fiestas y festivales en toda la Argentina. Comprá en minutos y entrá con tu QR.',
  brand: 'Boletería',
  brandHeading: 'BOLETERÍA',
  userSupport: 'Atención al usuario',
  legal: 'Legales',
  legalHeading: 'LEGALES',
  followHeading: 'SEGUINOS',
  withdrawal: 'Botón de arrepentimiento',
  copyright: (year: number) => `© ${year} Boletería. Precios en pesos argentinos (ARS) con impuestos incluidos.`,
} as const;

/**
 * Spanish texts (voseo) of the buyer's pages and the back office's shared UI kit (issue 20): fees shown up
 * front, dialogs, the events list, collaborators, phone cards and transfers.
 */
export const UI_MSG = {
  // Fees up front (event page)
  ticketTotal: (totalCents: number, feeCents: number) =>
    feeCents > 0
      ? `Total ${formatMoney(totalCents)} (incluye ${formatMoney(feeCents)} de cargo por servicio)`
      : `Total ${formatMoney(totalCents)}`,
  selectionFee: (feeCents: number) => `Incluye ${formatMoney(feeCents)} de cargo por servicio`,
  loginToBuy: 'Ingresá o registrate para comprar: tu selección queda guardada.',
  // The ticket selector's counter (its script imports only this catalogue)
  choose: 'Elegí tus entradas',
  chosen: (count: number) => `${count} ${count === 1 ? 'entrada' : 'entradas'}`,

  // UI kit
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  back: 'Volver',
  loading: 'Cargando…',
  retry: 'Reintentar',
  loadFailed: 'No pudimos cargar los datos.',
  reasonLabel: 'Motivo',
  reasonRequired: 'Escribí el motivo.',
  moreActions: (name: string) => `Más acciones de ${name}`,
  unexpected: 'Ocurrió un error inesperado. Probá de nuevo.',
} as const;

/** The UI kit's own words. */
export const KIT_TEXT = {
  hidePassword: 'Ocultar contraseña',
  showPassword: 'Mostrar contraseña',
  hide: 'Ocultar',
  show: 'Mostrar',
  /** Beside a form's button until its island is live (issue 31). */
  loading: 'Cargando…',
} as const;

/** The words of es-AR dates (src/shared/dates.ts formats them; never toLocale*). */
export const DATE_WORDS = {
  weekdays: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
  months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  monthsLong: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  longDate: (day: number, month: string, year: number) => `${day} de ${month} de ${year}`,
} as const;

/** Field checks shared by several forms. */
export const FIELD_MSG = {
  maxChars: (max: number) => `Máximo ${max} caracteres`,
} as const;
