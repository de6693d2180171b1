import { MSG } from '../../../../src/shared/messages';
import { type Permission, permissionsFor } from '../../../../src/shared/roles';
import type { SessionUser } from '../../../../src/shared/session';
import { fail } from '../../lib/errors';

/**
 * The one authorization rule of the back office. Every decision loads the caller with `loadActor` (a
 * demoted or deactivated account loses access on its next call, not when its token expires) and
 * checks it with the functions below; nothing reads `rol` or `permisos` from the token to decide.
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
  memberships: Map<number, 'ADMIN' | 'COLABORATORS'>;
};

export const NO_ACCESS = 'No tiene permisos sobre este evento';
export const NO_PRODUCER_ACCESS = 'No tiene permisos sobre esta productora';

export async function loadActor(db: D1Database, session: SessionUser): Promise<Actor> {
  const [user, members] = await db.batch(actorStatements(db, session));
  return actorFrom(user, members);
}

/** The reads behind `loadActor`, for a hot path that sends them in one D1 batch with its own reads. */
export function actorStatements(db: D1Database, session: SessionUser) {
  return [
    db.prepare('select id, name, email, rol, activo from users where id = ?').bind(session.user.id),
    db.prepare('select producer_id, role from producer_members where user_id = ?').bind(session.user.id),
  ];
}

export function actorFrom(user: D1Result, members: D1Result): Actor {
  const row = user.results[0] as { id: number; name: string; email: string; rol: string; activo: number } | undefined;
  if (!row?.activo) fail(401, MSG.sessionExpired);
  const memberships = new Map<number, 'ADMIN' | 'COLABORATORS'>();
  for (const m of members.results as { producer_id: number; role: 'ADMIN' | 'COLABORATORS' }[])
    memberships.set(m.producer_id, m.role);
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    rol: row.rol,
    isSuperAdmin: row.rol === 'SUPERADMIN',
    memberships,
  };
}

/** Admins and collaborators of the producer (and superadmins) may read its events. */
export const canView = (actor: Actor, producerId: number) => actor.isSuperAdmin || actor.memberships.has(producerId);

/** Only the producer's admins (and superadmins) may change its events: full access, spec section 6. */
export const canManage = (actor: Actor, producerId: number) =>
  actor.isSuperAdmin || actor.memberships.get(producerId) === 'ADMIN';

export function assertView(actor: Actor, producerId: number, message = NO_ACCESS) {
  if (!canView(actor, producerId)) fail(403, message);
}

export function assertManage(actor: Actor, producerId: number, message = NO_ACCESS) {
  if (!canManage(actor, producerId)) fail(403, message);
}

export function assertSuperAdmin(actor: Actor) {
  if (!actor.isSuperAdmin) fail(403, 'Solo un superadministrador puede hacer esto');
}

/** The producers whose events the actor may see in the back office; null means all (superadmin). */
export const visibleProducerIds = (actor: Actor): number[] | null =>
  actor.isSuperAdmin ? null : [...actor.memberships.keys()];

/**
 * May the actor do `permission` on this producer's data? A superadmin may do anything; a member, what
 * their role in that producer grants (`permissionsFor`, the same names the token's `permisos` carry).
 */
export function can(actor: Actor, producerId: number, permission: Permission): boolean {
  if (actor.isSuperAdmin) return true;
  const role = actor.memberships.get(producerId);
  return role !== undefined && permissionsFor(role).includes(permission);
}

export function assertCan(actor: Actor, producerId: number, permission: Permission, message = NO_ACCESS) {
  if (!can(actor, producerId, permission)) fail(403, message);
}

/** The producer an event belongs to; 404 when there is no such event. */
export async function producerOfEvent(db: D1Database, eventId: number): Promise<number> {
  const event = await db
    .prepare('select producer_id from events where id = ?')
    .bind(eventId)
    .first<{ producer_id: number }>();
  if (!event) fail(404, 'El evento no existe.');
  return event.producer_id;
}

/**
 * Door staff of an event: its producer's admins and collaborators, or a superadmin. Staff of one producer
 * cannot check another producer's tickets.
 */
export async function assertEventStaff(db: D1Database, session: SessionUser, eventId: number, message: string) {
  const [actor, producerId] = await Promise.all([loadActor(db, session), producerOfEvent(db, eventId)]);
  assertCan(actor, producerId, 'tickets.validate', message);
  return actor;
}
