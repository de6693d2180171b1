import { escapeHtml, paragraph, renderEmail } from './layout';

/** The account e-mails (spec section 1: verification, password reset, change of e-mail). */
export type AccountEmail = { subject: string; html: string; text: string };

/**
 * Mails that go to an address not yet proven to be the account's (verification, a new address, a
 * recovery for an unverified account) greet without the name: whoever registered chose it, and the
 * product must not say words a stranger picked to whoever owns that address.
 */
const anonymousGreeting = () => paragraph('Hola:');

const greeting = (name: string) =>
  paragraph(`Hola, <strong>${escapeHtml(name.trim().split(/\s+/)[0] ?? '')}</strong>:`);

export function verificationEmail(url: string): AccountEmail {
  return {
    subject: 'Verifique su correo en Boletería',
    ...renderEmail({
      title: 'Confirme su correo',
      preheader: 'Un paso más para activar su cuenta de Boletería.',
      bodyHtml:
        anonymousGreeting() +
        paragraph('Gracias por registrarse en Boletería. Para activar su cuenta, confirme su dirección de correo.'),
      cta: { label: 'Verificar mi correo', url },
      note: 'El enlace vence en 48 horas. Si usted no creó esta cuenta, ignore este mensaje.',
    }),
  };
}

export function recoveryEmail(url: string): AccountEmail {
  return {
    subject: 'Restablezca su contraseña de Boletería',
    ...renderEmail({
      title: 'Restablecer contraseña',
      preheader: 'Recibimos un pedido para cambiar su contraseña.',
      bodyHtml:
        anonymousGreeting() +
        paragraph(
          'Recibimos un pedido para restablecer la contraseña de su cuenta. Elija una nueva desde este enlace.',
        ),
      cta: { label: 'Elegir una nueva contraseña', url },
      note: 'El enlace vence en 1 hora y sirve una sola vez. Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
    }),
  };
}

export function changeEmailEmail(newEmail: string, url: string): AccountEmail {
  return {
    subject: 'Confirme su nuevo correo en Boletería',
    ...renderEmail({
      title: 'Confirme su nuevo correo',
      preheader: 'Confirme el cambio de correo de su cuenta.',
      bodyHtml:
        anonymousGreeting() +
        paragraph(
          `Pidió usar <strong>${escapeHtml(newEmail)}</strong> como correo de su cuenta de Boletería. Confírmelo desde este enlace.`,
        ),
      cta: { label: 'Confirmar nuevo correo', url },
      note: 'El enlace vence en 24 horas. Hasta que lo confirme, su cuenta sigue usando el correo anterior.',
    }),
  };
}

/** Sent to the old address once the change is done, so a hijacked account does not go unnoticed. */
export function emailChangedNotice(name: string, newEmail: string): AccountEmail {
  return {
    subject: 'El correo de su cuenta de Boletería cambió',
    ...renderEmail({
      title: 'Su correo cambió',
      preheader: 'El correo de su cuenta de Boletería fue actualizado.',
      bodyHtml:
        greeting(name) +
        paragraph(
          `El correo de su cuenta ahora es <strong>${escapeHtml(newEmail)}</strong>. Si usted no hizo este cambio, escríbanos cuanto antes desde el Centro de Ayuda.`,
        ),
    }),
  };
}

/**
 * Sent instead of a verification when someone registers with an address that already has an account:
 * the registration answers the same either way, so it never tells a stranger which addresses exist.
 */
export function accountExistsEmail(loginUrl: string): AccountEmail {
  return {
    subject: 'Alguien intentó registrarse con tu correo en Boletería',
    ...renderEmail({
      title: 'Ya tenés una cuenta',
      preheader: 'Alguien intentó crear una cuenta nueva con este correo.',
      bodyHtml:
        anonymousGreeting() +
        paragraph(
          'Alguien intentó crear una cuenta de Boletería con este correo, que ya tiene una. No creamos otra cuenta ni cambiamos nada de la tuya.',
        ) +
        paragraph(
          'Si fuiste vos, ingresá con tu contraseña. Si no la recordás, elegí "Olvide mi contraseña" al ingresar para restablecerla.',
        ),
      cta: { label: 'Ingresar', url: loginUrl },
      note: 'Si no fuiste vos, ignorá este mensaje: tu cuenta sigue igual.',
    }),
  };
}
