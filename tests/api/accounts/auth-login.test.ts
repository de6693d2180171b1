import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { permissionsFor } from '../../../src/shared/roles';
import { claimsOf, createUser, login, PASSWORD, uniqueEmail } from '../kit/actors';
import { json, ORIGIN, provider, settledFetch } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';

const post = (body: unknown) => provider('/login', { method: 'POST', body: JSON.stringify(body) });
const settledPost = (body: unknown) =>
  settledFetch(`${ORIGIN}/api/v1/login`, {
    method: 'POST',
    headers: { 'x-api-key': env.API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /login', () => {
  it('answers exactly a token pair for the right password', async () => {
    const user = await createUser();
    const res = await post({ email: user.email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body).sort()).toEqual(['refresh_token', 'token']);
  });

  it('signs an access token whose claims are exactly the session user of the spec', async () => {
    const user = await createUser({ name: 'Ana Claims', rol: 'ADMIN', provinces_id: 6 });
    const { token } = await login(user.email);
    const claims = claimsOf(token);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iss', 'permisos', 'rol', 'user']);
    expect(claims.user).toEqual({
      id: user.id,
      name: 'Ana Claims',
      email: user.email,
      activo: true,
      provinces_id: 6,
    });
    expect(claims.iss).toBe('boleteria');
    expect(claims.rol).toBe('ADMIN');
    expect(claims.permisos).toEqual(permissionsFor('ADMIN'));
    expect(claims.permisos).toContain('finance.view');
    const ttl = claims.exp - Math.floor(Date.now() / 1000);
    expect(Math.abs(ttl - Number(env.ACCESS_TOKEN_TTL))).toBeLessThanOrEqual(2);
  });

  it('answers 401 with the spec message for a wrong password', async () => {
    const user = await createUser();
    const res = await post({ email: user.email, password: 'otra-clave-123' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      status: false,
      message: 'Credenciales erroneas: contraseña o correo incorrecto',
    });
  });

  it('answers the same 401 for an unknown e-mail', async () => {
    const res = await post({ email: uniqueEmail('nadie'), password: PASSWORD });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      status: false,
      message: 'Credenciales erroneas: contraseña o correo incorrecto',
    });
  });

  it('answers 403 for an account whose e-mail is not verified', async () => {
    const user = await createUser({ verified: false });
    const res = await post({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(((await json(res)) as { message: string }).message).toBe('Usuario no verificado, revise su correo');
  });

  it('sends a fresh verification link to an unverified account that logs in, a few times per hour', async () => {
    const user = await createUser({ verified: false });
    // Each login answers once its deferred resend (if any) is done, so the count below is final.
    for (let i = 0; i < 4; i++) expect((await settledPost({ email: user.email, password: PASSWORD })).status).toBe(403);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(3);
    const token = tokenIn(mails[0], '/verify-email');
    const verified = await provider(`/verify-email?token=${token}`);
    expect(verified.status).toBe(200);
    expect((await post({ email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('answers 401, not 403, for an unverified account with the wrong password', async () => {
    const user = await createUser({ verified: false });
    expect((await post({ email: user.email, password: 'otra-clave-123' })).status).toBe(401);
  });

  it('refuses an inactive account with 403 in Spanish', async () => {
    const user = await createUser({ activo: 0 });
    const res = await post({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(((await json(res)) as { message: string }).message).toBe(
      'Usuario inactivo, escribinos desde el Centro de Ayuda',
    );
  });

  it('validates the payload with the dialog schema messages', async () => {
    const res = await post({ email: 'no-es-correo', password: '' });
    expect(res.status).toBe(400);
    const body = await json<{ message: string; errors: Record<string, string[]> }>(res);
    expect(body.errors).toEqual({ email: ['Correo debe ser valido'], password: ['Contraseña es Requerido'] });
    expect(body.message).toBe('Correo debe ser valido');
  });
});
