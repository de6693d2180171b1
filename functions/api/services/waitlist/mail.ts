import { formatEventDate } from '../../../../src/shared/dates';
import { WAITLIST_MSG } from '../../../../src/shared/messages-promo';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';

/** The offer of freed tickets to a waiting-list entry: a link straight to its checkout. */
export async function sendWaitlistOffer(
  env: Env,
  offer: {
    email: string;
    type_id: number;
    offered_quantity: number | null;
    orderId: string;
    expiresAt: number;
    eventId: number;
  },
) {
  const row = await env.DB.prepare(
    'select e.title, t.name from events e join event_dates d on d.event_id = e.id join ticket_types t on t.event_date_id = d.id where e.id = ? and t.id = ?',
  )
    .bind(offer.eventId, offer.type_id)
    .first<{ title: string; name: string }>();
  const title = row?.title ?? 'el evento';
  const url = `${env.PUBLIC_ORIGIN.replace(/\/$/, '')}/checkout?order=${offer.orderId}`;
  await sendMail(env, {
    to: offer.email,
    subject: WAITLIST_MSG.mailSubject(title),
    ...renderEmail({
      title: WAITLIST_MSG.mailTitle,
      preheader: WAITLIST_MSG.mailSubject(title),
      bodyHtml:
        paragraph(escapeHtml(WAITLIST_MSG.mailBody(offer.offered_quantity ?? 1, row?.name ?? '', title))) +
        paragraph(escapeHtml(WAITLIST_MSG.mailExpiry(formatEventDate(new Date(offer.expiresAt))))),
      cta: { label: WAITLIST_MSG.mailCta, url },
    }),
  });
}
