import { MAIL_ACCOUNTS } from '../../../src/shared/messages/accounts';
import { escapeHtml, paragraph, renderEmail } from './layout';

/** The account e-mails (spec section 1: verification, password reset, change of e-mail). */
export type AccountEmail = { subject: string; html: string; text: string };

/**
 * Mails that go to an address not yet proven to be the account's (verification, a new address, a
 * recovery for an unverified account) greet without the name: whoever registered chose it, and the
 * product must not say words a stranger picked to whoever owns that address.
 */
const anonymousGreeting = () => paragraph(MAIL_ACCOUNTS.greetingAnonymous);

const greeting = (name: string) =>
  paragraph(`Hola, <strong>${escapeHtml(name.trim().split(/\s+/)[0] ?? '')}</strong>:`);

type MailText = { subject: string; title: string; preheader: string; cta?: string; note?: string };

/** A catalogue sentence in two parts with the address, in bold, between them. */
const withAddress = ([before, after]: readonly [string, string], email: string) =>
  `${before}<strong>${escapeHtml(email)}</strong>${after}`;

/** One account mail: its catalogue entry's subject, title and note around the body, and its button to `url`. */
function accountEmail(t: MailText, bodyHtml: string, url?: string): AccountEmail {
  const cta = t.cta && url ? { label: t.cta, url } : undefined;
  return {
    subject: t.subject,
    ...renderEmail({ title: t.title, preheader: t.preheader, bodyHtml, cta, note: t.note }),
  };
}

export function verificationEmail(url: string): AccountEmail {
  const t = MAIL_ACCOUNTS.verify;
  return accountEmail(t, anonymousGreeting() + paragraph(t.body), url);
}

export function recoveryEmail(url: string): AccountEmail {
  const t = MAIL_ACCOUNTS.recovery;
  return accountEmail(t, anonymousGreeting() + paragraph(t.body), url);
}

export function changeEmailEmail(newEmail: string, url: string): AccountEmail {
  const t = MAIL_ACCOUNTS.changeEmail;
  return accountEmail(t, anonymousGreeting() + paragraph(withAddress(t.body, newEmail)), url);
}

/** Sent to the old address once the change is done, so a hijacked account does not go unnoticed. */
export function emailChangedNotice(name: string, newEmail: string): AccountEmail {
  const t = MAIL_ACCOUNTS.emailChanged;
  return accountEmail(t, greeting(name) + paragraph(withAddress(t.body, newEmail)));
}

/**
 * Sent instead of a verification when someone registers with an address that already has an account:
 * the registration answers the same either way, so it never tells a stranger which addresses exist.
 */
export function accountExistsEmail(loginUrl: string): AccountEmail {
  const t = MAIL_ACCOUNTS.accountExists;
  return accountEmail(t, anonymousGreeting() + paragraph(t.body) + paragraph(t.hint), loginUrl);
}
