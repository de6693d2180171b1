import { Hono } from 'hono';
import { ACCOUNT_MSG } from '../../../../src/shared/messages/accounts';
import { MSG } from '../../../../src/shared/messages/common';
import {
  ChangePendingEmailSchema,
  LoginSchema,
  LogoutSchema,
  RegisterSchema,
  ResetPasswordSchema,
  RestoreSchema,
  TokenQuerySchema,
} from '../../../../src/shared/schemas/accounts';
import { type AccessEnv, publicRoute } from '../../lib/access';
import { fail } from '../../lib/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { clientAddress, throttle, throttleLogin, tryConsume } from '../../lib/throttle';
import { validate } from '../../lib/validate';
import { revokeAccessToken } from '../../services/accounts/access-revocation';
import { consumeAccountToken } from '../../services/accounts/account-tokens';
import { sendAccountExistsMail, sendRecoveryMail, sendVerificationMail } from '../../services/accounts/mails';
import { resetPassword } from '../../services/accounts/passwords';
import { endSession, rotateRefreshToken, startSession } from '../../services/accounts/session-tokens';
import {
  countryExists,
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  movePendingEmail,
  provinceExists,
  publicUser,
  type UserRow,
} from '../../services/accounts/users';

const registered = () => Response.json({ status: true, message: MSG.registerSuccess }, { status: 201 });

/** The registration answer for an address that has an account; a failed e-mail fails like a new one's. */
async function registeredAlready(env: Env, owner: UserRow): Promise<Response> {
  try {
    await sendAccountExistsMail(env, owner);
  } catch (err) {
    console.error('Account-exists e-mail failed', err);
    fail(503, ACCOUNT_MSG.mailFailed);
  }
  return registered();
}

const bearer = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)$/i)?.[1];

/**
 * Login, registration, e-mail verification, password recovery and the refresh-token exchange
 * (spec section 7). The token pairs these answer are turned into HttpOnly cookies by the edge.
 */
