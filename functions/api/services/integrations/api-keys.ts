import { API_KEY_MSG } from '../../../../src/shared/messages/integrations';
import type { Permission } from '../../../../src/shared/roles';
import type { ApiKeyInput, ApiKeyView } from '../../../../src/shared/schemas/integrations';
import type { SessionUser } from '../../../../src/shared/session';
import { type Actor, actorFrom, actorStatements, can, type KeyGrant, keyActor } from '../../../domain/events/access';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';

/**
 * Producer API keys (issue 34). A key is `bol_live_` and 32 random bytes (base64url); only its SHA-256 is
 * stored, so a copy of the database does not give anyone a working key. A fast hash is right here (the
 * secret has 256 bits of entropy, nothing to guess); passwords stay scrypt.
 */
export const KEY_PREFIX = 'bol_live_';
export const KEY_PATTERN = /^bol_live_[A-Za-z0-9_-]{43}$/;
/** How many characters of the secret the back office shows to tell keys apart. */
const SHOWN = KEY_PREFIX.length + 6;

/** Does this Authorization header carry a producer key (well-formed or not)? */
export const producerKeyOf = (header: string | undefined) => header?.match(/^Bearer (bol_\S*)$/)?.[1];

/** A live key, as a call authenticated with it carries it (`c.var.apiKey`). */
export type ApiKeyCaller = KeyGrant & { id: string; name: string; createdBy: number };

type KeyRow = {
  id: string;
  producer_id: number;
  created_by: number;
  name: string;
  prefix: string;
  permissions: string;
  event_limited: number;
  events: string;
  created_at: string;
  created_by_name: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
};

const KEY_COLUMNS = `k.id, k.producer_id, k.created_by, k.name, k.prefix, k.permissions, k.event_limited,
  (select json_group_array(e.event_id) from api_key_events e where e.key_id = k.id) as events,
  k.created_at, k.expires_at, k.revoked_at, k.last_used_at`;

const eventsOf = (row: KeyRow): number[] | null =>
  row.event_limited ? (JSON.parse(row.events) as (number | null)[]).filter((id): id is number => id !== null) : null;

/**
 * The key a secret names, or a 401 that says why not (Spanish): malformed, unknown, revoked or expired.
 * Its creator is checked by each route's declaration (`keyCaller`), on every call.
 */
export async function authenticateKey(db: D1Database, secret: string): Promise<ApiKeyCaller> {
  if (!KEY_PATTERN.test(secret)) fail(401, API_KEY_MSG.malformed);
  const row = await db
    .prepare(`select ${KEY_COLUMNS} from api_keys k where k.secret_hash = ?`)
    .bind(await sha256Hex(secret))
    .first<KeyRow>();
  if (!row) fail(401, API_KEY_MSG.invalid);
  if (row.revoked_at) fail(401, API_KEY_MSG.revoked);
  if (row.expires_at && row.expires_at <= new Date().toISOString()) fail(401, API_KEY_MSG.expired);
  return {
    id: row.id,
    name: row.name,
    createdBy: row.created_by,
    producerId: row.producer_id,
    permissions: JSON.parse(row.permissions) as Permission[],
    events: eventsOf(row),
  };
}

/**
 * The actor of a key's call: its creator read now (an inactive account ends the key: 401), narrowed to the
 * key (domain/events/access.ts, keyActor). The same declarations then decide as for a person.
 */
export async function loadKeyActor(db: D1Database, key: ApiKeyCaller): Promise<Actor> {
  const [user, members] = await db.batch(actorStatements(db, { user: { id: key.createdBy } } as SessionUser));
  if (!(user.results[0] as { activo?: number } | undefined)?.activo) fail(401, API_KEY_MSG.creatorInactive);
  return keyActor(actorFrom(user, members), key);
}

/** The session handlers see on a key's call: its creator, so what the key does is theirs in every record. */
export const keySession = (actor: Actor): SessionUser => ({
  iss: 'api-key',
  user: { id: actor.userId, name: actor.name, email: actor.email, activo: true, provinces_id: null },
  exp: Math.floor(Date.now() / 1000) + 60,
  rol: actor.rol,
  permisos: [...(actor.grants ?? [])],
});

/** "Último uso" is kept to the minute: one write per key and minute per isolate. */
const USED_EVERY_MS = 60_000;
const lastUse = new Map<string, number>();

