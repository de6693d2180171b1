import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../functions/api/lib/crypto';
import { purgeExpiredAccountTokens } from '../../../functions/api/services/accounts/cleanup';
import { MSG } from '../../../src/shared/messages/common';
import { claimsOf, createUser, login } from '../kit/actors';
import { json, provider } from '../kit/http';

const refresh = (token?: string) =>
  provider('/refresh', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });

/** Pretends a token was exchanged `ms` milliseconds ago. */
async function usedAgo(token: string, ms: number) {
  await env.DB.prepare('update refresh_tokens set used_at = ? where token_hash = ?')
    .bind(Date.now() - ms, await sha256Hex(token))
    .run();
}

describe('POST /refresh', () => {
  it('rotates: answers a new pair and error false', async () => {
    const user = await createUser({ name: 'Rafa Refresh' });
    const first = await login(user.email);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const body = await json<{ token: string; refresh_token: string; error: boolean }>(res);
    expect(Object.keys(body).sort()).toEqual(['error', 'refresh_token', 'token']);
    expect(body.error).toBe(false);
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(body.token).user.id).toBe(user.id);
    expect((await refresh(body.refresh_token)).status).toBe(200);
  });

  it('stores only the hash of a refresh token', async () => {
    const user = await createUser();
    const { refresh_token } = await login(user.email);
    const row = await env.DB.prepare('select token_hash from refresh_tokens where token_hash = ?')
      .bind(await sha256Hex(refresh_token))
      .first();
    expect(row).not.toBeNull();
    const clear = await env.DB.prepare('select 1 from refresh_tokens where token_hash = ?').bind(refresh_token).first();
    expect(clear).toBeNull();
  });

  it('carries the current profile and role into the new access token', async () => {
    const user = await createUser();
    const { refresh_token } = await login(user.email);
    await env.DB.prepare(`update users set name = 'Nombre Nuevo', rol = 'ADMIN' where id = ?`).bind(user.id).run();
    const claims = claimsOf((await json<{ token: string }>(await refresh(refresh_token))).token);
    expect(claims.user.name).toBe('Nombre Nuevo');
    expect(claims.rol).toBe('ADMIN');
  });

  it('answers the same successor without revoking when a rotated token comes back within the grace window', async () => {
    const user = await createUser();
    const first = await login(user.email);
    const a = await json<{ refresh_token: string }>(await refresh(first.refresh_token));
    await usedAgo(first.refresh_token, 20_000);
    const b = await refresh(first.refresh_token);
    expect(b.status).toBe(200);
    // No second pair is minted: the late request gets the successor the first one got.
    expect((await json<{ refresh_token: string }>(b)).refresh_token).toBe(a.refresh_token);
    // The family was not revoked: the successor still works.
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });

  it('answers both of two concurrent refreshes with the same token', async () => {
    const user = await createUser();
    const { refresh_token } = await login(user.email);
    const [x, y] = await Promise.all([refresh(refresh_token), refresh(refresh_token)]);
    expect([x.status, y.status]).toEqual([200, 200]);
  });

  it('revokes the whole family when a token is reused after the grace window', async () => {
    const user = await createUser();
    const first = await login(user.email);
    const second = await json<{ refresh_token: string }>(await refresh(first.refresh_token));
    await usedAgo(first.refresh_token, 31_000);
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({
      status: false,
      error: true,
      message: MSG.sessionExpired,
    });
    // The legitimate holder's newer token is dead too.
    expect((await refresh(second.refresh_token)).status).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await login(user.email);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const user = await createUser();
    const { refresh_token } = await login(user.email);
    await env.DB.prepare('update refresh_tokens set expires_at = ? where token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(refresh_token))
      .run();
    expect((await refresh(refresh_token)).status).toBe(401);
  });

  it('sets refresh tokens to expire after 5 days', async () => {
    const user = await createUser();
    const { refresh_token } = await login(user.email);
    const row = await env.DB.prepare('select created_at, expires_at from refresh_tokens where token_hash = ?')
      .bind(await sha256Hex(refresh_token))
      .first<{ created_at: number; expires_at: number }>();
    expect((row?.expires_at ?? 0) - (row?.created_at ?? 0)).toBe(5 * 24 * 60 * 60 * 1000);
  });

  it('refuses a missing or unknown token, and an access token', async () => {
    const user = await createUser();
    const { token } = await login(user.email);
    expect((await refresh()).status).toBe(401);
    expect((await refresh('inventado')).status).toBe(401);
    expect((await refresh(token)).status).toBe(401);
  });

  it('refuses the token of a user deactivated since', async () => {
    const user = await createUser();
    const { refresh_token } = await login(user.email);
    await env.DB.prepare('update users set activo = 0 where id = ?').bind(user.id).run();
    expect((await refresh(refresh_token)).status).toBe(401);
  });
});

describe('POST /logout', () => {
  it('revokes the family of the refresh token', async () => {
    const user = await createUser();
    const first = await login(user.email);
    const second = await json<{ refresh_token: string }>(await refresh(first.refresh_token));
    const res = await provider('/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${first.refresh_token}` },
    });
    expect(res.status).toBe(200);
    expect((await refresh(second.refresh_token)).status).toBe(401);
  });

  it('answers 200 without a token too (logging out twice is harmless)', async () => {
    expect((await provider('/logout', { method: 'POST' })).status).toBe(200);
  });
});

describe('purgeExpiredAccountTokens', () => {
  it('deletes expired refresh tokens and empty families, and keeps live ones', async () => {
    const user = await createUser();
    const live = await login(user.email);
    const dead = await login(user.email);
    await env.DB.prepare('update refresh_tokens set expires_at = ? where token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(dead.refresh_token))
      .run();
    await purgeExpiredAccountTokens(env.DB);
    const left = await env.DB.prepare('select count(*) as n from refresh_families where user_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(1);
    expect((await refresh(live.refresh_token)).status).toBe(200);
    expect((await refresh(dead.refresh_token)).status).toBe(401);
  });
});
