import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../functions/api/lib/crypto';
import { signAccessToken } from '../../../functions/lib/jwt';
import { authed, claimsOf, createUser, login, PASSWORD } from '../kit/actors';
import { browser, cookiesFrom, json, provider } from '../kit/http';

const refresh = (token: string) =>
  provider('/refresh', { method: 'POST', headers: { authorization: `Bearer ${token}` } });

async function familySize(refreshToken: string) {
  const row = await env.DB.prepare(
    `select count(*) as n from refresh_tokens where family_id =
       (select family_id from refresh_tokens where token_hash = ?)`,
  )
    .bind(await sha256Hex(refreshToken))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('a refresh token reused within the grace window', () => {
  it('answers the successor already minted, never a second one, however often it comes back', async () => {
    const user = await createUser();
    const first = await login(user.email);
    const a = await json<{ refresh_token: string }>(await refresh(first.refresh_token));
    const again = await Promise.all([1, 2, 3, 4].map(() => refresh(first.refresh_token)));
    expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const res of again) expect((await json<{ refresh_token: string }>(res)).refresh_token).toBe(a.refresh_token);
    // The family holds the first token and its one successor.
    expect(await familySize(first.refresh_token)).toBe(2);
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });
});

describe('logout', () => {
  it('ends the access token at once, not 15 minutes later', async () => {
    const user = await createUser();
    const res = await browser('/api/v1/login', {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookies = cookiesFrom(res);
    const access = decodeURIComponent(/auth-token=([^;]+)/.exec(cookies)?.[1] ?? '');
    expect((await authed(access, `/user?user_id=${user.id}`)).status).toBe(200);
    expect((await browser('/api/auth/logout', { method: 'POST', cookies })).status).toBe(200);
    // A copy of the access token (a stolen cookie, another tab) no longer works anywhere.
    const after = await authed(access, `/user?user_id=${user.id}`);
    expect(after.status).toBe(401);
    expect((await browser(`/api/v1/user?user_id=${user.id}`, { cookies })).status).toBe(401);
  });

  it("leaves the user's other sessions working", async () => {
    const user = await createUser();
    const laptop = await login(user.email);
    // Another device's token (signed apart: two logins in the same second carry identical claims).
    const phone = { token: await signAccessToken(env.JWT_SECRET, claimsOf(laptop.token), 600) };
    const out = await provider('/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${laptop.refresh_token}` },
      body: JSON.stringify({ access_token: laptop.token }),
    });
    expect(out.status).toBe(200);
    expect((await authed(laptop.token, `/user?user_id=${user.id}`)).status).toBe(401);
    expect((await authed(phone.token, `/user?user_id=${user.id}`)).status).toBe(200);
  });
});

describe('the end of all sessions', () => {
  it('also ends the access tokens issued before it (a SUPERADMIN sets the password)', async () => {
    const user = await createUser();
    const admin = await createUser({ rol: 'SUPERADMIN' });
    const stolen = await login(user.email);
    expect((await authed(stolen.token, '/user')).status).toBe(200);
    // Issued before the end of the sessions (as if it were a minute old).
    const older = await signAccessToken(env.JWT_SECRET, claimsOf(stolen.token), Number(env.ACCESS_TOKEN_TTL) - 60);
    const { token } = await login(admin.email);
    const set = await authed(token, '/password', {
      method: 'PUT',
      body: JSON.stringify({ user_id: user.id, password: 'clave-nueva-77', repeat_password: 'clave-nueva-77' }),
    });
    expect(set.status).toBe(200);
    expect((await authed(older, '/user')).status).toBe(401);
    // A login after it works.
    const fresh = await login(user.email, 'clave-nueva-77');
    expect((await authed(fresh.token, '/user')).status).toBe(200);
  });
});
