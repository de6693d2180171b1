/**
 * The Spanish message catalogue shared by the islands and the API. Every other text speaks Argentine voseo
 * ("Revisá", "Probá de nuevo"); the domain catalogues live beside this file (messages-*.ts).
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
