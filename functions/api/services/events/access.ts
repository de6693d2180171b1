import type { SessionUser } from '../../../../src/shared/session';
import { fail } from '../../lib/errors';

/**
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
  const [user, members] = await db.batch([
    db.prepare('select id, name, email, rol, activo from users where id = ?').bind(session.user.id),
    db.prepare('select producer_id, role from producer_members where user_id = ?').bind(session.user.id),
  ]);
  const row = user.results[0] as { id: number; name: string; email: string; rol: string; activo: number } | undefined;
  if (!row?.activo) fail(401, 'Sesión inválida o expirada. Inicie sesión nuevamente.');
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