export const auth = new Hono<AccessEnv>()
  .post('/login', publicRoute(), validate('json', LoginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const attempt = await throttleLogin(c.env, email, clientAddress(c));
    const user = await findUserByEmail(c.env.DB, email);
    // Unknown e-mails are checked against a dummy hash: the same work, so timing tells nothing.
    const matches = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    if (!user || !matches) fail(401, MSG.loginUnauthorized);
    // The right password is not a failed attempt: take it back from the counters.
    await attempt.release();
    if (user.email_verified_at === null) {
      // "revise su correo" should hold even when the first link expired: send a fresh one (a few per hour).
      c.executionCtx.waitUntil(
        tryConsume(c.env, 'verifyResendEmail', user.email)
          .then((allowed) => (allowed ? sendVerificationMail(c.env, user) : undefined))
          .catch((err) => console.error('Verification resend failed', err)),
      );
      fail(403, MSG.loginUnverified);
    }
    if (user.activo !== 1) fail(403, ACCOUNT_MSG.inactive);
    return c.json(await startSession(c.env, user));
  })

  .post('/register', publicRoute(), validate('json', RegisterSchema), async (c) => {
    const input = c.req.valid('json');
    await throttle(c.env, [
      ['registerEmail', input.email],
      ['registerAddress', clientAddress(c)],
    ]);
    if (input.pais_id != null && !(await countryExists(c.env.DB, input.pais_id)))
      fail(400, ACCOUNT_MSG.countryUnknown, { pais_id: [ACCOUNT_MSG.countryUnknown] });
    if (input.provinces_id != null && !(await provinceExists(c.env.DB, input.provinces_id, input.pais_id)))
      fail(400, ACCOUNT_MSG.provinceUnknown, { provinces_id: [ACCOUNT_MSG.provinceUnknown] });
    // A taken address answers exactly like a new one (same work, same answer): its owner gets an e-mail.
    const passwordHash = await hashPassword(input.password);
    const existing = await findUserByEmail(c.env.DB, input.email);
    if (existing) return registeredAlready(c.env, existing);

    const inserted = await insertUser(c.env.DB, input, passwordHash);
    // A concurrent registration of the same address won the race.
    if (!inserted) {
      const winner = await findUserByEmail(c.env.DB, input.email);
      if (winner) return registeredAlready(c.env, winner);
      fail(503, ACCOUNT_MSG.mailFailed);
    }
    const user = await findUserById(c.env.DB, inserted.id);
    try {
      if (user) await sendVerificationMail(c.env, user);
    } catch (err) {
      // Without the e-mail the account could never be verified: undo it so the person can retry.
      console.error('Verification e-mail failed', err);
      await deleteUser(c.env.DB, inserted.id);
      fail(503, ACCOUNT_MSG.mailFailed);
    }
    return registered();
  })

  /**
   * "Reenviar correo" on the screen a new account sees after registering (issue 32): the same answer whether or
   * not the address has an account waiting for verification; the mail goes after the answer, to a pending one.
   */
  .post('/resend-verification', publicRoute(), validate('json', RestoreSchema), async (c) => {
    const { email } = c.req.valid('json');
    await throttle(c.env, [
      ['verifyResendEmail', email],
      ['verifyResendAddress', clientAddress(c)],
    ]);
    const work = findUserByEmail(c.env.DB, email).then((user) =>
      user && user.email_verified_at === null && user.activo === 1 ? sendVerificationMail(c.env, user) : undefined,
    );
    c.executionCtx.waitUntil(work.catch((err) => console.error('Verification resend failed', err)));
    return c.json({ status: true, message: ACCOUNT_MSG.verificationResent });
  })

  /**
   * "Cambiar correo" on that screen: a never-verified account moves to another address, proven by its password
   * (counted like a login). An address that already has an account is answered like a registration of it: the
   * same answer, and its owner gets the account-exists mail; the pending account keeps its address.
   */
  .post('/change-pending-email', publicRoute(), validate('json', ChangePendingEmailSchema), async (c) => {
    const { email, password, new_email } = c.req.valid('json');
    const attempt = await throttleLogin(c.env, email, clientAddress(c));
    const user = await findUserByEmail(c.env.DB, email);
    const matches = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    if (!user || !matches) fail(401, MSG.loginUnauthorized);
    await attempt.release();
    if (user.email_verified_at !== null) fail(409, ACCOUNT_MSG.alreadyVerified);
    if (user.activo !== 1) fail(403, ACCOUNT_MSG.inactive);
    await throttle(c.env, [['registerEmail', new_email]]);
    const answer = { status: true, message: ACCOUNT_MSG.pendingEmailChanged, email: new_email };
    if (new_email === user.email) {
      if (await tryConsume(c.env, 'verifyResendEmail', user.email)) await sendVerificationMail(c.env, user);
      return c.json(answer);
    }
    const owner = await findUserByEmail(c.env.DB, new_email);
    if (owner || !(await movePendingEmail(c.env.DB, user.id, new_email))) {
      const taken = owner ?? (await findUserByEmail(c.env.DB, new_email));
      if (taken) await registeredAlready(c.env, taken);
      return c.json(answer);
    }
    try {
      await sendVerificationMail(c.env, { ...user, email: new_email });
    } catch (err) {
      console.error('Verification e-mail failed', err);
      fail(503, ACCOUNT_MSG.mailFailed);
    }
    return c.json(answer);
  })

  .get('/verify-email', publicRoute(), validate('query', TokenQuerySchema), async (c) => {
    const used = await consumeAccountToken(c.env.DB, c.req.valid('query').token, 'verify_email');
    if (!used) fail(400, ACCOUNT_MSG.verifyInvalid);
    await markEmailVerified(c.env.DB, used.user_id);
    const user = await findUserById(c.env.DB, used.user_id);
    if (!user) fail(400, ACCOUNT_MSG.verifyInvalid);
    if (user.activo !== 1) fail(403, ACCOUNT_MSG.inactive);
    const pair = await startSession(c.env, user);
    return c.json({ status: true, message: MSG.verifySuccess, user: publicUser(user), ...pair });
  })

  .post('/restore-password', publicRoute(), validate('json', RestoreSchema), async (c) => {
    const { email } = c.req.valid('json');
    await throttle(c.env, [
      ['recoverEmail', email],
      ['recoverAddress', clientAddress(c)],
    ]);
    // Known or not, the answer and its timing are the same: the lookup and e-mail run after it.
    const work = findUserByEmail(c.env.DB, email).then((user) =>
      user && user.activo === 1 ? sendRecoveryMail(c.env, user) : undefined,
    );
    c.executionCtx.waitUntil(work.catch((err) => console.error('Recovery e-mail failed', err)));
    return c.json({ status: true, message: MSG.recoverSuccess });
  })

  .post('/reset-password', publicRoute(), validate('json', ResetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const user = await resetPassword(c.env, token, password);
    return c.json({ status: true, message: MSG.resetSuccess, data: publicUser(user) });
  })

  .post('/refresh', publicRoute(), async (c) => {
    const presented = bearer(c.req.header('authorization'));
    const pair = presented && (await rotateRefreshToken(c.env, presented, (id) => findUserById(c.env.DB, id)));
    if (!pair) return c.json({ status: false, error: true, message: MSG.sessionExpired }, 401);
    return c.json({ ...pair, error: false });
  })

  .post('/logout', publicRoute(), validate('json', LogoutSchema), async (c) => {
    const presented = bearer(c.req.header('authorization'));
    const userId = presented ? await endSession(c.env.DB, presented) : null;
    const { access_token } = c.req.valid('json');
    if (userId !== null && access_token) await revokeAccessToken(c.env, access_token, userId);
    return c.json({ status: true, message: ACCOUNT_MSG.loggedOut });
  });
