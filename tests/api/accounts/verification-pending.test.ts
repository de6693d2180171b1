import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser, PASSWORD, uniqueEmail } from '../kit/actors';
import { json, provider } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';

/**
 * The screen that stays after registering (issue 32): "Reenviar correo" (POST /resend-verification) and
 * "Cambiar correo" (POST /change-pending-email) for an account that never verified its address.
 */
const post = (path: string, body: unknown) => provider(path, { method: 'POST', body: JSON.stringify(body) });
const verify = (token: string) => provider(`/verify-email?token=${encodeURIComponent(token)}`);
const pending = () => createUser({ verified: false, email: uniqueEmail('pendiente') });

describe('POST /resend-verification', () => {
  it('mails a fresh link to a pending account; the older link stops working', async () => {
    const user = await pending();
    const first = await post('/resend-verification', { email: user.email.toUpperCase() });
    expect(first.status).toBe(200);
    const [mail] = await mailsTo(user.email);
    const older = tokenIn(mail, '/verify-email');
    await post('/resend-verification', { email: user.email });
    const mails = await mailsTo(user.email, 2);
    expect(mails).toHaveLength(2);
    const newer = tokenIn(mails[0], '/verify-email');
    expect(newer).not.toBe(older);
    expect((await verify(older)).status).toBe(400);
    expect((await verify(newer)).status).toBe(200);
  });

  it('answers an unknown or verified address exactly like a pending one, and mails nobody', async () => {
    const unknown = uniqueEmail('nadie');
    const verified = await createUser();
    const user = await pending();
    const answers = await Promise.all(
      [unknown, verified.email, user.email].map(async (email) => {
        const res = await post('/resend-verification', { email });
        return [res.status, await res.json()];
      }),
    );
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[2]).toEqual([
      200,
      { status: true, message: 'Si tu cuenta está pendiente de verificación, te reenviamos el correo.' },
    ]);
    expect(await mailsTo(unknown, 0)).toHaveLength(0);
    expect(await mailsTo(verified.email, 0)).toHaveLength(0);
  });

  it('is throttled per address e-mail: the fourth in an hour answers 429', async () => {
    const user = await pending();
    for (let i = 0; i < 3; i++) expect((await post('/resend-verification', { email: user.email })).status).toBe(200);
    const refused = await post('/resend-verification', { email: user.email });
    expect(refused.status).toBe(429);
  });

  it('answers 400 with the spec message for a malformed address', async () => {
    const res = await post('/resend-verification', { email: 'no-es-correo' });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(res)).errors.email).toEqual(['Correo debe ser valido']);
  });
});

describe('POST /change-pending-email', () => {
  it('moves a pending account to the right address: the new one gets the link, the old link is dead', async () => {
    const user = await pending();
    await post('/resend-verification', { email: user.email });
    const oldLink = tokenIn((await mailsTo(user.email))[0], '/verify-email');
    const right = uniqueEmail('correcto');

    const res = await post('/change-pending-email', { email: user.email, password: PASSWORD, new_email: right });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: true,
      message: 'Listo: te enviamos el correo de verificación a la nueva dirección.',
      email: right,
    });
    const row = await env.DB.prepare('select email, email_verified_at from users where id = ?').bind(user.id).first();
    expect(row).toEqual({ email: right, email_verified_at: null });
    // Whoever holds the mistyped mailbox cannot verify (and log into) the account any more.
    expect((await verify(oldLink)).status).toBe(400);
    const link = tokenIn((await mailsTo(right))[0], '/verify-email');
    const verified = await verify(link);
    expect(verified.status).toBe(200);
    expect((await json<{ user: { email: string } }>(verified)).user.email).toBe(right);
  });

  it('needs the account password: a wrong one answers 401 and changes nothing', async () => {
    const user = await pending();
    const res = await post('/change-pending-email', {
      email: user.email,
      password: 'otra-clave-123',
      new_email: uniqueEmail('intruso'),
    });
    expect(res.status).toBe(401);
    expect((await json<{ message: string }>(res)).message).toBe(
      'Credenciales erroneas: contraseña o correo incorrecto',
    );
    const row = await env.DB.prepare('select email from users where id = ?').bind(user.id).first();
    expect(row).toEqual({ email: user.email });
  });

  it('answers an address that has an account like any other, keeps the pending one, and tells the owner', async () => {
    const user = await pending();
    const owner = await createUser({ email: uniqueEmail('duena') });
    const res = await post('/change-pending-email', { email: user.email, password: PASSWORD, new_email: owner.email });
    expect(res.status).toBe(200);
    expect((await json<{ email: string }>(res)).email).toBe(owner.email);
    expect(await env.DB.prepare('select email from users where id = ?').bind(user.id).first()).toEqual({
      email: user.email,
    });
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe('Alguien intentó registrarse con tu correo en Boletería');
  });

  it('refuses a verified account with 409: it logs in and uses the profile instead', async () => {
    const user = await createUser();
    const res = await post('/change-pending-email', {
      email: user.email,
      password: PASSWORD,
      new_email: uniqueEmail('otra'),
    });
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(
      'Tu correo ya está verificado: ingresá con tu contraseña.',
    );
  });

  it('answers 400 with the spec messages for missing fields', async () => {
    const res = await post('/change-pending-email', { email: '', password: '', new_email: 'x' });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(res)).errors).toEqual({
      email: ['Correo es Requerido'],
      password: ['Contraseña es Requerido'],
      new_email: ['Correo debe ser valido'],
    });
  });
});
