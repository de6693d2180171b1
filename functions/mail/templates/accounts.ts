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

export function verificationEmail(url: string): AccountEmail {
  const t = MAIL_ACCOUNTS.verify;
  return {
    subject: t.subject,
    ...renderEmail({
      title: t.title,
      preheader: t.preheader,
      bodyHtml: anonymousGreeting() + paragraph(t.body),
      cta: { label: t.cta, url },
      note: t.note,
    }),
  };
}

export function recoveryEmail(url: string): AccountEmail {
  const t = MAIL_ACCOUNTS.recovery;
  return {
    subject: t.subject,
    ...renderEmail({
      title: t.title,
      preheader: t.preheader,
      bodyHtml: anonymousGreeting() + paragraph(t.body),
      cta: { label: t.cta, url },
      note: t.note,
    }),
  };
}

export function changeEmailEmail(newEmail: string, url: string): AccountEmail {
  const t = MAIL_ACCOUNTS.changeEmail;
  return {
    subject: t.subject,
    ...renderEmail({
      title: t.title,
      preheader: t.preheader,
      bodyHtml: anonymousGreeting() + paragraph(`${t.body[0]}<strong>${escapeHtml(newEmail)}</strong>${t.body[1]}`),
      cta: { label: t.cta, url },
      note: t.note,
    }),
  };
}

/** Sent to the old address once the change is done, so a hijacked account does not go unnoticed. */
export function emailChangedNotice(name: string, newEmail: string): AccountEmail {
  const t = MAIL_ACCOUNTS.emailChanged;
  return {
    subject: t.subject,
    ...renderEmail({
      title: t.title,
      preheader: t.preheader,
      bodyHtml: greeting(name) + paragraph(`${t.body[0]}<strong>${escapeHtml(newEmail)}</strong>${t.body[1]}`),
    }),
  };
}

/**
 * Sent instead of a verification when someone registers with an address that already has an account:
 * the registration answers the same either way, so it never tells a stranger which addresses exist.
 */
export function accountExistsEmail(loginUrl: string): AccountEmail {
  const t = MAIL_ACCOUNTS.accountExists;
  return {
    subject: t.subject,
    ...renderEmail({
      title: t.title,
      preheader: t.preheader,
      bodyHtml: anonymousGreeting() + paragraph(t.body) + paragraph(t.hint),
      cta: { label: t.cta, url: loginUrl },
      note: t.note,
    }),
  };
}
