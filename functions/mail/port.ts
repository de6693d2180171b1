/**
 * The mail port: every e-mail the product sends goes through `sendMail`.
 * - DEV_MODE: stored in the development mailbox (D1 table dev_mail), browsable at /dev/correo.
 * - Production: sent through an HTTP e-mail API (Resend's REST API; see docs/operations.md).
 */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

export const isDevMode = (env: Env) => env.DEV_MODE === '1';

/** Absolute links of an HTML message, in order, without repeats. */
export function extractLinks(html: string): string[] {
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  return [...new Set(links)].filter((href) => /^https?:/.test(href));
}

export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  if (isDevMode(env)) {
    await env.DB.prepare('insert into dev_mail (to_address, subject, html, text, links) values (?, ?, ?, ?, ?)')
      .bind(
        message.to.toLowerCase(),
        message.subject,
        message.html,
        message.text,
        JSON.stringify(extractLinks(message.html)),
      )
      .run();
    return;
  }
  if (!env.MAIL_API_KEY) throw new Error('MAIL_API_KEY is not configured: e-mail cannot be sent');
  const res = await fetch('https://api.resend.com/emails', {
    method: 'POST',
    headers: { authorization: `Bearer ${env.MAIL_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      from: env.MAIL_FROM,
      to: [message.to],
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        content: btoa(String.fromCharCode(...a.content)),
      })),
    }),
  });
  if (!res.ok) throw new Error(`E-mail API answered ${res.status}: ${await res.text()}`);
}
