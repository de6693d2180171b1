import { isDevMode } from '../lib/dev-mode';

/**
 * The mail port: every e-mail the product sends goes through `sendMail`.
 * - DEV_MODE: stored in the development mailbox (D1 table dev_mail), browsable at /dev/correo.
 * - Production: sent through an HTTP e-mail API (Resend's REST API; see docs/operations.md).
 * Either way the address and subject of what was sent go to `mail_log` (the person's "Mis datos").
 */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

/** Absolute links of an HTML message, in order, without repeats. */
export function extractLinks(html: string): string[] {
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  return [...new Set(links)].filter((href) => /^https?:/.test(href));
}

/** A multiple of 3 bytes, so each chunk encodes to base64 without padding and chunks join cleanly. */
const BASE64_CHUNK = 3 * 8192;

/**
 * Base64 of any size in fixed-size chunks: spreading a large array into String.fromCharCode throws
 * (too many arguments) and would copy it whole onto the stack.
 */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += BASE64_CHUNK) {
    const chunk = bytes.subarray(at, at + BASE64_CHUNK);
    let binary = '';
    for (let i = 0; i < chunk.length; i++) binary += String.fromCharCode(chunk[i]);
    parts.push(btoa(binary));
  }
  return parts.join('');
}

/**
 * Addresses under `.invalid` (RFC 6761: never delivered) are the ones deletion and retention leave in place of a
 * person's e-mail (`…@borrado.invalid`). A mail queued to the person before that goes nowhere.
 */
export const isErasedAddress = (to: string) => /\.invalid$/i.test(to.trim());

export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  if (isErasedAddress(message.to)) return;
  await deliver(env, message);
  // Logged once sent (address and subject, never the body): "Mis datos" lists the e-mails a person got. A log
  // failure never fails the mail that already went.
  await env.DB.prepare('insert into mail_log (to_address, subject) values (?, ?)')
    .bind(message.to.toLowerCase(), message.subject)
    .run()
    .catch((err) => console.error('Mail sent but not logged', err));
}

async function deliver(env: Env, message: MailMessage): Promise<void> {
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
    body: mailApiBody(env.MAIL_FROM, message),
  });
  if (!res.ok) throw new Error(`E-mail API answered ${res.status}: ${await res.text()}`);
}

/** The request body of the e-mail API (Resend) for a message, attachments in base64. */
export function mailApiBody(from: string, message: MailMessage): string {
  return JSON.stringify({
    from,
    to: [message.to],
    subject: message.subject,
    html: message.html,
    text: message.text,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      content: toBase64(a.content),
    })),
  });
}
