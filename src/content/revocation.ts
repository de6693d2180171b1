import { SHELL_TEXT, SPEC_LABEL } from '../shared/messages/common';

/**
 * The words of /arrepentimiento (Botón de arrepentimiento, Resolución 424/2020), in voseo: the buyer's rights,
 * the form and its answer. The validation texts are the catalogue's (MSG, RevocationRequestSchema).
 */
export const REVOCATION_PAGE = {
  title: SHELL_TEXT.withdrawal,
  description: 'Revocá tu compra dentro de los 10 días corridos, sin costo (Ley 24.240, art. 34; Resolución 424/2020).',
  kicker: 'RESOLUCIÓN 424/2020',
  heading: SHELL_TEXT.withdrawal,
  /** "Tenés <strong>10 días corridos</strong> desde la compra…" */
  rights: [
    'Tenés ',
    '10 días corridos',
    ' desde la compra para revocarla, sin costo y sin dar explicaciones (artículo 34 de la Ley 24.240 y artículo 1110 del Código Civil y Comercial).',
  ],
  steps: {
    mail: 'Te enviamos por correo el código de tu solicitud dentro de las 24 horas.',
    refund: 'Te devolvemos el total pagado, cargo por servicio incluido, por el mismo medio de pago.',
    tickets: 'Las entradas de la orden se anulan y su QR deja de ser válido.',
    soon: 'Si la función es antes de que venzan los 10 días, pedilo antes de que empiece.',
  },
  moreIn: 'Más detalles en la ',
  refundPolicy: SPEC_LABEL.refunds,
  received: 'Recibimos tu solicitud',
  codeIs: 'El código de identificación de tu solicitud es:',
  /** "También te lo enviamos a <strong>{email}</strong>. Guardalo para cualquier consulta." */
  alsoSent: ['También te lo enviamos a ', '. Guardalo para cualquier consulta.'],
  formHeading: 'Pedir la revocación',
  failed: (desk: string) =>
    `No pudimos registrar la solicitud. Intentá de nuevo en unos minutos o escribinos a ${desk}.`,
  fields: {
    name: 'Nombre y apellido',
    email: 'Correo electrónico',
    dni: 'DNI (sin puntos)',
    order: 'Número de orden',
  },
  reason: 'Motivo (opcional)',
  submit: 'Enviar solicitud de arrepentimiento',
} as const;
