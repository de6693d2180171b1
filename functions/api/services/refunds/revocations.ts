import { MAIL_REVOCATION } from '../../../../src/shared/messages/refunds';
import { REVOCATION_DESK, type RevocationRequest, revocationCode } from '../../../../src/shared/schemas/refunds';
import { sendMail } from '../../../mail/port';

type StoredRequest = RevocationRequest & { code: string };

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Records a request with its identification code (art. 3, Res. 424/2020) before anything is mailed. */
export async function recordRevocation(db: D1Database, request: RevocationRequest): Promise<StoredRequest> {
  const stored = { ...request, code: revocationCode() };
  await db
    .prepare('insert into revocation_requests (code, name, email, dni, order_ref, reason) values (?, ?, ?, ?, ?, ?)')
    .bind(stored.code, stored.name, stored.email, stored.dni, stored.order, stored.reason)
    .run();
  return stored;
}

/** E-mails the code to the buyer and the request to the refunds desk; marks it mailed once both went out. */
export async function mailRevocation(env: Env, r: StoredRequest): Promise<void> {
  const lines = MAIL_REVOCATION.lines(r);
  const html = (intro: string) =>
    `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
  const buyerIntro = MAIL_REVOCATION.buyerIntro(r.order);
  await sendMail(env, {
    to: r.email,
    subject: MAIL_REVOCATION.buyerSubject(r.code),
    html: html(buyerIntro),
    text: `${buyerIntro}\n\n${lines.join('\n')}`,
  });
  await sendMail(env, {
    to: REVOCATION_DESK,
    subject: MAIL_REVOCATION.deskSubject(r.code, r.order),
    html: html(MAIL_REVOCATION.deskIntro),
    text: lines.join('\n'),
  });
  await env.DB.prepare('update revocation_requests set mailed = 1 where code = ?').bind(r.code).run();
}

/** Cron: requests whose e-mails failed at the time are mailed again (each run takes a small batch). */
export async function mailPendingRevocations(env: Env): Promise<void> {
  const { results } = await env.DB.prepare(
    `select code, name, email, dni, order_ref as "order", reason from revocation_requests
     where mailed = 0 and created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 minute')
     order by created_at limit 20`,
  ).all<StoredRequest>();
  for (const request of results) {
    await mailRevocation(env, request).catch((error) => console.error('revocation mail retry failed', error));
  }
}
