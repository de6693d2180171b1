import type { Role } from '../../../../src/shared/roles';

/**
 * Recomputes a user's `rol` from their producer memberships and stores it:
 * SUPERADMIN stays SUPERADMIN; else ADMIN with any ADMIN membership; else COLABORATORS with any
 * collaborator membership; else USER. Route files that change memberships call this and answer
 * `role_update: true` when it reports a change for the caller, so the island refreshes its token.
 */
export async function syncUserRole(db: D1Database, userId: number): Promise<{ rol: Role; changed: boolean }> {
  const row = await db
    .prepare(
      `select u.rol,
              exists(select 1 from producer_members m where m.user_id = u.id and m.role = 'ADMIN') as is_admin,
              exists(select 1 from producer_members m where m.user_id = u.id and m.role != 'ADMIN') as is_collab
         from users u where u.id = ?`,
    )
    .bind(userId)
    .first<{ rol: Role; is_admin: number; is_collab: number }>();
  if (!row) return { rol: 'GUEST', changed: false };
  const rol: Role =
    row.rol === 'SUPERADMIN' ? 'SUPERADMIN' : row.is_admin ? 'ADMIN' : row.is_collab ? 'COLABORATORS' : 'USER';
  if (rol === row.rol) return { rol, changed: false };
  await db
    .prepare(`update users set rol = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ?`)
    .bind(rol, userId)
    .run();
  return { rol, changed: true };
}
