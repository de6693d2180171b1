import { escapeHtml, paragraph, renderEmail } from './layout';

/** The account e-mails (spec section 1: verification, password reset, change of e-mail). */
export type AccountEmail = { subject: string; html: string; text: string };

const greeting = (name: string) =>
  paragraph(`Hola, <strong>${escapeHtml(name.trim().split(/\s+/)[0] ?? '')}</strong>:`);

export function verificationEmail(name: string, url: string): AccountEmail {
  return {
    subject: 'Verifique su correo en Boletería',
    ...renderEmail({
      title: 'Confirme su correo',
      preheader: 'Un paso más para activar su cuenta de Boletería.',
      bodyHtml:
        greeting(name) +
        paragraph('Gracias por registrarse en Boletería. Para activar su cuenta, confirme su dirección de correo.'),
      cta: { label: 'Verificar mi correo', url },
      note: 'El enlace vence en 48 horas. Si usted no creó esta cuenta, ignore este mensaje.',
    }),
  };
}

export function recoveryEmail(name: string, url: string): AccountEmail {
  return {
    subject: 'Restablezca su contraseña de Boletería',
    ...renderEmail({
      title: 'Restablecer contraseña',
      preheader: 'Recibimos un pedido para cambiar su contraseña.',
      bodyHtml:
        greeting(name) +
        paragraph(
          'Recibimos un pedido para restablecer la contraseña de su cuenta. Elija una nueva desde este enlace.',
        ),
      cta: { label: 'Elegir una nueva contraseña', url },
      note: 'El enlace vence en 1 hora y sirve una sola vez. Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
    }),
  };
}

export function changeEmailEmail(name: string, newEmail: string, url: string): AccountEmail {
  return {
    subject: 'Confirme su nuevo correo en Boletería',
    ...renderEmail({
      title: 'Confirme su nuevo correo',
      preheader: 'Confirme el cambio de correo de su cuenta.',
      bodyHtml:
        greeting(name) +
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
