import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser, login, uniqueEmail } from '../kit/actors';
import { json, provider } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';

const restore = (email: string) => provider('/restore-password', { method: 'POST', body: JSON.stringify({ email }) });
const reset = (body: unknown) => provider('/reset-password', { method: 'POST', body: JSON.stringify(body) });

async function recoveryToken(email: string) {
  const before = (await mailsTo(email, 0)).length;
  expect((await restore(email)).status).toBe(200);
  return tokenIn((await mailsTo(email, before + 1))[0], '/restore-password');
}

describe('POST /restore-password', () => {
  it('answers the same for known and unknown addresses and e-mails only the known one', async () => {
    const user = await createUser();
    const unknown = uniqueEmail('desconocido');
    const known = await restore(user.email);
    const other = await restore(unknown);
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    expect(await known.json()).toEqual(await other.json());

    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('Restablecé tu contraseña de Boletería');
    expect(tokenIn(mail, '/restore-password')).toMatch(/^[\w-]{43}$/);
    expect(await mailsTo(unknown, 0)).toHaveLength(0);
  });

  it('validates the e-mail', async () => {
    const res = await provider('/restore-password', { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(((await json(res)) as { message: string }).message).toBe('Correo es Requerido');
  });
});

// Full-cost scrypt (registration, new passwords): room for a busy machine.
describe('POST /reset-password', { timeout: 20_000 }, () => {
  it('sets the new password, ends open sessions and answers data', async () => {
    const user = await createUser();
    const before = await login(user.email);
    const token = await recoveryToken(user.email);
    const res = await reset({ token, password: 'nueva-clave-1', repeat_password: 'nueva-clave-1' });
    expect(res.status).toBe(200);
    const body = await json<{ status: boolean; data: { email: string } }>(res);
    expect(body.status).toBe(true);
    expect(body.data.email).toBe(user.email);

    await login(user.email, 'nueva-clave-1');
    const old = await provider('/login', {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: 'secreto123' }),
    });
    expect(old.status).toBe(401);
    const refresh = await provider('/refresh', {
      method: 'POST',
      headers: { authorization: `Bearer ${before.refresh_token}` },
    });
    expect(refresh.status).toBe(401);
  });

  it('accepts a link once, and only its newest one', async () => {
    const user = await createUser();
    const first = await recoveryToken(user.email);
    const second = await recoveryToken(user.email);
    const body = (token: string) => ({ token, password: 'nueva-clave-2', repeat_password: 'nueva-clave-2' });
    expect((await reset(body(first))).status).toBe(400);
    expect((await reset(body(second))).status).toBe(200);
    const again = await reset(body(second));
    expect(again.status).toBe(400);
    expect(((await json(again)) as { message: string }).message).toBe(
      'El enlace para restablecer la contraseña es inválido, ya fue usado o venció',
    );
  });

  it('refuses an expired link', async () => {
    const user = await createUser();
    const token = await recoveryToken(user.email);
    await env.DB.prepare('update account_tokens set expires_at = ? where user_id = ?')
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await reset({ token, password: 'nueva-clave-3', repeat_password: 'nueva-clave-3' })).status).toBe(400);
  });

  it('checks both passwords match before using the link', async () => {
    const user = await createUser();
    const token = await recoveryToken(user.email);
    const res = await reset({ token, password: 'nueva-clave-4', repeat_password: 'otra-clave-4' });
    expect(res.status).toBe(400);
    expect(((await json(res)) as { message: string }).message).toBe('Contraseña no coincide');
    expect((await reset({ token, password: 'nueva-clave-4', repeat_password: 'nueva-clave-4' })).status).toBe(200);
  });

  it('also works through PUT /password with the token variant', async () => {
    const user = await createUser();
    const token = await recoveryToken(user.email);
    const res = await provider('/password', {
      method: 'PUT',
      body: JSON.stringify({ user_id: user.id, token, password: 'nueva-clave-5', repeat_password: 'nueva-clave-5' }),
    });
    expect(res.status).toBe(200);
    await login(user.email, 'nueva-clave-5');
  });
});
