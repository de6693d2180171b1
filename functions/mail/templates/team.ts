import { escapeHtml, paragraph, renderEmail } from './layout';

export type TeamInvitationMail = { producerName: string; roleLabel: string; inviterName: string; acceptUrl: string };

/** The invitation to join a producer's team; the producer's name is data the producer chose, so it is quoted. */
export function teamInvitationEmail(mail: TeamInvitationMail) {
  return {
    subject: 'Te invitaron a sumarte a un equipo en Boletería',
    ...renderEmail({
      title: 'Te invitaron a un equipo',
      preheader: 'Aceptá la invitación para empezar.',
      bodyHtml:
        paragraph(
          `${escapeHtml(mail.inviterName)} te invitó a sumarte al equipo de <strong>${escapeHtml(mail.producerName)}</strong> con el rol <strong>${escapeHtml(mail.roleLabel)}</strong>.`,
        ) +
        paragraph(
          'Para aceptar, ingresá con una cuenta de Boletería con este correo. Si todavía no tenés cuenta, creala con este mismo correo desde el enlace.',
        ),
      cta: { label: 'Aceptar la invitación', url: mail.acceptUrl },
      note: 'La invitación vence en 7 días. Si no la esperabas, ignorá este mensaje.',
    }),
  };
}
