import { MAIL_TEAM } from '../../../src/shared/messages/team';
import { escapeHtml, paragraph, renderEmail } from './layout';

export type TeamInvitationMail = { producerName: string; roleLabel: string; inviterName: string; acceptUrl: string };

/** The invitation to join a producer's team; the producer's name is data the producer chose, so it is quoted. */
export function teamInvitationEmail(mail: TeamInvitationMail) {
  return {
    subject: MAIL_TEAM.subject,
    ...renderEmail({
      title: MAIL_TEAM.title,
      preheader: MAIL_TEAM.preheader,
      bodyHtml:
        paragraph(
          `${escapeHtml(mail.inviterName)}${MAIL_TEAM.intro[0]}<strong>${escapeHtml(mail.producerName)}</strong>${MAIL_TEAM.intro[1]}<strong>${escapeHtml(mail.roleLabel)}</strong>${MAIL_TEAM.intro[2]}`,
        ) + paragraph(MAIL_TEAM.howTo),
      cta: { label: MAIL_TEAM.cta, url: mail.acceptUrl },
      note: MAIL_TEAM.note,
    }),
  };
}
