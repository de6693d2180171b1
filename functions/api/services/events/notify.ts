import { sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';
import { buyersOfEvent } from './sales';

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
    ? layout('Tu evento fue aprobado', [`"${event.title}" ya está publicado y a la venta en Boletería.`], {
        href: `${origin}/eventos/${event.id}`,
        label: 'Ver el evento',
      })
    : layout(
        'Tu evento necesita cambios',
        [
          `"${event.title}" no fue aprobado por este motivo:`,
          decision.reason,
          'Corregilo y volvé a enviarlo a revisión.',
        ],
        { href: `${origin}/nuevo?id=${event.id}`, label: 'Editar el evento' },
      );
  const subject = decision.approved ? `Evento aprobado: ${event.title}` : `Evento rechazado: ${event.title}`;
  await Promise.all(to.map((address) => sendMail(env, { to: address, subject, ...message })));
}

/** The cancellation notice to every buyer of the event (paid or holding); answers how many were notified. */
export async function notifyCancellation(env: Env, event: { id: number; title: string }, reason: string) {
  const buyers = await buyersOfEvent(env.DB, event.id);
  const subject = `Evento cancelado: ${event.title}`;
  await Promise.all(
    buyers.map((buyer) =>
      sendMail(env, {
        to: buyer.email,
        subject,
        ...layout(
          'Evento cancelado',
          [
            `Hola ${buyer.name}: lamentamos informarte que "${event.title}" fue cancelado por la productora.`,
            ...(reason ? [`Motivo: ${reason}`] : []),
            buyer.paid
              ? 'Te contactaremos para gestionar la devolución del importe de tus entradas.'
              : 'Tu reserva quedó sin efecto y no se te cobró nada. Si un pago llegara a acreditarse, te lo devolvemos completo.',
          ],
          { href: `${env.PUBLIC_ORIGIN}/mis-tickets`, label: 'Ver mis tickets' },
        ),
      }),
    ),
  );
  return buyers.length;
}
