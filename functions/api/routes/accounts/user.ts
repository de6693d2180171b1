import { Hono } from 'hono';
import { ACCOUNT_MSG } from '../../../../src/shared/messages/accounts';
import { MSG } from '../../../../src/shared/messages/common';
import {
  ChangeEmailSchema,
  PasswordResetByTokenSchema,
  PasswordUpdateSchema,
  ProfileUpdateSchema,
  SecurePasswordChangeSchema,
  TokenQuerySchema,
  UserQuerySchema,
} from '../../../../src/shared/schemas/accounts';
import { type AccessEnv, authenticated, publicRoute } from '../../lib/access';
import { fail } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { clientAddress, throttle, throttleLogin } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { consumeAccountToken, pendingEmailChange, pendingEmailOf } from '../../services/accounts/account-tokens';
import { sendChangeEmailMail, sendEmailChangedNotice } from '../../services/accounts/mails';
import { jsonBody, parseOrFail } from '../../services/accounts/parse';
import { resetPassword, setPassword } from '../../services/accounts/passwords';
import { revokeAllSessions } from '../../services/accounts/session-tokens';
import {
  changeEmail,
  countryExists,
  findUserByEmail,
  findUserById,
  provinceExists,
  publicUser,
  updateProfile,
} from '../../services/accounts/users';

type UserEnv = AccessEnv;

/** The caller's current row (not the token's claims, which may be minutes old); 401 when gone or inactive. */
async function callerOf(db: D1Database, id: number) {
  const caller = await findUserById(db, id);
  if (caller?.activo !== 1) fail(401, MSG.sessionExpired);
  return caller;
}

/** The user a caller acts on: themselves, or anyone for a SUPERADMIN; 403 otherwise, 404 when missing. */
async function targetOf(db: D1Database, callerId: number, targetId: number | undefined) {
  const caller = await callerOf(db, callerId);
  if (targetId === undefined || targetId === caller.id) return { caller, target: caller };
  if (caller.rol !== 'SUPERADMIN') fail(403, ACCOUNT_MSG.forbidden);
  const target = await findUserById(db, targetId);
  if (!target) fail(404, ACCOUNT_MSG.userNotFound);
  return { caller, target };
}

/** Sends (or resends) the link that confirms a new address, after checking the address is free. */
async function requestEmailChange(env: Env, callerId: number, newEmail: string, resend: boolean) {
  await throttle(env, [['changeEmailUser', String(callerId)]]);
  const caller = await callerOf(env.DB, callerId);
  if (caller.email.toLowerCase() === newEmail) fail(400, ACCOUNT_MSG.emailUnchanged);
  if (resend && !(await pendingEmailChange(env.DB, caller.id, newEmail))) fail(404, ACCOUNT_MSG.noPendingChange);
  if (await findUserByEmail(env.DB, newEmail)) fail(409, ACCOUNT_MSG.emailTaken);
  await sendChangeEmailMail(env, caller, newEmail);
  return { status: true, message: ACCOUNT_MSG.changeEmailSent, data: { new_email: newEmail } };
}

