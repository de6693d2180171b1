import { MAIL_TRANSFER } from '../../../src/shared/messages/checkout';
import { escapeHtml, paragraph, renderEmail } from './layout';

/**
 * The offer of a transferred ticket goes to any address a user types, so it must not carry text that
 * user chose (a display name posing as "MercadoPago support") where it reads as
 * Boletería speaking. The sender is named only by their masked account address (verified, since
 * unverified accounts cannot log in), quoted as data; the subject and preheader are fixed.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export type TransferOffer = {
  senderEmail: string;
  eventTitle: string;
  summaryHtml: string;
  acceptUrl: string;
};

export function transferOfferEmail(offer: TransferOffer) {
  const sender = maskEmail(offer.senderEmail);
  return {
    subject: MAIL_TRANSFER.subject,
    ...renderEmail({
      title: MAIL_TRANSFER.title,
      preheader: MAIL_TRANSFER.preheader,
      bodyHtml:
        paragraph(
          `${MAIL_TRANSFER.intro[0]}<strong>${escapeHtml(sender)}</strong>${MAIL_TRANSFER.intro[1]}<strong>${escapeHtml(offer.eventTitle)}</strong>${MAIL_TRANSFER.intro[2]}`,
        ) +
        offer.summaryHtml +
        paragraph(MAIL_TRANSFER.howTo),
      cta: { label: MAIL_TRANSFER.cta, url: offer.acceptUrl },
      note: MAIL_TRANSFER.note,
    }),
  };
}
