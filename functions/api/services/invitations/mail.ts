import { INVITATION_LABEL, MAIL_INVITATION } from '../../../../src/shared/messages/invitations';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { type TicketDetail, ticketsOfOrder } from '../checkout/ticket-list';
import { printable, summaryTable, ticketBlock } from '../checkout/ticket-mail';
import { ticketsPdf } from '../checkout/ticket-pdf';

/**
 * The invitation e-mail as a retried job (guest_invitations.mail_*), like the purchase e-mail: an issued or
 * resent invitation is 'pending', it is tried at once in the background, and the cron job sends what was
 * not reached (a large file), failed or was interrupted. Each send makes a new link token.
 */

/** Minutes to wait after the n-th failed try; after the last one the invitation's mail is 'failed'. */
const RETRY_AFTER_MINUTES = [1, 5, 15, 60, 180];
/** A 'sending' claim older than this was interrupted (the isolate died): another try takes it over. */
const CLAIM_MINUTES = 5;
/** E-mails per cron run (each builds a PDF). */
const PER_RUN = 10;

const minutesFrom = (at: number, minutes: number) => new Date(at + minutes * 60_000).toISOString();

/** Where the e-mail's button leads: records that the invitation was opened, then shows /mis-tickets. */
export const invitationOpenUrl = (origin: string, token: string) =>
  `${origin}/api/v1/invitations/open/${encodeURIComponent(token)}`;

type Claimed = { id: string; order_id: string; name: string; email: string; mail_attempts: number };

/** Sends an invitation's e-mail if it is due and nobody else is sending it. Answers what happened. */
export async function deliverInvitationMail(env: Env, id: string, at = Date.now()): Promise<string> {
  const now = new Date(at).toISOString();
  const token = randomToken(24);
  const claimed = await env.DB.prepare(
    `update guest_invitations set mail_status = 'sending', mail_at = ?1, mail_attempts = mail_attempts + 1,
       open_token_hash = ?4
     where id = ?2 and status = 'active' and (
       (mail_status = 'pending' and (mail_at is null or mail_at <= ?1))
       or (mail_status = 'sending' and mail_at <= ?3))
     returning id, order_id, name, email, mail_attempts`,
  )
    .bind(now, id, minutesFrom(at, -CLAIM_MINUTES), await sha256Hex(token))
    .first<Claimed>();
  if (!claimed) return 'not_due';
  try {
    await sendInvitationMail(env, claimed, token);
  } catch (err) {
    const wait = RETRY_AFTER_MINUTES[claimed.mail_attempts - 1];
    console.error(`Invitation e-mail ${id} failed (try ${claimed.mail_attempts})`, err);
    await env.DB.prepare(
      "update guest_invitations set mail_status = ?, mail_at = ? where id = ? and mail_status = 'sending'",
    )
      .bind(wait === undefined ? 'failed' : 'pending', wait === undefined ? now : minutesFrom(at, wait), id)
      .run();
    return wait === undefined ? 'failed' : 'retry';
  }
  await env.DB.prepare(
    `update guest_invitations set mail_status = 'sent', mail_at = ?1, sent_count = sent_count + 1, last_sent_at = ?1
     where id = ?2 and mail_status = 'sending'`,
  )
    .bind(now, id)
    .run();
  return 'sent';
}

/** Sends, one after another, the e-mails of invitations just issued or resent (background work). */
export async function deliverInvitationMails(env: Env, ids: string[]) {
  for (const id of ids) await deliverInvitationMail(env, id);
}

/** Cron: the invitation e-mails that are due (not reached yet, failed tries, interrupted sends), a few per run. */
export async function retryInvitationMails(env: Env, at = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    `select id from guest_invitations where
       (mail_status = 'pending' and (mail_at is null or mail_at <= ?1))
       or (mail_status = 'sending' and mail_at <= ?2)
     order by mail_at limit ?3`,
  )
    .bind(new Date(at).toISOString(), minutesFrom(at, -CLAIM_MINUTES), PER_RUN)
    .all<{ id: string }>();
  let sent = 0;
  for (const { id } of results) if ((await deliverInvitationMail(env, id, at)) === 'sent') sent++;
  return sent;
}

/**
 * The e-mail itself: one QR per ticket (marked "Invitación"), the tickets as a PDF, and a button that
 * records the opening. The QR codes work at the door at once; the tickets appear in /mis-tickets once the
 * guest has an account with this verified e-mail.
 */
const seatRows = (tickets: TicketDetail[]): [string, string][] => {
  const seats = tickets.flatMap((t) => (t.seat_label ? [t.seat_label] : []));
  return seats.length > 0 ? [[MAIL_INVITATION.seatsRow(seats.length), seats.join(' · ')]] : [];
};

async function sendInvitationMail(env: Env, invitation: Claimed, token: string): Promise<void> {
  const tickets = (await ticketsOfOrder(env, invitation.order_id)).map((t) => ({
    ...t,
    type_name: `${INVITATION_LABEL} · ${t.type_name}`,
  }));
  if (tickets.length === 0) return;
  const title = tickets[0].event_title;
  const rendered = renderEmail({
    title: MAIL_INVITATION.title,
    preheader: MAIL_INVITATION.preheader(title),
    bodyHtml:
      paragraph(`Hola, <strong>${escapeHtml(invitation.name.split(/\s+/)[0] ?? '')}</strong>:`) +
      paragraph(`${MAIL_INVITATION.intro[0]}<strong>${escapeHtml(title)}</strong>${MAIL_INVITATION.intro[1]}`) +
      summaryTable([
        [MAIL_INVITATION.ticketsRow, `${tickets.length} × ${INVITATION_LABEL} · ${tickets[0].ticket_type_name}`],
        // A seated invitation says its seats up front (each QR below names its own too).
        ...seatRows(tickets),
        [MAIL_INVITATION.totalRow, MAIL_INVITATION.free],
      ]) +
      tickets.map(ticketBlock).join('') +
      paragraph(MAIL_INVITATION.hint),
    cta: { label: MAIL_INVITATION.cta, url: invitationOpenUrl(env.PUBLIC_ORIGIN, token) },
  });
  await sendMail(env, {
    to: invitation.email,
    subject: MAIL_INVITATION.subject(INVITATION_LABEL, title),
    ...rendered,
    attachments: [
      {
        filename: MAIL_INVITATION.attachment,
        contentType: 'application/pdf',
        content: await ticketsPdf(printable(tickets)),
      },
    ],
  });
}
