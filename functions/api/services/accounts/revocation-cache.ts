import type { SessionUser } from '../../../../src/shared/session';
import { accessTtl } from '../../../domain/accounts/revocation';
import { sha256Hex } from '../../lib/crypto';

/**
 * The revocations that can still matter, held by each Worker isolate for the buyer's hot paths (POST /holds
 * and joining a queue, declared with `buyerSession()`), so that they cost no D1 read per request when a sale
 * opens and every buyer calls at once:
 * - the hashes of access tokens ended by a logout and not yet expired (revoked_access_tokens);
 * - the users whose sessions were all ended (sessions_revoked_at) or whose memberships changed
 *   (roles_changed_at) within the last access-token lifetime: an older cutoff cannot reach a token that has
 *   not expired yet, so the set stays small (indexes of migration 0035).
 *
 * Staleness bound: the snapshot is reloaded by the first request that finds it older than
 * REVOCATION_SNAPSHOT_MS (one D1 batch per isolate and second, about), other requests use it meanwhile up
 * to REVOCATION_SNAPSHOT_MAX_MS old, and the isolate that ends a session drops its own snapshot at once
 * (forgetRevocations). So a token ended elsewhere is still taken by these two routes for at most about two
 * seconds, and never by the isolate that ended it. What such a
 * token could do in that second is hold tickets for its own account, which a queued sale still only
 * allows with that account's pass. Every other route checks D1 on each call (lib/auth.ts requireAuth).
 */
export const REVOCATION_SNAPSHOT_MS = 1000;

type UserCutoffs = { cutoff: number | null; rolesChangedAt: number | null };
type Snapshot = { at: number; tokens: Set<string>; users: Map<number, UserCutoffs> };

/** While a reload is under way, other requests keep using a snapshot at most this old. */
export const REVOCATION_SNAPSHOT_MAX_MS = 2000;

let snapshot: Snapshot | null = null;
let reloading = false;
/** Bumped by forgetRevocations: a load that began before it may miss the change, so it is not kept. */
let generation = 0;

async function load(env: Env): Promise<Snapshot> {
  const gen = generation;
  const now = Date.now();
  const since = Math.floor(now / 1000) - accessTtl(env) - 60;
  const [tokens, users] = await env.DB.batch([
    env.DB.prepare('select token_hash from revoked_access_tokens where expires_at > ?').bind(now),
    env.DB.prepare(
      `select id, sessions_revoked_at as cutoff, roles_changed_at from users
        where sessions_revoked_at >= ?1 or roles_changed_at >= ?1`,
    ).bind(since),
  ]);
  const value: Snapshot = {
    at: now,
    tokens: new Set((tokens.results as { token_hash: string }[]).map((r) => r.token_hash)),
    users: new Map(
      (users.results as { id: number; cutoff: number | null; roles_changed_at: number | null }[]).map((r) => [
        r.id,
        { cutoff: r.cutoff, rolesChangedAt: r.roles_changed_at },
      ]),
    ),
  };
  if (gen === generation && (!snapshot || snapshot.at <= value.at)) snapshot = value;
  return value;
}

/**
 * The snapshot to check against. A request never awaits a load another request started (the Workers
 * runtime ties I/O to the request that made it): one request reloads a snapshot older than
 * REVOCATION_SNAPSHOT_MS and awaits its own read, while the others keep the current one as long as it is
 * younger than REVOCATION_SNAPSHOT_MAX_MS; without such a snapshot a request reads its own.
 */
async function current(env: Env): Promise<Snapshot> {
  const now = Date.now();
  const age = snapshot ? now - snapshot.at : Number.POSITIVE_INFINITY;
  if (snapshot && age >= 0 && age < REVOCATION_SNAPSHOT_MS) return snapshot;
  if (snapshot && reloading && age >= 0 && age < REVOCATION_SNAPSHOT_MAX_MS) return snapshot;
  reloading = true;
  try {
    return await load(env);
  } finally {
    reloading = false;
  }
}

/** This isolate ended a session (logout, all sessions ended): the next check reads D1 again. */
export function forgetRevocations() {
  generation++;
  snapshot = null;
}

/**
 * The same answer as accessTokenStatus (access-revocation.ts), from the snapshot: whether the verified
 * token was ended before its expiry, and whether its role claims are stale.
 */
export async function snapshotTokenStatus(env: Env, token: string, claims: SessionUser) {
  const snap = await current(env);
  const issuedAt = claims.exp - accessTtl(env);
  const user = snap.users.get(claims.user.id);
  // No logout is pending anywhere (the usual case when a sale opens): the token need not even be hashed.
  const listed = snap.tokens.size > 0 && snap.tokens.has(await sha256Hex(token));
  const revoked = listed || (user?.cutoff != null && issuedAt < user.cutoff);
  const rolesChanged = !!user?.rolesChangedAt && issuedAt <= user.rolesChangedAt;
  return { revoked, rolesChanged };
}
