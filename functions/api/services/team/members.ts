import { GRANT_MSG, MEMBER_ROLE_LABEL, TEAM_MSG } from '../../../../src/shared/messages/team';
import type { MemberRole } from '../../../../src/shared/roles';
import type { MemberUpdate } from '../../../../src/shared/schemas/team';
import { type Actor, assertGrantable } from '../../../domain/events/access';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import { syncUserRole } from '../accounts/roles';
import { auditStatement } from '../sales/audit';

/** The team of a producer: members (with their events and last activity) and open invitations. */
export async function teamOf(db: D1Database, producerId: number) {
  const [members, invitations] = await db.batch([
    db
      .prepare(
        `select m.user_id, u.name, u.email, m.role, m.event_limited, m.created_at, m.last_active_at,
           (select json_group_array(e.event_id) from producer_member_events e
             where e.producer_id = m.producer_id and e.user_id = m.user_id) as event_ids
         from producer_members m join users u on u.id = m.user_id
         where m.producer_id = ? order by m.role = 'ADMIN' desc, u.name`,
      )
      .bind(producerId),
    db
      .prepare(
        `select i.id, i.email, i.role, i.event_ids, i.status, i.created_at, i.sent_at, i.expires_at, u.name as invited_by
         from team_invitations i join users u on u.id = i.invited_by
         where i.producer_id = ? and i.status = 'pending' order by i.created_at desc`,
      )
      .bind(producerId),
  ]);
  type MemberRow = {
    user_id: number;
    name: string;
    email: string;
    role: MemberRole;
    event_limited: number;
    created_at: string;
    last_active_at: string | null;
    event_ids: string;
  };
  type InvitationRow = {
    id: string;
    email: string;
    role: MemberRole;
    event_ids: string;
    status: string;
    created_at: string;
    sent_at: string | null;
    expires_at: string;
    invited_by: string;
  };
  return {
    members: (members.results as MemberRow[]).map((m) => ({
      ...m,
      role_label: MEMBER_ROLE_LABEL[m.role],
      event_ids: JSON.parse(m.event_ids) as number[],
      /** A producer-wide Administrador (the producer always keeps one). */
      wide_admin: m.role === 'ADMIN' && !m.event_limited,
    })),
    invitations: (invitations.results as InvitationRow[]).map((i) => ({
      ...i,
      role_label: MEMBER_ROLE_LABEL[i.role],
      event_ids: JSON.parse(i.event_ids) as number[],
      expired: i.expires_at < new Date().toISOString(),
    })),
  };
}

/** The events of the list that belong to the producer; 400 when any does not. */
export async function assertOwnEvents(db: D1Database, producerId: number, eventIds: number[]) {
  if (eventIds.length === 0) return;
  const row = await db
    .prepare('select count(*) as n from events where producer_id = ? and id in (select value from json_each(?))')
    .bind(producerId, JSON.stringify(eventIds))
    .first<{ n: number }>();
  if (row?.n !== new Set(eventIds).size) fail(400, TEAM_MSG.foreignEvents);
}

/**
 * True (as SQL) when the producer keeps a producer-wide Administrador other than `userId`. It reads only
 * other members' rows, so it has the same value in every statement of a batch that changes `userId`.
 */
const OTHER_WIDE_ADMIN = `exists (select 1 from producer_members w where w.producer_id = ?1 and w.user_id != ?2
  and w.role = 'ADMIN' and w.event_limited = 0)`;

/**
 * The statements that make a person a member with this role and event scope (replacing what they had),
 * and mark their token claims stale so their next answer says role_update.
 *
 * The producer always keeps a producer-wide Administrador: unless the person stays one (`keepsWide`),
 * every statement carries the condition that another one exists, so the batch changes nothing when it
 * does not, and two concurrent demotions cannot both pass (D1 runs each batch as one transaction).
 */
