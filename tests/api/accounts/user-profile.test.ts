import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { authed, claimsOf, createUser, login } from '../kit/actors';
import { json, provider } from '../kit/http';

const profile = { name: 'Pedro Perfil', telefono: '2615556666', dni: '33444555', provinces_id: 13 };

describe('GET /user', () => {
  it('answers the caller own data without the password hash', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    for (const path of ['/user', `/user?id=${user.id}`]) {
      const res = await authed(token, path);
      expect(res.status).toBe(200);
      const body = await json<{ status: boolean; data: Record<string, unknown> }>(res);
      expect(body.status).toBe(true);
      expect(body.data).toMatchObject({ id: user.id, email: user.email, dni: '30111222', provinces_id: 2 });
      expect(body.data).not.toHaveProperty('password_hash');
    }
  });

  it('refuses another user data to a non-superadmin with 403', async () => {
    const [me, other] = [await createUser(), await createUser()];
    const { token } = await login(me.email);
    expect((await authed(token, `/user?id=${other.id}`)).status).toBe(403);
  });

  it('lets a superadmin read anyone, and answers 404 for a missing id', async () => {
    const [boss, other] = [await createUser({ rol: 'SUPERADMIN' }), await createUser()];
    const { token } = await login(boss.email);
    const res = await authed(token, `/user?id=${other.id}`);
    expect(res.status).toBe(200);
    expect(((await json(res)) as { data: { email: string } }).data.email).toBe(other.email);
    expect((await authed(token, '/user?id=999999')).status).toBe(404);
  });

  it('answers 401 without a token and 400 for a bad id', async () => {
    expect((await provider('/user')).status).toBe(401);
    const user = await createUser();
    const { token } = await login(user.email);
    expect((await authed(token, '/user?id=abc')).status).toBe(400);
  });
});

describe('PUT /user', () => {
  it('updates the profile and the next refresh carries the new claims', async () => {
    const user = await createUser();
    const pair = await login(user.email);
    const res = await authed(pair.token, '/user', { method: 'PUT', body: JSON.stringify(profile) });
    expect(res.status).toBe(200);
    const body = await json<{ status: boolean; message: string; data: Record<string, unknown> }>(res);
    expect(body.status).toBe(true);
    expect(body.message).toBe('Perfil actualizado con éxito');
    expect(body.data).toMatchObject({ ...profile, email: user.email });

    const refreshed = await provider('/refresh', {
      method: 'POST',
      headers: { authorization: `Bearer ${pair.refresh_token}` },
    });
    const claims = claimsOf(((await refreshed.json()) as { token: string }).token);
    expect(claims.user).toMatchObject({ name: 'Pedro Perfil', provinces_id: 13 });
  });

  it('answers 400 with the registration messages', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const res = await authed(token, '/user', { method: 'PUT', body: JSON.stringify({ ...profile, telefono: '+54' }) });
    expect(res.status).toBe(400);
    expect(((await json(res)) as { message: string }).message).toBe(
      'Telefono debe ser solo numeros, sin puntos y sin +',
    );
    const bad = await authed(token, '/user', { method: 'PUT', body: JSON.stringify({ ...profile, provinces_id: 99 }) });
    expect(bad.status).toBe(400);
  });

  it("refuses to edit someone else's profile unless superadmin", async () => {
    const [me, other, boss] = [await createUser(), await createUser(), await createUser({ rol: 'SUPERADMIN' })];
    const mine = await login(me.email);
    const put = (token: string) =>
      authed(token, '/user', { method: 'PUT', body: JSON.stringify({ ...profile, id: other.id }) });
    expect((await put(mine.token)).status).toBe(403);
    expect((await put((await login(boss.email)).token)).status).toBe(200);
    const row = await env.DB.prepare('select name from users where id = ?').bind(other.id).first<{ name: string }>();
    expect(row?.name).toBe('Pedro Perfil');
  });

  it('answers 401 without a token', async () => {
    expect((await provider('/user', { method: 'PUT', body: JSON.stringify(profile) })).status).toBe(401);
  });
});

// Full-cost scrypt (registration, new passwords): room for a busy machine.
describe('PUT /password', { timeout: 20_000 }, () => {
  const change = (token: string, body: Record<string, unknown>) =>
    authed(token, '/password', { method: 'PUT', body: JSON.stringify(body) });
  /** The secure variant's body: `userId`'s password goes from 'secreto123' to 'otra-clave-9', but for `fields`. */
  const secure = (userId: number, fields: Record<string, string> = {}) => ({
    user_id: userId,
    password: 'secreto123',
    new_password: 'otra-clave-9',
    repeat_new_password: 'otra-clave-9',
    ...fields,
  });

  it('changes the password when the current one is right (secure variant)', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const res = await change(token, secure(user.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, message: 'Contraseña actualizada con éxito' });
    await login(user.email, 'otra-clave-9');
  });

  it('refuses a wrong current password and a mismatched repeat with 400', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const wrong = await change(token, secure(user.id, { password: 'no-es-esta' }));
    expect(wrong.status).toBe(400);
    expect(((await json(wrong)) as { message: string }).message).toBe('La contraseña actual es incorrecta');
    const mismatch = await change(token, secure(user.id, { repeat_new_password: 'otra-clave-8' }));
    expect(mismatch.status).toBe(400);
    expect(((await json(mismatch)) as { message: string }).message).toBe('Contraseña no coincide');
  });

  it("refuses to change another user's password, and answers 401 without a session", async () => {
    const [me, other] = [await createUser(), await createUser()];
    const { token } = await login(me.email);
    const body = secure(other.id);
    expect((await change(token, body)).status).toBe(403);
    expect((await provider('/password', { method: 'PUT', body: JSON.stringify(body) })).status).toBe(401);
  });

  it('lets a superadmin set a user password (update variant), ending their sessions', async () => {
    const [boss, other] = [await createUser({ rol: 'SUPERADMIN' }), await createUser()];
    const theirs = await login(other.email);
    const { token } = await login(boss.email);
    const res = await change(token, { user_id: other.id, password: 'asignada-123', repeat_password: 'asignada-123' });
    expect(res.status).toBe(200);
    await login(other.email, 'asignada-123');
    const refresh = await provider('/refresh', {
      method: 'POST',
      headers: { authorization: `Bearer ${theirs.refresh_token}` },
    });
    expect(refresh.status).toBe(401);
  });

  it('refuses the update variant to a regular user', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    const res = await change(token, { user_id: user.id, password: 'asignada-123', repeat_password: 'asignada-123' });
    expect(res.status).toBe(400);
    expect(((await json(res)) as { message: string }).message).toBe(
      'Para cambiar tu contraseña, escribí la contraseña actual',
    );
  });
});