/** Profile, password changes and e-mail change (spec section 7). */
export const user = new Hono<UserEnv>()
  .get('/user', authenticated('session'), validate('query', UserQuerySchema), async (c) => {
    const { target } = await targetOf(c.env.DB, c.var.session.user.id, c.req.valid('query').id);
    const pending_email = await pendingEmailOf(c.env.DB, target.id);
    return c.json({ status: true, data: { ...publicUser(target), pending_email } });
  })

  .put('/user', authenticated('session'), validate('json', ProfileUpdateSchema), async (c) => {
    const input = c.req.valid('json');
    const { target } = await targetOf(c.env.DB, c.var.session.user.id, input.id);
    if (input.pais_id != null && !(await countryExists(c.env.DB, input.pais_id)))
      fail(400, ACCOUNT_MSG.countryUnknown, { pais_id: [ACCOUNT_MSG.countryUnknown] });
    if (input.provinces_id != null && !(await provinceExists(c.env.DB, input.provinces_id, input.pais_id)))
      fail(400, ACCOUNT_MSG.provinceUnknown, { provinces_id: [ACCOUNT_MSG.provinceUnknown] });
    await updateProfile(c.env.DB, target, input);
    const updated = await findUserById(c.env.DB, target.id);
    return c.json({ status: true, message: ACCOUNT_MSG.profileUpdated, data: updated && publicUser(updated) });
  })

  /**
   * Three variants, told apart by their fields: the secure change (`new_password`: current password
   * required), the reset with the e-mailed `token`, and a SUPERADMIN setting another user's password.
   */
  .put('/password', publicRoute('optional-session'), async (c) => {
    const body = await jsonBody(c.req);
    const fields = typeof body === 'object' && body !== null ? body : {};
    const session = c.var.session;

    if ('token' in fields) {
      const input = parseOrFail(PasswordResetByTokenSchema, body);
      const user = await resetPassword(c.env, input.token, input.password, input.user_id);
      return c.json({ status: true, message: MSG.resetSuccess, data: publicUser(user) });
    }
    if (!session) fail(401, MSG.sessionExpired);

    if ('new_password' in fields) {
      const input = parseOrFail(SecurePasswordChangeSchema, body);
      const { caller, target } = await targetOf(c.env.DB, session.user.id, input.user_id);
      // The caller re-authenticates with their own current password (a SUPERADMIN with theirs). Wrong
      // guesses count as failed logins, so a stolen access token cannot brute-force the password here.
      const attempt = await throttleLogin(c.env, caller.email, clientAddress(c));
      if (!(await verifyPassword(input.password, caller.password_hash)))
        fail(400, ACCOUNT_MSG.currentPasswordWrong, { password: [ACCOUNT_MSG.currentPasswordWrong] });
      await attempt.release();
      await setPassword(c.env.DB, target.id, input.new_password);
      // Someone else's password changed by a SUPERADMIN: their open sessions end.
      if (target.id !== caller.id) {
        await revokeAllSessions(c.env, target.id);
      }
      return c.json({ status: true, message: MSG.passwordChangeSuccess });
    }

    const input = parseOrFail(PasswordUpdateSchema, body);
    const { caller, target } = await targetOf(c.env.DB, session.user.id, input.user_id);
    if (target.id === caller.id) fail(400, ACCOUNT_MSG.useSecureChange);
    await setPassword(c.env.DB, target.id, input.password);
    await revokeAllSessions(c.env, target.id);
    return c.json({ status: true, message: MSG.passwordChangeSuccess });
  })

  .post('/change-email', authenticated('session'), validate('json', ChangeEmailSchema), async (c) =>
    c.json(await requestEmailChange(c.env, c.var.session.user.id, c.req.valid('json').new_email, false)),
  )

  .post('/resend-change-email', authenticated('session'), validate('json', ChangeEmailSchema), async (c) =>
    c.json(await requestEmailChange(c.env, c.var.session.user.id, c.req.valid('json').new_email, true)),
  )

  .get('/verify-change-email', publicRoute(), validate('query', TokenQuerySchema), async (c) => {
    const used = await consumeAccountToken(c.env.DB, c.req.valid('query').token, 'change_email');
    const before = used?.new_email ? await findUserById(c.env.DB, used.user_id) : null;
    if (!used?.new_email || !before) fail(400, ACCOUNT_MSG.changeEmailInvalid);
    // Taken in the meantime by a registration.
    if (!(await changeEmail(c.env.DB, used.user_id, used.new_email))) fail(409, ACCOUNT_MSG.emailTaken);
    const after = await findUserById(c.env.DB, used.user_id);
    if (after) await sendEmailChangedNotice(c.env, after, before.email);
    return c.json({ status: true, message: ACCOUNT_MSG.emailChanged, data: after && publicUser(after) });
  });