export function membershipStatements(
  db: D1Database,
  producerId: number,
  userId: number,
  role: MemberRole,
  eventIds: number[],
) {
  const keepsWide = role === 'ADMIN' && eventIds.length === 0 ? 1 : 0;
  const guard = `(?3 = 1 or ${OTHER_WIDE_ADMIN})`;
  return [
    db
      .prepare(
        `insert into producer_members (producer_id, user_id, role, event_limited) select ?1, ?2, ?4, ?5 where ${guard}
         on conflict (producer_id, user_id) do update set role = excluded.role, event_limited = excluded.event_limited`,
      )
      .bind(producerId, userId, keepsWide, role, eventIds.length > 0 ? 1 : 0),
    db
      .prepare(`delete from producer_member_events where producer_id = ?1 and user_id = ?2 and ${guard}`)
      .bind(producerId, userId, keepsWide),
    db
      .prepare(
        `insert into producer_member_events (producer_id, user_id, event_id)
         select ?1, ?2, value from json_each(?4)
         where ${guard} and value in (select id from events where producer_id = ?1)`,
      )
      .bind(producerId, userId, keepsWide, JSON.stringify([...new Set(eventIds)])),
    db
      .prepare(`update users set roles_changed_at = unixepoch() where id = ?2 and ${guard} and ?1 is not null`)
      .bind(producerId, userId, keepsWide),
  ];
}

async function memberRole(db: D1Database, producerId: number, userId: number) {
  const row = await db
    .prepare('select role from producer_members where producer_id = ? and user_id = ?')
    .bind(producerId, userId)
    .first<{ role: MemberRole }>();
  if (!row) fail(404, TEAM_MSG.notMember);
  return row.role;
}

/**
 * Changes a member's role and events. Nobody changes their own; the actor grants no more than it holds;
 * the producer keeps a producer-wide ADMIN (checked in the same statements that write, see above).
 */
export async function updateMember(env: Env, actor: Actor, userId: number, input: MemberUpdate) {
  const db = env.DB;
  if (userId === actor.userId) {
    // The last producer-wide Administrador hears why first (a conflict with the team, not a permission).
    const other = await db
      .prepare(`select ${OTHER_WIDE_ADMIN} as yes`)
      .bind(input.producer_id, userId)
      .first<{ yes: number }>();
    if (!other?.yes) fail(409, TEAM_MSG.selfLastAdmin);
    fail(403, GRANT_MSG.self);
  }
  const current = await memberRole(db, input.producer_id, userId);
  await assertOwnEvents(db, input.producer_id, input.event_ids);
  assertGrantable(actor, input.producer_id, input.role, input.event_ids);
  const [written] = await db.batch(membershipStatements(db, input.producer_id, userId, input.role, input.event_ids));
  if (!written.meta.changes) fail(409, TEAM_MSG.lastAdmin);
  await auditStatement(db, actor, {
    producerId: input.producer_id,
    action: 'team_member_change',
    detail: { user_id: userId, from: current, to: input.role, event_ids: input.event_ids },
  }).run();
  await syncUserRole(db, userId);
  await emit(env, { kind: 'staffChanged', userId });
}

/**
 * Removes a member from the producer (their access ends on their next call). One statement decides:
 * a producer-wide ADMIN goes only while another one stays.
 */
export async function removeMember(env: Env, actor: Actor, producerId: number, userId: number) {
  const db = env.DB;
  const current = await memberRole(db, producerId, userId);
  const [removed] = await db.batch([
    db
      .prepare(
        `delete from producer_members where producer_id = ?1 and user_id = ?2
           and (role != 'ADMIN' or event_limited = 1 or ${OTHER_WIDE_ADMIN})`,
      )
      .bind(producerId, userId),
    db
      .prepare(
        `update users set roles_changed_at = unixepoch() where id = ?2
           and not exists (select 1 from producer_members where producer_id = ?1 and user_id = ?2)`,
      )
      .bind(producerId, userId),
  ]);
  if (!removed.meta.changes) fail(409, userId === actor.userId ? TEAM_MSG.selfLastAdmin : TEAM_MSG.lastAdmin);
  await auditStatement(db, actor, {
    producerId,
    action: 'team_member_remove',
    detail: { user_id: userId, role: current },
  }).run();
  await syncUserRole(db, userId);
  await emit(env, { kind: 'staffChanged', userId });
}

// At most one activity write per member a minute, per isolate: the list shows minutes, not seconds.
const lastTouch = new Map<number, number>();

/** Records that the person used the back office now (for "última actividad"), cheaply. */
export async function touchActivity(db: D1Database, userId: number) {
  const now = Date.now();
  if ((lastTouch.get(userId) ?? 0) > now - 60_000) return;
  if (lastTouch.size > 5_000) lastTouch.clear();
  lastTouch.set(userId, now);
  await db
    .prepare(`update producer_members set last_active_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where user_id = ?`)
    .bind(userId)
    .run();
}
