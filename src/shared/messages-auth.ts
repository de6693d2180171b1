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
