import { env } from 'cloudflare:test';
import { expect } from 'vitest';

/** A message as the dev mailbox (`dev_mail`) keeps it; `links` is the JSON list of the links it carries. */
export type Mail = { to_address: string; subject: string; html: string; text: string; links: string };

/**
 * Messages the dev mailbox holds for an address, newest first. Waits briefly (about a second) until there
 * are `atLeast` of them, for sends made in the background; pass 0 to read what is there now.
 */
export async function mailsTo(address: string, atLeast = 1): Promise<Mail[]> {
  for (let i = 0; i < 50; i++) {
    const { results } = await env.DB.prepare('select * from dev_mail where to_address = ? order by id desc')
      .bind(address.toLowerCase())
      .all<Mail>();
    if (results.length >= atLeast || atLeast === 0) return results;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
}

/** The `token` of the first link in a mail that points at `path`. */
export function tokenIn(mail: Mail, path: string): string {
  const link = (JSON.parse(mail.links) as string[]).find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in ${mail.links}`);
  expect(link.startsWith(`${env.PUBLIC_ORIGIN}${path}?token=`)).toBe(true);
  return new URL(link).searchParams.get('token') ?? '';
}
