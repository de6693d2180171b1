import { SPEC_LABEL } from './common';

/**
 * Accounts: sign-in, sign-up, verification, recovery, the profile pages and the account e-mails (voseo).
 */

/** Texts of the account screens that the spec does not give word for word (the rest are MSG's). */
export const ACCOUNT_TEXT = {
  verifying: 'Verificando tu correo…',
  profileSaved: 'Perfil actualizado con éxito',
  profileLoadError: 'No se pudo cargar tu perfil',
  emailChangeSent: 'Te enviamos un enlace de verificación al nuevo correo',
  emailChangeResent: 'Te reenviamos el enlace de confirmación',
  emailChangeError: 'No se pudo solicitar el cambio de correo',
  emailChanged: 'Correo actualizado con éxito',
  emailChangeVerifyError: 'No se pudo confirmar el nuevo correo',
  missingToken: 'El enlace no es válido o está incompleto. Pedí uno nuevo.',
} as const;

/** The account islands: login and registration dialogs, profile, password and e-mail forms (voseo; the spec's labels stay in SPEC_LABEL). */
export const AUTH_TEXT = {
  currentEmail: 'Correo actual:',
  newEmail: 'Nuevo correo electrónico',
  linkSentTo: 'Enviamos un enlace a',
  linkSentOpen: '. Abrilo para confirmar el cambio.',
  resendEmail: 'Reenviar correo',
  changeEmail: 'Cambiar correo',
  changePassword: 'Cambiar contraseña',
  recoverPassword: 'Recuperar contraseña',
  email: 'Correo electrónico',
  password: 'Contraseña',
  noAccount: '¿No tenés cuenta?',
  close: 'Cerrar',
  fullName: 'Nombre completo',
  phone: 'Teléfono',
  province: 'Provincia',
  unspecified: 'Sin especificar',
  saveChanges: 'Guardar cambios',
  myData: 'Mis datos',
  repeatPassword: 'Repetir contraseña',
  acceptPromotions: 'Quiero recibir promociones y novedades',
  haveAccount: '¿Ya tenés cuenta?',
  signIn: 'Iniciar sesión',
  newPassword: 'Nueva contraseña',
  closeToast: 'Cerrar aviso',
  acceptThe: 'Acepto los',
  terms: 'términos y condiciones',
  currentPassword: 'Contraseña actual',
  repeatNewPassword: 'Repetir nueva contraseña',
} as const;

/**
 * The screen that stays after registering (or logging in unverified), issue 32: beside the spec's toast
 * ('Registro exitoso, verifique su correo' / 'Usuario no verificado, revise su correo'), where the mail went,
 * "Reenviar correo", "Cambiar correo" and what happens once the link is opened.
 */
export const VERIFY_PENDING_TEXT = {
  title: 'Revisá tu correo',
  sentTo: 'Te enviamos un enlace para verificar tu cuenta a',
  openIt:
    'Abrí ese correo y tocá el enlace (vale 48 horas). Si no llega en unos minutos, revisá el correo no deseado o reenvialo.',
  /** What happens next, by where the person came from. */
  nextPurchase:
    'Cuando abras el enlace en este navegador, volvés a esta página con las entradas que elegiste y terminás la compra.',
  nextPage: 'Cuando abras el enlace en este navegador, volvés a esta página y seguís donde estabas.',
  nextHome: 'Cuando abras el enlace, entrás con tu cuenta.',
  wrongAddress: '¿No es tu correo?',
  resent: (email: string) => `Te reenviamos el correo a ${email}.`,
  changed: (email: string) => `Te enviamos el correo a ${email}.`,
  newEmail: 'Tu correo correcto',
  passwordHint: 'La contraseña que elegiste al registrarte, para confirmar que la cuenta es tuya.',
  sendHere: 'Enviar a este correo',
  back: 'Volver',
} as const;

