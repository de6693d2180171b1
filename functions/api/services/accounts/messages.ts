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
