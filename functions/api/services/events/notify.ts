import { MAIL_MODERATION } from '../../../../src/shared/messages/events';
import { MAIL_CANCELLATION } from '../../../../src/shared/messages/refunds';
import { formatMoney } from '../../../../src/shared/money';
import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';
import { type Buyer, buyersOfEvent } from './sales';

/** One message in the platform's e-mail look (functions/mail/templates/layout.ts). */
function layout(title: string, paragraphs: string[], link?: { href: string; label: string }) {
  return renderEmail({
    title,
    preheader: paragraphs[0] ?? title,
    bodyHtml: paragraphs.map((p) => paragraph(escapeHtml(p))).join(''),
    ...(link ? { cta: { label: link.label, url: link.href } } : {}),
  });
}

/** Who hears about a producer's event: the event's creator and the producer's admins and contact address. */
async function producerRecipients(db: D1Database, eventId: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `select u.email from events e join users u on u.id = e.created_by where e.id = ?1
       union select u.email from events e join producer_members m on m.producer_id = e.producer_id and m.role = 'ADMIN'
         join users u on u.id = m.user_id where e.id = ?1
       union select p.contact_email from events e join producers p on p.id = e.producer_id
         where e.id = ?1 and p.contact_email is not null`,
    )
    .bind(eventId)
    .all<{ email: string }>();
  return [...new Set(results.map((r) => r.email.toLowerCase()))];
}

export async function notifyModeration(
  env: Env,
  event: { id: number; title: string },
  decision: { approved: true } | { approved: false; reason: string },
) {
  const to = await producerRecipients(env.DB, event.id);
  const origin = env.PUBLIC_ORIGIN;
  const message = decision.approved
    ? layout(MAIL_MODERATION.approved.title, MAIL_MODERATION.approved.body(event.title), {
        href: `${origin}/eventos/${event.id}`,
        label: MAIL_MODERATION.approved.cta,
      })
    : layout(MAIL_MODERATION.rejected.title, MAIL_MODERATION.rejected.body(event.title, decision.reason), {
        href: `${origin}/nuevo?id=${event.id}`,
        label: MAIL_MODERATION.rejected.cta,
      });
  const subject = decision.approved
    ? MAIL_MODERATION.approved.subject(event.title)
    : MAIL_MODERATION.rejected.subject(event.title);
  await Promise.all(to.map((address) => sendMail(env, { to: address, subject, ...message })));
}

/** What the buyer gets back and how (services/events/cancellation.ts refunds every paid order). */
function refundLines(buyer: Buyer): string[] {
  if (!buyer.paid) return [MAIL_CANCELLATION.unpaid];
  const lines = [
    ...(buyer.online_cents > 0 ? [MAIL_CANCELLATION.paid(formatMoney(buyer.online_cents))] : []),
    ...(buyer.cash_cents > 0 ? [MAIL_CANCELLATION.cash(formatMoney(buyer.cash_cents))] : []),
  ];
  return lines.length > 0 ? lines : [MAIL_CANCELLATION.free];
}

/** The cancellation notice to every buyer of the event (paid or holding); answers how many were notified. */
export async function notifyCancellation(env: Env, event: { id: number; title: string }, reason: string) {
  const buyers = await buyersOfEvent(env.DB, event.id);
  const subject = MAIL_CANCELLATION.subject(event.title);
  await Promise.all(
    buyers.map((buyer) =>
      sendMail(env, {
        to: buyer.email,
        subject,
        ...layout(
          MAIL_CANCELLATION.title,
          [
            MAIL_CANCELLATION.greeting(buyer.name, event.title),
            ...(reason ? [MAIL_CANCELLATION.reason(reason)] : []),
            ...refundLines(buyer),
          ],
          { href: `${env.PUBLIC_ORIGIN}/mis-tickets`, label: MAIL_CANCELLATION.cta },
        ),
      }),
    ),
  );
  return buyers.length;
}
