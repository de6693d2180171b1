import { sendMail } from '../../../mail/port';
import { transferOfferEmail } from '../../../mail/templates/transfer';
import { type TicketDetail, venueLine, whenLine } from './ticket-list';
import { summaryTable } from './ticket-mail';

/** The offer of a transferred ticket, to the address the owner typed (see templates/transfer.ts). */
export async function sendTransferOffer(
  env: Env,
  to: string,
  senderEmail: string,
  ticket: TicketDetail,
  token: string,
) {
  const acceptUrl = `${env.PUBLIC_ORIGIN}/tickets/transfer?token=${encodeURIComponent(token)}`;
  const summaryHtml = summaryTable([
    ['Entrada', ticket.type_name],
    ['Fecha', whenLine(ticket)],
    ['Lugar', venueLine(ticket)],
  ]);
  await sendMail(env, {
    to,
    ...transferOfferEmail({ senderEmail, eventTitle: ticket.event_title, summaryHtml, acceptUrl }),
  });
}
