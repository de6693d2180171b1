import { sendMail } from '../../../mail/port';
import { buyersOfEvent } from './sales';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain, dark-on-light e-mail body with one call to action. */
function layout(title: string, paragraphs: string[], link?: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('');
  const button = link
    ? `<p style="margin:20px 0"><a href="${escapeHtml(link.href)}" style="background:#d946ef;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f4f4f7;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:24px;color:#1f1f2e">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}
<p style="color:#777;font-size:12px;margin-top:24px">Boletería</p></div></body></html>`;
  const text = [title, '', ...paragraphs, ...(link ? ['', `${link.label}: ${link.href}`] : [])].join('\n');
  return { html, text };
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

/** The cancellation notice to every buyer of the event; answers how many were notified. */
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
            'Te contactaremos para gestionar la devolución del importe de tus entradas.',
          ],
          { href: `${env.PUBLIC_ORIGIN}/mis-tickets`, label: 'Ver mis tickets' },
        ),
      }),
    ),
  );
  return buyers.length;
}
