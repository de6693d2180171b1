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
