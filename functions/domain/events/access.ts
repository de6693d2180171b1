import { MSG } from '../../../src/shared/messages/common';
import { ACCESS_MSG, GRANT_MSG } from '../../../src/shared/messages/team';
import { type MemberRole, type Permission, permissionsForMember, permissionsOf } from '../../../src/shared/roles';
import type { SessionUser } from '../../../src/shared/session';
import { fail } from '../../api/lib/errors';

/**
 * The one authorization rule of the back office. Every route's declaration (functions/api/lib/access.ts)
 * loads the caller with `loadActor` (a demoted or deactivated account loses access on its next call, not
 * when its token expires) and checks it with `holdsPermission`; handlers narrow lists with `can` and
 * `eventsLimit`. Nothing reads `rol` or `permisos` from the token to decide.
 *
 * Who is calling, read from the database rather than the token: a token can carry a role that changed a
 * minute ago (a USER who just became ADMIN of their producer), and ownership is only ever in producer_members.
 */
export type Actor = {
  userId: number;
  name: string;
  email: string;
  rol: string;
  isSuperAdmin: boolean;
  /** producer id -> the caller's role in it */
  memberships: Map<number, MemberRole>;
  /** producer id -> the only events the caller may act on there (absent: all of them) */
  scopes: Map<number, Set<number>>;
  /**
   * A producer API key's permissions (absent for a person): the key may do only these, and only where its
   * creator's membership grants them too (`keyActor`).
   */
  grants?: ReadonlySet<Permission>;
};

export async function loadActor(db: D1Database, session: SessionUser): Promise<Actor> {
  const [user, members] = await db.batch(actorStatements(db, session));
  return actorFrom(user, members);
}

/** The reads behind `loadActor`, for a hot path that sends them in one D1 batch with its own reads. */
export function actorStatements(db: D1Database, session: SessionUser) {
  return [
    db.prepare('select id, name, email, rol, activo from users where id = ?').bind(session.user.id),
    db
      .prepare(
        `select m.producer_id, m.role, m.event_limited,
           (select json_group_array(e.event_id) from producer_member_events e
             where e.producer_id = m.producer_id and e.user_id = m.user_id) as events
         from producer_members m where m.user_id = ?`,
      )
      .bind(session.user.id),
  ];
}

export function actorFrom(user: D1Result, members: D1Result): Actor {
  const row = user.results[0] as { id: number; name: string; email: string; rol: string; activo: number } | undefined;
  if (!row?.activo) fail(401, MSG.sessionExpired);
  const memberships = new Map<number, MemberRole>();
  const scopes = new Map<number, Set<number>>();
  for (const m of members.results as {
    producer_id: number;
    role: MemberRole;
    event_limited: number;
    events: string;
  }[]) {
    memberships.set(m.producer_id, m.role);
    const events = JSON.parse(m.events) as number[];
    // Limited stays limited even when its events were deleted (then to nothing).
    if (m.event_limited || events.length > 0) scopes.set(m.producer_id, new Set(events));
  }
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    rol: row.rol,
    isSuperAdmin: row.rol === 'SUPERADMIN',
    memberships,
    scopes,
  };
}

/** Members of the producer (and superadmins) may read its events; a member limited to some, only those. */
export const canView = (actor: Actor, producerId: number, eventId?: number) =>
  actor.isSuperAdmin ||
  (actor.memberships.has(producerId) &&
    (!actor.grants || actor.grants.has('events.view')) &&
    (eventId === undefined || !actor.scopes.has(producerId) || !!actor.scopes.get(producerId)?.has(eventId)));

/** The producers whose events the actor may see in the back office; null means all (superadmin). */
export const visibleProducerIds = (actor: Actor): number[] | null =>
  actor.isSuperAdmin ? null : [...actor.memberships.keys()];

/**
 * May the actor do `permission` on this producer's data (on one of its events, when `eventId` is given)?
 * A superadmin may do anything; a member, what their role in that producer grants (`permissionsForMember`,
 * the same names the token's `permisos` carry), and for a member limited to some events, only on those.
 * Producer-wide reads of a limited member are narrowed with `eventsLimit`.
 */
export function can(actor: Actor, producerId: number, permission: Permission, eventId?: number): boolean {
  if (actor.isSuperAdmin) return true;
  if (actor.grants && !actor.grants.has(permission)) return false;
  const role = actor.memberships.get(producerId);
  if (role === undefined || !roleGrants(role, permission)) return false;
  const only = actor.scopes.get(producerId);
  return eventId === undefined || !only || only.has(eventId);
}

/** Every member (any role) may read its producer's events; the rest is what the role grants. */
const roleGrants = (role: MemberRole, permission: Permission) =>
  permission === 'events.view' || permissionsForMember(role).includes(permission);