export const MAIL_ACCOUNTS = {
  greetingAnonymous: 'Hola:',
  verify: {
    subject: 'Verificá tu correo en Boletería',
    title: 'Confirmá tu correo',
    preheader: 'Un paso más para activar tu cuenta de Boletería.',
    body: 'Gracias por registrarte en Boletería. Para activar tu cuenta, confirmá tu dirección de correo.',
    cta: 'Verificar mi correo',
    note: 'El enlace vence en 48 horas. Si no creaste esta cuenta, ignorá este mensaje.',
  },
  recovery: {
    subject: 'Restablecé tu contraseña de Boletería',
    title: 'Restablecer contraseña',
    preheader: 'Recibimos un pedido para cambiar tu contraseña.',
    body: 'Recibimos un pedido para restablecer la contraseña de tu cuenta. Elegí una nueva desde este enlace.',
    cta: 'Elegir una nueva contraseña',
    note: 'El enlace vence en 1 hora y sirve una sola vez. Si no lo pediste, ignorá este mensaje: tu contraseña no cambia.',
  },
  changeEmail: {
    subject: 'Confirmá tu nuevo correo en Boletería',
    title: 'Confirmá tu nuevo correo',
    preheader: 'Confirmá el cambio de correo de tu cuenta.',
    /** Before and after the new address (bold in the mail). */
    body: ['Pediste usar ', ' como correo de tu cuenta de Boletería. Confirmalo desde este enlace.'],
    cta: 'Confirmar nuevo correo',
    note: 'El enlace vence en 24 horas. Hasta que lo confirmes, tu cuenta sigue usando el correo anterior.',
  },
  emailChanged: {
    subject: 'El correo de tu cuenta de Boletería cambió',
    title: 'Tu correo cambió',
    preheader: 'El correo de tu cuenta de Boletería fue actualizado.',
    body: [
      'El correo de tu cuenta ahora es ',
      '. Si no hiciste este cambio, escribinos cuanto antes desde el Centro de Ayuda.',
    ],
  },
  accountExists: {
    subject: 'Alguien intentó registrarse con tu correo en Boletería',
    title: 'Ya tenés una cuenta',
    preheader: 'Alguien intentó crear una cuenta nueva con este correo.',
    body: 'Alguien intentó crear una cuenta de Boletería con este correo, que ya tiene una. No creamos otra cuenta ni cambiamos nada de la tuya.',
    hint: 'Si fuiste vos, ingresá con tu contraseña. Si no la recordás, elegí "Olvide mi contraseña" al ingresar para restablecerla.',
    cta: 'Ingresar',
    note: 'Si no fuiste vos, ignorá este mensaje: tu cuenta sigue igual.',
  },
} as const;

/** /perfil and /mis-tickets. */
export const ACCOUNT_PAGE_TEXT = {
  profile: 'Mi perfil',
  profileTitle: 'Mi perfil · Boletería',
  ticketsTitle: `${SPEC_LABEL.myTickets} · Boletería`,
  noTickets: 'Todavía no tenés entradas. Cuando compres, van a aparecer acá y en tu correo.',
  seeEvents: 'Ver eventos',
} as const;

/** The account pages reached from an e-mail's link (their forms are islands with their own words). */
export const AUTH_PAGE_TEXT = {
  loginTitle: `${SPEC_LABEL.login} · Boletería`,
  registerTitle: `${SPEC_LABEL.signUp} · Boletería`,
  restoreTitle: 'Restablecer contraseña · Boletería',
  restoreHeading: 'Restablecer contraseña',
  verifyTitle: 'Verificación de correo · Boletería',
  verifyHeading: 'Verificación de correo',
  changeEmailTitle: 'Confirmación de correo · Boletería',
  changeEmailHeading: 'Confirmación del nuevo correo',
} as const;

/** Spanish answers of the account endpoints that the spec does not word (the spec's are in MSG). */
export const ACCOUNT_MSG = {
  inactive: 'Usuario inactivo, escribinos desde el Centro de Ayuda',
  emailTaken: 'el correo ya está registrado',
  emailUnchanged: 'El nuevo correo es igual al actual',
  provinceUnknown: 'Provincia inválida',
  countryUnknown: 'País inválido',
  verifyInvalid: 'El enlace de verificación es inválido, ya fue usado o venció',
  resetInvalid: 'El enlace para restablecer la contraseña es inválido, ya fue usado o venció',
  changeEmailInvalid: 'El enlace para cambiar el correo es inválido, ya fue usado o venció',
  noPendingChange: 'No hay un cambio de correo pendiente para esa dirección',
  changeEmailSent: 'Te enviamos un enlace de verificación al nuevo correo',
  emailChanged: 'Correo actualizado con éxito',
  recoverSent: 'Si el correo está registrado, vas a recibir un enlace para restablecer la contraseña',
  loggedOut: 'Sesión cerrada',
  profileUpdated: 'Perfil actualizado con éxito',
  forbidden: 'No tenés permisos para realizar esta acción',
  userNotFound: 'Usuario no encontrado',
  currentPasswordWrong: 'La contraseña actual es incorrecta',
  useSecureChange: 'Para cambiar tu contraseña, escribí la contraseña actual',
  mailFailed: 'No pudimos enviar el correo. Probá de nuevo en unos minutos.',
  tokenUserMismatch: 'El enlace no corresponde a este usuario',
  /** POST /resend-verification: the same answer whether or not the address has a pending account. */
  verificationResent: 'Si tu cuenta está pendiente de verificación, te reenviamos el correo.',
  /** POST /change-pending-email */
  pendingEmailChanged: 'Listo: te enviamos el correo de verificación a la nueva dirección.',
  alreadyVerified: 'Tu correo ya está verificado: ingresá con tu contraseña.',
} as const;

// ---- Personal data (issue 35): "Mis datos", consents and deleting one's account ----

