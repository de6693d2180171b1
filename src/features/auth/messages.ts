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
