import type { APIRequestContext } from '@playwright/test';

export type Mail = { to: string; subject: string; html: string; text: string; links: string[]; created_at: string };

/** Waits for the newest message to `to` whose subject matches, from the development mailbox. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await request.get(`/dev/correo.json?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as Mail[];
    const mail = mails.find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