/** The API's answers about a person's own data (voseo). */
export const ACCOUNT_DATA_MSG = {
  ticketsChoice: 'Elegí qué hacemos con tus entradas a eventos futuros: devolverlas o cancelarlas.',
  deletionRequested: 'Recibimos tu pedido. Vamos a borrar tus datos personales dentro de las próximas 24 horas.',
  deletionRefundFirst:
    'Recibimos tu pedido. Tenés una devolución en curso: la terminamos primero y después borramos tus datos personales.',
  deletionAlready: 'Ya pediste borrar tu cuenta. Te mostramos el estado de ese pedido.',
  deletionDone: 'Tu cuenta ya fue borrada.',
  consentSaved: 'Guardamos tu preferencia.',
  otherPerson: 'No podés ver ni borrar los datos de otra persona.',
  /** The refund's reason in the back office when a person's deletion gave back their tickets. */
  deletionReason: 'Cuenta borrada a pedido de su titular',
  /** The name a deleted account's orders and figures keep (unique per account). */
  pseudonym: (code: string) => `Persona borrada ${code}`,
} as const;

/** The version of each consent's text; a new text gets a new version (the old answers keep theirs). */
export const CONSENT_VERSIONS = { terms: 'terminos-2026-01', promotions: 'promociones-2026-01' } as const;
export type ConsentKind = keyof typeof CONSENT_VERSIONS;

/** "Mis datos" in Perfil and its readable page (/perfil/mis-datos). */
export const PERSONAL_DATA_TEXT = {
  sectionTitle: 'Tus datos personales',
  sectionIntro: 'Podés ver y descargar todo lo que guardamos de vos, o pedir que borremos tu cuenta.',
  viewPage: 'Ver mis datos',
  downloadJson: 'Descargar mis datos (JSON)',
  pageTitle: 'Mis datos personales',
  generatedAt: (when: string) => `Datos al ${when}.`,
  account: 'Cuenta',
  name: 'Nombre',
  email: 'Correo',
  dni: 'DNI',
  phone: 'Teléfono',
  createdAt: 'Cuenta creada',
  verifiedAt: 'Correo verificado',
  notVerified: 'Sin verificar',
  orders: 'Compras',
  orderEvent: 'Evento',
  orderDate: 'Fecha',
  orderStatus: 'Estado',
  orderTotal: 'Total',
  orderRefunded: 'Devuelto',
  tickets: 'Entradas',
  ticketType: 'Tipo',
  ticketHolder: 'Titular',
  ticketEventDate: 'Función',
  transfers: 'Transferencias',
  transferSent: 'Enviada a',
  transferReceived: 'Recibida de',
  queue: 'Lugares en filas virtuales',
  queuePosition: 'Lugar',
  waitlist: 'Listas de espera',
  waitlistQuantity: 'Cantidad',
  consents: 'Consentimientos',
  consentKind: { terms: 'Términos y condiciones', promotions: 'Promociones y novedades' } as Record<string, string>,
  consentGranted: 'Aceptado',
  consentWithdrawn: 'Retirado',
  consentVersion: 'Versión del texto',
  mails: 'Correos que te enviamos',
  mailSubject: 'Asunto',
  none: 'Nada para mostrar.',
  backToProfile: 'Volver a tu perfil',
  promotionsLabel: 'Quiero recibir promociones y novedades',
  promotionsSaveError: 'No se pudo guardar tu preferencia. Probá de nuevo.',
  deletionTitle: 'Borrar mi cuenta',
  deletionIntro:
    'Borramos tu nombre, DNI, correo y teléfono dentro de las 24 horas. Tus compras quedan en las cifras de las productoras bajo un seudónimo, y no vas a poder volver a ingresar.',
  deletionTicketsLegend: 'Tus entradas a eventos futuros',
  deletionRefund: 'Devolvémelas (te reintegramos el dinero)',
  deletionCancel: 'Cancelalas sin devolución',
  deletionConfirm: 'Entiendo que no se puede deshacer',
  deletionSubmit: 'Pedir que borren mi cuenta',
  deletionError: 'No se pudo registrar tu pedido. Probá de nuevo.',
  deletionPending: (due: string) => `Tu pedido está en curso: vamos a borrar tus datos antes del ${due}.`,
  deletionDone: 'Tu cuenta fue borrada.',
  status: {
    held: 'Reservada',
    pending_payment: 'Pago pendiente',
    paid: 'Pagada',
    failed: 'Pago rechazado',
    expired: 'Vencida',
    refunded: 'Devuelta',
    valid: 'Vigente',
    used: 'Usada',
    cancelled: 'Cancelada',
    transferred: 'Transferida',
    pending: 'Pendiente',
    accepted: 'Aceptada',
    waiting: 'Esperando',
    offered: 'Con oferta',
  } as Record<string, string>,
} as const;
