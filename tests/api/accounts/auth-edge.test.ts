import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../functions/lib/jwt';
import type { EdgeSessionAnswer } from '../../../src/lib/api';
import { createUser, PASSWORD, uniqueEmail } from '../kit/actors';
import { browser, cookiesFrom, json } from '../kit/http';
import { mailsTo, tokenIn } from '../kit/mail';

async function browserLogin(email: string) {
  const res = await browser('/api/v1/login', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) });
  expect(res.status).toBe(200);
  return res;
}

const cookieNamed = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

// Full-cost scrypt (registration, new passwords): room for a busy machine.
describe('accounts through the edge', { timeout: 20_000 }, () => {
  it('login sets the three cookies, tokens HttpOnly, and the body has a session and no token', async () => {
    const user = await createUser({ rol: 'COLABORATORS' });
    const res = await browserLogin(user.email);
    const auth = cookieNamed(res, 'auth-token');
    const refresh = cookieNamed(res, 'refresh-token');
    const data = cookieNamed(res, 'user-data');
    expect(auth).toMatch(/HttpOnly/);
    expect(auth).toMatch(/Max-Age=86400/);
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/Max-Age=432000/);
    expect(data).not.toMatch(/HttpOnly/);
    const body = await json<EdgeSessionAnswer & Record<string, unknown>>(res);
    expect(body).not.toHaveProperty('token');
    expect(body).not.toHaveProperty('refresh_token');
    expect(body.session.user).toMatchObject({ id: user.id, email: user.email });
    expect(body.session.rol).toBe('COLABORATORS');
    expect(body.session.permisos).toContain('tickets.validate');
  });

  it('passes login errors through unchanged', async () => {
    const user = await createUser();
    const res = await browser('/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: 'equivocada-1' }),
    });
    expect(res.status).toBe(401);
    expect(((await json(res)) as { message: string }).message).toBe(
      'Credenciales erroneas: contraseña o correo incorrecto',
    );
    expect(res.headers.getSetCookie()).toHaveLength(0);
  });

  it('refreshes through the edge with the refresh cookie, rotating it', async () => {
    const user = await createUser();
    const login = await browserLogin(user.email);
    const res = await browser('/api/v1/refresh', { method: 'POST', cookies: cookiesFrom(login) });
    expect(res.status).toBe(200);
    const body = await json<EdgeSessionAnswer & { error: boolean }>(res);
    expect(body.error).toBe(false);
    expect(body.session.user.id).toBe(user.id);
    expect(cookieNamed(res, 'refresh-token')).not.toBe(cookieNamed(login, 'refresh-token'));
    expect(JSON.stringify(body)).not.toMatch(/refresh_token|"token"/);
  });

  it('uses the refresh cookie when the access token has expired, invisibly to the caller', async () => {
    const user = await createUser();
    const login = await browserLogin(user.email);
    const expired = await signAccessToken(
      env.JWT_SECRET,
      {
        user: { id: user.id, name: user.name, email: user.email, activo: true, provinces_id: 2 },
        rol: 'USER',
        permisos: [],
      },
      -60,
    );
    const cookies = cookiesFrom(login).replace(/auth-token=[^;]+/, `auth-token=${expired}`);
    const res = await browser('/api/v1/user', { cookies });
    expect(res.status).toBe(200);
    expect(((await json(res)) as { data: { id: number } }).data.id).toBe(user.id);
    expect(cookieNamed(res, 'auth-token')).toMatch(/HttpOnly/);
  });

  it('verify-email through the edge logs the person in with cookies', async () => {
    const email = uniqueEmail('borde');
    const reg = await browser('/api/v1/register', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Berta Borde',
        email,
        password: 'clave-borde-1',
        repeat_password: 'clave-borde-1',
        telefono: '1122223333',
        dni: '42333444',
        terms_and_conditions: true,
        accept_promotions: false,
      }),
    });
    expect(reg.status).toBe(201);
    const token = tokenIn((await mailsTo(email))[0], '/verify-email');
    const res = await browser(`/api/v1/verify-email?token=${token}`);
    expect(res.status).toBe(200);
    expect(cookieNamed(res, 'auth-token')).toMatch(/HttpOnly/);
    const body = await json<EdgeSessionAnswer & { user: { email: string } }>(res);
    expect(body.user.email).toBe(email);
    expect(body.session.user.email).toBe(email);
    expect(body).not.toHaveProperty('refresh_token');
  });

  it('logout clears the cookies and revokes the refresh family', async () => {
    const user = await createUser();
    const login = await browserLogin(user.email);
    const cookies = cookiesFrom(login);
    const out = await browser('/api/auth/logout', { method: 'POST', cookies });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().every((c) => c.includes('Max-Age=0'))).toBe(true);
    const again = await browser('/api/v1/refresh', { method: 'POST', cookies });
    expect(again.status).toBe(401);
  });
});

describe('the edge hands its verified session to the bundled API', () => {
  it('is used only for the very token it was verified for, on the very request it was passed with', async () => {
    const { callApi } = await import('../../../functions/edge/upstream');
    const { visitorOf } = await import('../../../functions/edge/client-address');
    const { verifyAccessToken } = await import('../../../functions/lib/jwt');
    const user = await createUser({ rol: 'COLABORATORS' });
    const claims = { id: user.id, name: user.name, email: user.email, activo: true, provinces_id: null };
    const token = await signAccessToken(env.JWT_SECRET, { user: claims, rol: 'COLABORATORS', permisos: [] }, 60);
    const session = (await verifyAccessToken(env.JWT_SECRET, token))!;
    const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
    const call = (bearer: string) =>
      callApi(
        env,
        ctx as never,
        visitorOf(new Request('http://localhost/'), env),
        '/api/v1/user',
        { headers: { authorization: `Bearer ${bearer}` } },
        { token, session },
      );
    expect((await call(token)).status).toBe(200);
    // A token that does not verify is refused even with a verified session beside it: the claims are only
    // taken for the token they were verified for.
    expect((await call(`${token.slice(0, -4)}AAAA`)).status).toBe(401);
  });
});