export function noteKeyUse(db: D1Database, ctx: { waitUntil(p: Promise<unknown>): void }, keyId: string) {
  const now = Date.now();
  if (now - (lastUse.get(keyId) ?? 0) < USED_EVERY_MS) return;
  if (lastUse.size > 10_000) lastUse.clear();
  lastUse.set(keyId, now);
  ctx.waitUntil(
    db
      .prepare('update api_keys set last_used_at = ? where id = ?')
      .bind(new Date(now).toISOString(), keyId)
      .run()
      .catch(() => undefined),
  );
}

const viewOf = (row: KeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  permissions: JSON.parse(row.permissions) as Permission[],
  event_ids: eventsOf(row),
  created_at: row.created_at,
  created_by_name: row.created_by_name,
  expires_at: row.expires_at,
  revoked_at: row.revoked_at,
  last_used_at: row.last_used_at,
});

/** The producer's keys, newest first (revoked ones too: the list is their record). */
export async function listKeys(db: D1Database, producerId: number): Promise<ApiKeyView[]> {
  const { results } = await db
    .prepare(
      `select ${KEY_COLUMNS}, u.name as created_by_name from api_keys k left join users u on u.id = k.created_by
       where k.producer_id = ? order by k.created_at desc, k.id`,
    )
    .bind(producerId)
    .all<KeyRow>();
  return results.map(viewOf);
}

/**
 * A new key of the producer, created by `actor`, who never grants more than it holds: every permission
 * must be theirs there, and the events must be the producer's (and theirs, when they are limited).
 * Answers the key's view and its secret, the only time the secret is ever told.
 */
export async function createKey(
  db: D1Database,
  actor: Actor,
  producerId: number,
  input: ApiKeyInput,
): Promise<{ key: ApiKeyView; secret: string }> {
  if (input.permissions.some((p) => !can(actor, producerId, p))) fail(403, API_KEY_MSG.permissionNotHeld);
  if (input.event_ids) {
    const placeholders = input.event_ids.map(() => '?').join(', ');
    const { results } = await db
      .prepare(`select id from events where producer_id = ? and id in (${placeholders})`)
      .bind(producerId, ...input.event_ids)
      .all<{ id: number }>();
    const mine = input.event_ids.every((id) => input.permissions.every((p) => can(actor, producerId, p, id)));
    if (results.length !== input.event_ids.length || !mine)
      fail(400, API_KEY_MSG.eventsNotOwned, { event_ids: [API_KEY_MSG.eventsNotOwned] });
  }
  const id = crypto.randomUUID();
  const secret = KEY_PREFIX + randomToken(32);
  const expiresAt = input.expires_in_days
    ? new Date(Date.now() + input.expires_in_days * 86_400_000).toISOString()
    : null;
  await db.batch([
    db
      .prepare(
        `insert into api_keys (id, producer_id, created_by, name, prefix, secret_hash, permissions, event_limited, expires_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        producerId,
        actor.userId,
        input.name,
        secret.slice(0, SHOWN),
        await sha256Hex(secret),
        JSON.stringify(input.permissions),
        input.event_ids ? 1 : 0,
        expiresAt,
      ),
    ...(input.event_ids ?? []).map((eventId) =>
      db.prepare('insert into api_key_events (key_id, event_id) values (?, ?)').bind(id, eventId),
    ),
  ]);
  const [key] = (await listKeys(db, producerId)).filter((k) => k.id === id);
  return { key: key as ApiKeyView, secret };
}

/** Revokes a key of the producer (a conditional write: revoked once; 409 when it already was). */
export async function revokeKey(db: D1Database, actor: Actor, producerId: number, keyId: string) {
  const done = await db
    .prepare(
      `update api_keys set revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), revoked_by = ?
       where id = ? and producer_id = ? and revoked_at is null`,
    )
    .bind(actor.userId, keyId, producerId)
    .run();
  if (done.meta.changes === 1) return;
  const exists = await db
    .prepare('select 1 from api_keys where id = ? and producer_id = ?')
    .bind(keyId, producerId)
    .first();
  fail(exists ? 409 : 404, exists ? API_KEY_MSG.alreadyRevoked : API_KEY_MSG.notFound);
}
