import { sendMail } from '../../../mail/port';
import {
  accountExistsEmail,
  changeEmailEmail,
  emailChangedNotice,
  recoveryEmail,
  verificationEmail,
} from '../../../mail/templates/accounts';
import { issueAccountToken } from './account-tokens';
import type { UserRow } from './users';

/** An absolute link of the site with `?token=`. */
export function siteLink(env: Env, path: string, token: string): string {
  const url = new URL(path, env.PUBLIC_ORIGIN);
  url.searchParams.set('token', token);
  return url.toString();
}

export async function sendVerificationMail(env: Env, user: UserRow) {
  const token = await issueAccountToken(env.DB, user.id, 'verify_email');
  await sendMail(env, { to: user.email, ...verificationEmail(siteLink(env, '/verify-email', token)) });
}

export async function sendRecoveryMail(env: Env, user: UserRow) {
  const token = await issueAccountToken(env.DB, user.id, 'reset_password');
  await sendMail(env, { to: user.email, ...recoveryEmail(siteLink(env, '/restore-password', token)) });
}

/** The confirmation link goes to the NEW address: the change only happens once that address is proven. */
export async function sendChangeEmailMail(env: Env, user: UserRow, newEmail: string) {
  const token = await issueAccountToken(env.DB, user.id, 'change_email', newEmail);
  await sendMail(env, {
    to: newEmail,
    ...changeEmailEmail(newEmail, siteLink(env, '/verify-change-email', token)),
  });
}

export async function sendEmailChangedNotice(env: Env, user: UserRow, oldEmail: string) {
  await sendMail(env, { to: oldEmail, ...emailChangedNotice(user.name, user.email) });
}

/** To the owner of an address someone tried to register again (no link that changes anything). */
export async function sendAccountExistsMail(env: Env, user: UserRow) {
  await sendMail(env, { to: user.email, ...accountExistsEmail(new URL('/?login=1', env.PUBLIC_ORIGIN).toString()) });
}
