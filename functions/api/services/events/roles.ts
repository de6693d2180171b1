/**
 * A user's `rol` is the highest of their producer memberships (ADMIN > COLABORATORS > USER); SUPERADMIN is
 * granted by hand and never changed here. Answers the new role and whether it changed, so the caller can
 * answer `role_update: true` and the client refreshes its token.
 */
export async function recomputeRole(db: D1Database, userId: number): Promise<{ rol: string; changed: boolean }> {
  const row = await db
    .prepare(
      `select u.rol,
              coalesce(max(case m.role when 'ADMIN' then 2 when 'COLABORATORS' then 1 end), 0) as best
         from users u left join producer_members m on m.user_id = u.id
        where u.id = ? group by u.id`,
    )
    .bind(userId)
    .first<{ rol: string; best: number }>();
  if (!row) return { rol: 'USER', changed: false };
  if (row.rol === 'SUPERADMIN') return { rol: row.rol, changed: false };
  const rol = row.best === 2 ? 'ADMIN' : row.best === 1 ? 'COLABORATORS' : 'USER';
  if (rol === row.rol) return { rol, changed: false };
  await db
    .prepare(`update users set rol = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ?`)
    .bind(rol, userId)
    .run();
  return { rol, changed: true };
}
