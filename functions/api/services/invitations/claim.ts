/**
 * Gives a user the invitations sent to their e-mail before they had a verified account with it: the
 * tickets (same codes) and their orders move to them. Only a verified address claims, and only its own
 * invitations that were not revoked, so nobody gets tickets by registering someone else's e-mail.
 * Called whenever an address becomes verified (registration, recovery, change of e-mail). One transaction.
 */
export async function claimInvitations(db: D1Database, userId: number): Promise<number> {
  const pending = `select order_id from guest_invitations
    where recipient_user_id is null and status = 'active'
      and email = (select email from users where id = ?1 and email_verified_at is not null and activo = 1)`;
  const [, , claimed] = await db.batch([
    db
      .prepare(`update tickets set owner_user_id = ?1 where order_id in (${pending}) and status in ('valid', 'used')`)
      .bind(userId),
    db.prepare(`update orders set user_id = ?1 where id in (${pending})`).bind(userId),
    db
      .prepare(
        `update guest_invitations set recipient_user_id = ?1 where recipient_user_id is null and status = 'active'
           and email = (select email from users where id = ?1 and email_verified_at is not null and activo = 1)`,
      )
      .bind(userId),
  ]);
  return claimed.meta.changes;
}
