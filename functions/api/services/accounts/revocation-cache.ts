import type { SessionUser } from '../../../../src/shared/session';
import { sha256Hex } from '../../lib/crypto';
import { accessTtl } from './session-tokens';

/**
 * The revocations that can still matter, held by each Worker isolate for the buyer's hot paths (POST /holds
 * and joining a queue, declared with `buyerSession()`), so that they cost no D1 read per request when a sale
 * opens and every buyer calls at once:
 * - the hashes of access tokens ended by a logout and not yet expired (revoked_access_tokens);
 * - the users whose sessions were all ended (sessions_revoked_at) or whose memberships changed
 *   (roles_changed_at) within the last access-token lifetime: an older cutoff cannot reach a token that has
 *   not expired yet, so the set stays small (indexes of migration 0035).
 *
 * Staleness bound: the snapshot is reloaded when older than REVOCATION_SNAPSHOT_MS (one D1 batch per isolate
 * and second at most, shared by every request waiting for it), and the isolate that ends a session drops
 * its own snapshot at once (forgetRevocations). So a token ended elsewhere is still taken by these two
 * routes for at most one second plus one reload, and never by the isolate that ended it. What such a
 * token could do in that second is hold tickets for its own account, which a queued sale still only
 * allows with that account's pass. Every other route checks D1 on each call (lib/auth.ts requireAuth).
 */
export const REVOCATION_SNAPSHOT_MS = 1000;

type UserCutoffs = { cutoff: number | null; rolesChangedAt: number | null };
type Snapshot = { at: number; tokens: Set<string>; users: Map<number, UserCutoffs> };

let snapshot: Snapshot | null = null;
let loading: { generation: number; promise: Promise<Snapshot> } | null = null;
/** Bumped by forgetRevocations: a load that began before it may miss the change, so it is not kept. */
let generation = 0;

async function load(env: Env, gen: number): Promise<Snapshot> {
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
  if (gen === generation) snapshot = value;
  return value;
}

async function current(env: Env): Promise<Snapshot> {
  const now = Date.now();
  if (snapshot && now - snapshot.at < REVOCATION_SNAPSHOT_MS && now >= snapshot.at) return snapshot;
  if (!loading || loading.generation !== generation) {
    const gen = generation;
    const promise = load(env, gen).finally(() => {
      if (loading?.promise === promise) loading = null;
    });
    loading = { generation: gen, promise };
  }
  return loading.promise;
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
