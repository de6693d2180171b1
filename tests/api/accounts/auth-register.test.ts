import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { claimsOf, createUser, registration, uniqueEmail } from '../kit/actors';
import { json, provider } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';

const register = (body: unknown) => provider('/register', { method: 'POST', body: JSON.stringify(body) });
const verify = (token: string) => provider(`/verify-email?token=${encodeURIComponent(token)}`);

// Full-cost scrypt (registration, new passwords): room for a busy machine.
describe('POST /register', { timeout: 20_000 }, () => {
  it('creates an unverified account and e-mails a verification link', async () => {
    const email = uniqueEmail('registro');
    const res = await register(registration(email.toUpperCase()));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: true, message: 'Registro exitoso, verifique su correo' });

    const row = await env.DB.prepare('select * from users where email = ?')
      .bind(email)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ email, provinces_id: 8, pais_id: 1, accept_promotions: 1, email_verified_at: null });
    expect(String(row?.password_hash)).toMatch(/^scrypt\$16384\$8\$5\$/);

    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe('Verificá tu correo en Boletería');
    // The name is the registrant's, and the address is not proven theirs yet: the mail does not repeat it.
    expect(mail.html).not.toContain('Rita');
    expect(mail.text).toContain('/verify-email?token=');
    expect(tokenIn(mail, '/verify-email')).toMatch(/^[\w-]{43}$/);

    const login = await provider('/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'mi-clave-segura' }),
    });
    expect(login.status).toBe(403);
  });

  it('answers an address already registered exactly like a new one, and e-mails its owner instead', async () => {
    const user = await createUser();
    const before = await env.DB.prepare('select password_hash, name from users where id = ?').bind(user.id).first();
    const res = await register(registration(user.email.toUpperCase()));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: true, message: 'Registro exitoso, verifique su correo' });
    // Nothing about the account changed ...
    expect(await env.DB.prepare('select password_hash, name from users where id = ?').bind(user.id).first()).toEqual(
      before,
    );
    // ... and its owner hears of the attempt, with no verification link and nothing the stranger typed.
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('Alguien intentó registrarse con tu correo en Boletería');
    expect(mail.text).toContain('Si fuiste vos, ingresá con tu contraseña');
    expect(mail.links).not.toContain('/verify-email');
    expect(mail.html).not.toContain('Rita');
  });

  it('answers 400 with the spec messages for an invalid form', async () => {
    const res = await register({ ...registration(uniqueEmail()), dni: '123', terms_and_conditions: false });
    expect(res.status).toBe(400);
    const body = await json<{ errors: Record<string, string[]> }>(res);
    expect(body.errors).toEqual({
      dni: ['DNI debe tener exactamente 8 dígitos sin puntos'],
      terms_and_conditions: ['Debe aceptar los términos y condiciones'],
    });
  });

  it('refuses a province that does not exist', async () => {
    const res = await register({ ...registration(uniqueEmail()), provinces_id: 999 });
    expect(res.status).toBe(400);
    expect(((await json(res)) as { message: string }).message).toBe('Provincia inválida');
  });
});

// Full-cost scrypt (registration, new passwords): room for a busy machine.
describe('GET /verify-email', { timeout: 20_000 }, () => {
  async function registered() {
    const email = uniqueEmail('verifica');
    expect((await register(registration(email))).status).toBe(201);
    return { email, token: tokenIn((await mailsTo(email))[0], '/verify-email') };
  }

  it('verifies the address and answers the user with a token pair', async () => {
    const { email, token } = await registered();
    const res = await verify(token);
    expect(res.status).toBe(200);
    const body = await json<{
      status: boolean;
      user: { email: string; email_verified: boolean };
      token: string;
      refresh_token: string;
    }>(res);
    expect(body.status).toBe(true);
    expect(body.user).toMatchObject({ email, email_verified: true, activo: true });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(claimsOf(body.token).user.email).toBe(email);
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);

    const login = await provider('/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'mi-clave-segura' }),
    });
    expect(login.status).toBe(200);
  });

  it('accepts each link only once', async () => {
    const { token } = await registered();
    expect((await verify(token)).status).toBe(200);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(((await json(again)) as { message: string }).message).toBe(
      'El enlace de verificación es inválido, ya fue usado o venció',
    );
  });

  it('refuses an expired link', async () => {
    const { email, token } = await registered();
    await env.DB.prepare(
      `update account_tokens set expires_at = ? where user_id = (select id from users where email = ?)`,
    )
      .bind(Date.now() - 1, email)
      .run();
    expect((await verify(token)).status).toBe(400);
  });

  it('refuses an unknown or missing token', async () => {
    expect((await verify('inventado')).status).toBe(400);
    expect((await provider('/verify-email')).status).toBe(400);
  });
});
