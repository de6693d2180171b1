import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { limiterFor } from '../../../functions/api/lib/throttle';
import { THROTTLE_RULES } from '../../../functions/domain/throttle-rules';
import { edge } from '../../../functions/edge/proxy';
import { MSG } from '../../../src/shared/messages/common';
import { API_KEY_MSG } from '../../../src/shared/messages/integrations';
import { addMember, adminOf, asBuyer } from '../kit/actors';
import { eventually, ORIGIN } from '../kit/http';
import { eventOf } from '../team/scope-fixtures';
import { createKey, withKey } from './key-fixtures';

/**
 * Producer API keys: created by a producer-wide admin, shown once, stored hashed, used straight against the
 * provider API (no platform key), refused in Spanish when malformed, unknown, revoked, expired or out of
 * scope, and never worth more than their creator at the moment of the call.
 */

type Answer = { status: boolean; message?: string; data?: unknown };
const messageOf = async (res: Response) => ((await res.json()) as Answer).message;

let admin: Awaited<ReturnType<typeof adminOf>>;
let e1: number;
let e2: number;

beforeAll(async () => {
  admin = await adminOf();
  e1 = (await eventOf(admin.producerId)).event_id;
  e2 = (await eventOf(admin.producerId)).event_id;
});

describe('creating, listing and revoking', () => {
  it('shows the secret once and keeps only its hash', async () => {
    const key = await createKey(admin, admin.producerId, ['events.view'], { name: 'Sitio web' });
    expect(key.secret).toMatch(/^bol_live_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const list = await asBuyer(admin, `/admin/api-keys/${admin.producerId}`);
    const text = await list.text();
    expect(list.status).toBe(200);
    expect(text).toContain('Sitio web');
    expect(text).not.toContain(key.secret);
    const row = await env.DB.prepare('select secret_hash from api_keys where id = ?')
      .bind(key.id)
      .first<{ secret_hash: string }>();
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(text).not.toContain(row?.secret_hash);
  });

  it('refuses a bad form in Spanish', async () => {
    const res = await asBuyer(admin, `/admin/api-keys/${admin.producerId}`, {
      method: 'POST',
      json: { name: '', permissions: ['no.existe'] },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.name).toEqual([API_KEY_MSG.nameRequired]);
    expect(body.errors['permissions.0']).toEqual([API_KEY_MSG.permissionUnknown]);
    const other = await adminOf();
    const foreign = await asBuyer(admin, `/admin/api-keys/${admin.producerId}`, {
      method: 'POST',
      json: { name: 'Ajena', permissions: ['events.view'], event_ids: [(await eventOf(other.producerId)).event_id] },
    });
    expect(foreign.status).toBe(400);
    expect(await messageOf(foreign)).toBe(API_KEY_MSG.eventsNotOwned);
  });

  it('only producer-wide admins manage keys, and never with a key', async () => {
    const limited = await addMember(admin.producerId, 'ADMIN', [e1]);
    const res = await asBuyer(limited, `/admin/api-keys/${admin.producerId}`);
    expect(res.status).toBe(403);
    const key = await createKey(admin, admin.producerId, ['configurations.manage', 'events.view']);
    const minted = await withKey(key.secret, `/admin/api-keys/${admin.producerId}`, {
      method: 'POST',
      json: { name: 'Hija', permissions: ['events.view'] },
    });
    expect(minted.status).toBe(403);
    expect(await messageOf(minted)).toBe(API_KEY_MSG.personOnly);
  });

  it('revokes once: the key stops working at once', async () => {
    const key = await createKey(admin, admin.producerId, ['events.view']);
    expect((await withKey(key.secret, `/admin/events/${e1}`)).status).toBe(200);
    const revoke = await asBuyer(admin, `/admin/api-keys/${admin.producerId}/${key.id}`, { method: 'DELETE' });
    expect(revoke.status).toBe(200);
    const again = await asBuyer(admin, `/admin/api-keys/${admin.producerId}/${key.id}`, { method: 'DELETE' });
    expect(again.status).toBe(409);
    const used = await withKey(key.secret, `/admin/events/${e1}`);
    expect(used.status).toBe(401);
    expect(await messageOf(used)).toBe(API_KEY_MSG.revoked);
  });
});

describe('authenticating a key', () => {
  it('needs no platform key, and notes when it was last used', async () => {
    const key = await createKey(admin, admin.producerId, ['events.view']);
    const res = await withKey(key.secret, `/admin/events/${e1}`);
    expect(res.status, await res.clone().text()).toBe(200);
    await eventually(async () => {
      const row = await env.DB.prepare('select last_used_at from api_keys where id = ?')
        .bind(key.id)
        .first<{ last_used_at: string | null }>();
      return row?.last_used_at !== null;
    }, 'last_used_at');
  });

  it('also reaches the API through the edge (an external provider behind it)', async () => {
    const key = await createKey(admin, admin.producerId, ['events.view']);
    const ctx = createExecutionContext();
    const res = await edge.fetch(
      new Request(`http://localhost/api/v1/admin/events/${e1}`, { headers: { authorization: `Bearer ${key.secret}` } }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it('answers 401 in Spanish to a malformed, unknown or expired key', async () => {
    const malformed = await withKey('bol_live_corta', `/admin/events/${e1}`);
    expect(malformed.status).toBe(401);
    expect(await messageOf(malformed)).toBe(API_KEY_MSG.malformed);
    const unknown = await withKey(`bol_live_${'A'.repeat(43)}`, `/admin/events/${e1}`);
    expect(unknown.status).toBe(401);
    expect(await messageOf(unknown)).toBe(API_KEY_MSG.invalid);
    const key = await createKey(admin, admin.producerId, ['events.view'], { expires_in_days: 30 });
    expect((await withKey(key.secret, `/admin/events/${e1}`)).status).toBe(200);
    await env.DB.prepare("update api_keys set expires_at = '2020-01-01T00:00:00.000Z' where id = ?").bind(key.id).run();
    const expired = await withKey(key.secret, `/admin/events/${e1}`);
    expect(expired.status).toBe(401);
    expect(await messageOf(expired)).toBe(API_KEY_MSG.expired);
    // Without any key at all, the platform's refusal as before.
    const none = await SELF.fetch(`${ORIGIN}/api/v1/admin/events/${e1}`, { headers: { 'x-api-key': 'mala' } });
    expect(none.status).toBe(401);
    expect(await messageOf(none)).toBe(MSG.apiKeyInvalid);
  });

  it('answers 403 in Spanish out of its scopes, out of its events, and on routes for people', async () => {
    const key = await createKey(admin, admin.producerId, ['events.view'], { event_ids: [e1] });
    expect((await withKey(key.secret, `/admin/events/${e1}`)).status).toBe(200);
    const otherEvent = await withKey(key.secret, `/admin/events/${e2}`);
    expect(otherEvent.status).toBe(403);
    expect(await messageOf(otherEvent)).toBe(API_KEY_MSG.outOfEvents);
    const write = await withKey(key.secret, `/admin/events/${e1}/publish`, { method: 'POST' });
    expect(write.status).toBe(403);
    expect(await messageOf(write)).toBe(API_KEY_MSG.outOfEvents);
    const wide = await withKey(key.secret, `/admin/exports/orders?producer_id=${admin.producerId}&format=csv`);
    expect(wide.status).toBe(403);
    expect(await messageOf(wide)).toBe(API_KEY_MSG.outOfScope);
    const own = await withKey(key.secret, '/user');
    expect(own.status).toBe(403);
    expect(await messageOf(own)).toBe(API_KEY_MSG.personOnly);
  });
});

describe('a key is never worth more than its creator, now', () => {
  it('loses what its creator loses, at the next call', async () => {
    const creator = await addMember(admin.producerId, 'ADMIN');
    const key = await createKey(creator, admin.producerId, ['events.view', 'events.manage', 'export.data']);
    const wide = `/admin/promo-codes/${admin.producerId}`;
    const queue = (eventId: number) => `/admin/queues/${eventId}`;
    const refused = async (path: string) => [401, 403].includes((await withKey(key.secret, path)).status);
    expect(await refused(wide)).toBe(false);
    expect(await refused(queue(e2))).toBe(false);
    // Limited to E1: producer-wide actions go, and so does E2; E1 stays.
    await env.DB.batch([
      env.DB.prepare('update producer_members set event_limited = 1 where producer_id = ? and user_id = ?').bind(
        admin.producerId,
        creator.id,
      ),
      env.DB.prepare('insert into producer_member_events (producer_id, user_id, event_id) values (?, ?, ?)').bind(
        admin.producerId,
        creator.id,
        e1,
      ),
    ]);
    expect(await refused(wide)).toBe(true);
    expect(await refused(queue(e2))).toBe(true);
    expect(await refused(queue(e1))).toBe(false);
    // Door staff now: neither managing events nor exporting.
    await env.DB.prepare("update producer_members set role = 'DOOR' where producer_id = ? and user_id = ?")
      .bind(admin.producerId, creator.id)
      .run();
    expect(await refused(queue(e1))).toBe(true);
    expect(await refused(`/admin/exports/attendees?event_id=${e1}&format=csv`)).toBe(true);
    expect(await refused(`/admin/events/${e1}`)).toBe(false);
    // Removed from the team: nothing at all.
    await env.DB.prepare('delete from producer_members where producer_id = ? and user_id = ?')
      .bind(admin.producerId, creator.id)
      .run();
    expect(await refused(`/admin/events/${e1}`)).toBe(true);
  });

  it('stops when its creator is deactivated (401)', async () => {
    const creator = await addMember(admin.producerId, 'ADMIN');
    const key = await createKey(creator, admin.producerId, ['events.view']);
    await env.DB.prepare('update users set activo = 0 where id = ?').bind(creator.id).run();
    const res = await withKey(key.secret, `/admin/events/${e1}`);
    expect(res.status).toBe(401);
    expect(await messageOf(res)).toBe(API_KEY_MSG.creatorInactive);
  });
});

describe('rate limit per key', () => {
  it(`allows ${THROTTLE_RULES.apiKey.limit} calls a minute, then 429 with Retry-After; other keys go on`, async () => {
    expect(THROTTLE_RULES.apiKey.limit).toBeGreaterThanOrEqual(600);
    expect(THROTTLE_RULES.apiKey.windowSeconds).toBe(60);
    const key = await createKey(admin, admin.producerId, ['events.view']);
    const other = await createKey(admin, admin.producerId, ['events.view']);
    // Most of the minute's calls, counted by the key's own limiter; the last ones go through the API.
    const { limit, windowSeconds } = THROTTLE_RULES.apiKey;
    const limiter = limiterFor(env, 'apiKey', key.id);
    for (let i = 0; i < limit - 5; i++) await limiter.consume(limit, windowSeconds);
    const last = await Promise.all(Array.from({ length: 5 }, () => withKey(key.secret, `/admin/events/${e1}`)));
    expect(last.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const over = await withKey(key.secret, `/admin/events/${e1}`);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await messageOf(over)).toBe(API_KEY_MSG.tooManyRequests);
    expect((await withKey(other.secret, `/admin/events/${e1}`)).status).toBe(200);
  });
});