/** May the actor do `permission` across the whole producer (a member limited to some events may not)? */
export const canWide = (actor: Actor, producerId: number, permission: Permission) =>
  actor.isSuperAdmin || (can(actor, producerId, permission) && !actor.scopes.has(producerId));

/** What a request names: a producer, one of its events, or nothing (lists across the caller's producers). */
export type Target = { producerId?: number; eventId?: number };

/** `'producer'`: needs a producer-wide membership. `'event'`: a membership limited to the event will do. */
export type PermissionScope = 'producer' | 'event';

/**
 * The check behind `requirePermission` (functions/api/lib/access.ts). What the request names decides:
 * - an event: `'event'` scope needs the permission on that event; `'producer'` scope, on its whole producer;
 * - only a producer: `'producer'` scope needs it producer-wide; `'event'` scope, any membership granting it
 *   (the handler narrows the answer to the caller's events);
 * - nothing: what every signed-in user may do (`events.view`, `events.create` of their own producer), or
 *   the permission held somewhere (producer-wide for `'producer'` scope).
 */
export function holdsPermission(actor: Actor, permission: Permission, scope: PermissionScope, target: Target): boolean {
  if (actor.isSuperAdmin) return true;
  if (actor.grants && !actor.grants.has(permission)) return false;
  const { producerId, eventId } = target;
  if (producerId !== undefined) {
    if (scope === 'producer') return canWide(actor, producerId, permission);
    return can(actor, producerId, permission, eventId);
  }
  // What every signed-in person may do is theirs, not a key's: a key acts only within its producer.
  if (!actor.grants && permissionsOf(actor.rol, []).includes(permission)) return true;
  return [...actor.memberships.keys()].some((id) =>
    scope === 'producer' ? canWide(actor, id, permission) : can(actor, id, permission),
  );
}

const ROLE_RANK: Record<MemberRole, number> = { DOOR: 1, BOX_OFFICE: 2, ANALYST: 2, ADMIN: 3 };

/**
 * A member never grants more than it holds: a role no higher than its own (and not one granting a
 * permission it lacks), and only within its own events. A superadmin may grant anything.
 */
export function assertGrantable(actor: Actor, producerId: number, role: MemberRole, eventIds: number[]) {
  if (actor.isSuperAdmin) return;
  const own = actor.memberships.get(producerId);
  if (!own) fail(403, ACCESS_MSG.noProducer);
  const ownPermissions = permissionsForMember(own);
  if (ROLE_RANK[role] > ROLE_RANK[own] || permissionsForMember(role).some((p) => !ownPermissions.includes(p)))
    fail(403, GRANT_MSG.higher);
  const only = actor.scopes.get(producerId);
  if (only && (eventIds.length === 0 || eventIds.some((id) => !only.has(id)))) fail(403, GRANT_MSG.scope);
}

export function assertCan(
  actor: Actor,
  producerId: number,
  permission: Permission,
  message: string = ACCESS_MSG.noEvent,
  eventId?: number,
) {
  if (!can(actor, producerId, permission, eventId)) fail(403, message);
}

/** The only events of this producer the actor may act on, or null for all of them. */
export function eventsLimit(actor: Actor, producerId: number): number[] | null {
  if (actor.isSuperAdmin) return null;
  const only = actor.scopes.get(producerId);
  return only ? [...only] : null;
}

/** What a producer API key is, as its declaration needs it (services/integrations/api-keys.ts loads it). */
export type KeyGrant = {
  producerId: number;
  permissions: readonly Permission[];
  /** null: all of the producer's events */
  events: readonly number[] | null;
};

/**
 * The actor of a call made with a producer API key: its creator as they are now (`creator`, read on every
 * call), narrowed to the key's producer, permissions and events. The key never does more than its creator:
 * a creator demoted, limited to some events or removed from the team takes the key down with them. A
 * superadmin's key acts as a full administrator of its producer, never as a superadmin.
 */
export function keyActor(creator: Actor, key: KeyGrant): Actor {
  const role: MemberRole | undefined = creator.isSuperAdmin ? 'ADMIN' : creator.memberships.get(key.producerId);
  const memberships = new Map<number, MemberRole>(role ? [[key.producerId, role]] : []);
  const creatorOnly = creator.isSuperAdmin ? undefined : creator.scopes.get(key.producerId);
  let only: Set<number> | undefined;
  if (key.events && creatorOnly) only = new Set(key.events.filter((id) => creatorOnly.has(id)));
  else if (key.events) only = new Set(key.events);
  else if (creatorOnly) only = new Set(creatorOnly);
  return {
    ...creator,
    rol: 'USER',
    isSuperAdmin: false,
    memberships,
    scopes: new Map(only ? [[key.producerId, only]] : []),
    grants: new Set(key.permissions),
  };
}
