import { escapeHtml, paragraph, renderEmail } from './layout';

/**
 * The offer of a transferred ticket goes to any address a user types, so it must not carry text that
 * user chose (a display name like "Soporte MercadoPago: verifique su cuenta…") where it reads as
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
    subject: 'Te transfirieron una entrada en Boletería',
    ...renderEmail({
      title: 'Te transfirieron una entrada',
      preheader: 'Una entrada te espera en Boletería.',
      bodyHtml:
        paragraph(
          `Una persona con la cuenta <strong>${escapeHtml(sender)}</strong> te transfiere una entrada para <strong>${escapeHtml(offer.eventTitle)}</strong>.`,
        ) +
        offer.summaryHtml +
        paragraph('Para recibirla, ingresá con una cuenta de Boletería con este correo y aceptala.'),
      cta: { label: 'Aceptar la entrada', url: offer.acceptUrl },
      note: 'Hasta que la aceptes, la entrada sigue siendo de quien la envía. Si no la esperabas, ignorá este mensaje: Boletería nunca te pide claves ni pagos por correo.',
    }),
  };
}
