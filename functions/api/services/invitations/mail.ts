import { INVITATION_LABEL } from '../../../../src/shared/schemas/invitations';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';
import { ticketsOfOrder } from '../tickets/list';
import { printable, summaryTable, ticketBlock } from '../tickets/mail';
import { ticketsPdf } from '../tickets/pdf';

type InvitationMailRow = { order_id: string; name: string; email: string; tag: string; status: string };

/** Where the e-mail's button leads: records that the invitation was opened, then shows /mis-tickets. */
export const invitationOpenUrl = (origin: string, token: string) =>
  `${origin}/api/v1/invitations/open/${encodeURIComponent(token)}`;

/**
 * The invitation e-mail: one QR per ticket (marked "Invitación"), the tickets as a PDF, and a button that
 * records the opening. The QR codes work at the door at once; the tickets appear in /mis-tickets once the
 * guest has an account with this verified e-mail.
 */
export async function sendInvitationMail(env: Env, invitationId: string, token: string): Promise<void> {
  const invitation = await env.DB.prepare(
    'select order_id, name, email, tag, status from guest_invitations where id = ?',
  )
    .bind(invitationId)
    .first<InvitationMailRow>();
  if (invitation?.status !== 'sent') return;
  const tickets = (await ticketsOfOrder(env, invitation.order_id)).map((t) => ({
    ...t,
    type_name: `${INVITATION_LABEL} · ${t.type_name}`,
  }));
  if (tickets.length === 0) return;
  const title = tickets[0].event_title;
  const rendered = renderEmail({
    title: 'Tenés una invitación',
    preheader: `Tus entradas de cortesía para ${title}.`,
    bodyHtml:
      paragraph(`Hola, <strong>${escapeHtml(invitation.name.split(/\s+/)[0] ?? '')}</strong>:`) +
      paragraph(`Te invitamos a <strong>${escapeHtml(title)}</strong>. Estas entradas son sin cargo.`) +
      summaryTable([
        ['Entradas', `${tickets.length} × ${tickets[0].type_name}`],
        ['Total', 'Sin cargo'],
      ]) +
      tickets.map(ticketBlock).join('') +
      paragraph(
        'También las adjuntamos en PDF. Mostrá el código QR en el ingreso: cada código sirve una sola vez. ' +
          'Para verlas en Mis tickets, registrate (o ingresá) con este mismo correo y verificalo.',
      ),
    cta: { label: 'Ver mi invitación', url: invitationOpenUrl(env.PUBLIC_ORIGIN, token) },
  });
  await sendMail(env, {
    to: invitation.email,
    subject: `${INVITATION_LABEL}: tus entradas para ${title}`,
    ...rendered,
    attachments: [
      { filename: 'invitacion.pdf', contentType: 'application/pdf', content: await ticketsPdf(printable(tickets)) },
    ],
  });
}
