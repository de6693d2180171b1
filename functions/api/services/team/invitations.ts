import { MEMBER_ROLE_LABEL, TEAM_INVITATION_MSG } from '../../../../src/shared/messages/team';
import type { MemberRole } from '../../../../src/shared/roles';
import type { TeamInvite } from '../../../../src/shared/schemas/team';
import type { SessionUser } from '../../../../src/shared/session';
import { type Actor, assertGrantable } from '../../../domain/events/access';
import { sendMail } from '../../../mail/port';
import { teamInvitationEmail } from '../../../mail/templates/team';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import { siteLink } from '../accounts/mails';
import { syncUserRole } from '../accounts/roles';
import { auditStatement } from '../sales/audit';
import { assertOwnEvents, membershipStatements } from './members';

const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

type InvitationRow = {
  id: string;
  producer_id: number;
  producer_name: string;
  email: string;
  role: MemberRole;
  event_ids: string;
  status: 'pending' | 'accepted' | 'revoked';
  expires_at: string;
  invited_by_name: string;
};

const SELECT = `select i.id, i.producer_id, p.name as producer_name, i.email, i.role, i.event_ids, i.status, i.expires_at,
  u.name as invited_by_name from team_invitations i join producers p on p.id = i.producer_id
  join users u on u.id = i.invited_by`;

/** Sends (or re-sends) the invitation with a fresh link; the old link stops working. */
async function send(env: Env, invitation: InvitationRow) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS).toISOString();
  await env.DB.prepare(
    `update team_invitations set token_hash = ?, expires_at = ?, sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     where id = ?`,
  )
    .bind(await sha256Hex(token), expiresAt, invitation.id)
    .run();
  await sendMail(env, {
    to: invitation.email,
    ...teamInvitationEmail({
      producerName: invitation.producer_name,
      roleLabel: MEMBER_ROLE_LABEL[invitation.role],
      inviterName: invitation.invited_by_name,
      acceptUrl: siteLink(env, '/equipo/aceptar', token),
    }),
  });
}

async function findInvitation(db: D1Database, producerId: number, id: string) {
  const row = await db
    .prepare(`${SELECT} where i.id = ? and i.producer_id = ?`)
    .bind(id, producerId)
    .first<InvitationRow>();
  if (row?.status !== 'pending') fail(404, TEAM_INVITATION_MSG.notFound);
  return row;
}

/** Invites a person by e-mail (a new invitation replaces an open one to the same address). */
export async function invite(env: Env, actor: Actor, input: TeamInvite) {
  const db = env.DB;
  const member = await db
    .prepare(
      `select 1 from producer_members m join users u on u.id = m.user_id
       where m.producer_id = ? and u.email = ? collate nocase`,
    )
    .bind(input.producer_id, input.email)
    .first();
  if (member) fail(409, TEAM_INVITATION_MSG.alreadyMember);
  await assertOwnEvents(db, input.producer_id, input.event_ids);
  // Within the inviter's own scope, at a role no higher than its own.
  assertGrantable(actor, input.producer_id, input.role, input.event_ids);
  const id = crypto.randomUUID();
  await db.batch([
    db
      .prepare(
        `update team_invitations set status = 'revoked' where producer_id = ? and email = ? and status = 'pending'`,
      )
      .bind(input.producer_id, input.email),
    db
      .prepare(
        `insert into team_invitations (id, producer_id, email, role, event_ids, token_hash, invited_by, expires_at)
         values (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        input.producer_id,
        input.email,
        input.role,
        JSON.stringify([...new Set(input.event_ids)]),
        `unsent:${id}`,
        actor.userId,
        new Date(Date.now() + INVITATION_TTL_MS).toISOString(),
      ),
    auditStatement(db, actor, {
      producerId: input.producer_id,
      action: 'team_invite',
      detail: { email: input.email, role: input.role, event_ids: input.event_ids },
    }),
  ]);
  await send(env, await findInvitation(db, input.producer_id, id));
  return { id };
}

export async function resendInvitation(env: Env, producerId: number, id: string) {
  const invitation = await findInvitation(env.DB, producerId, id);
  await send(env, invitation);
  return invitation.email;
}

export async function revokeInvitation(db: D1Database, actor: Actor, producerId: number, id: string) {
  const invitation = await findInvitation(db, producerId, id);
  await db.batch([
    db.prepare(`update team_invitations set status = 'revoked' where id = ?`).bind(id),
    auditStatement(db, actor, {
      producerId,
      action: 'team_invite_revoke',
      detail: { email: invitation.email, role: invitation.role },
    }),
  ]);
}

async function byToken(db: D1Database, token: string) {
  const row = await db
    .prepare(`${SELECT} where i.token_hash = ?`)
    .bind(await sha256Hex(token))
    .first<InvitationRow>();
  if (row?.status !== 'pending') fail(404, TEAM_INVITATION_MSG.notFound);
  if (row.expires_at < new Date().toISOString()) fail(410, TEAM_INVITATION_MSG.expired);
  return row;
}

/** What the acceptance page shows before the person accepts. */
export async function previewInvitation(db: D1Database, token: string) {
  const row = await byToken(db, token);
  return {
    producer_name: row.producer_name,
    role: row.role,
    role_label: MEMBER_ROLE_LABEL[row.role],
    email: row.email,
    invited_by: row.invited_by_name,
    expires_at: row.expires_at,
  };
}

/**
 * Accepts an invitation for the signed-in person, whose account must be the invited address (verified:
 * unverified accounts cannot sign in). They join at once with the invitation's role and events; the new
 * membership reaches the doors like any other (a scan a moment later sees the new role).
 */
export async function acceptInvitation(env: Env, session: SessionUser, token: string) {
  const db = env.DB;
  const row = await byToken(db, token);
  const user = await db
    .prepare('select id, name, email from users where id = ? and activo = 1')
    .bind(session.user.id)
    .first<{ id: number; name: string; email: string }>();
  if (!user) fail(401, TEAM_INVITATION_MSG.sessionExpired);
  if (user.email.toLowerCase() !== row.email.toLowerCase()) fail(403, TEAM_INVITATION_MSG.otherEmail(row.email));
  const actor = { userId: user.id, name: user.name } as Actor;
  const claimed = await db
    .prepare(
      `update team_invitations set status = 'accepted', accepted_user_id = ?, accepted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       where id = ? and status = 'pending' returning id`,
    )
    .bind(user.id, row.id)
    .first();
  if (!claimed) fail(404, TEAM_INVITATION_MSG.notFound);
  await db.batch([
    ...membershipStatements(db, row.producer_id, user.id, row.role, JSON.parse(row.event_ids) as number[]),
    auditStatement(db, actor, { producerId: row.producer_id, action: 'team_join', detail: { role: row.role } }),
  ]);
  await syncUserRole(db, user.id);
  await emit(env, { kind: 'staffChanged', userId: user.id });
  return { producer_id: row.producer_id, producer_name: row.producer_name, role_label: MEMBER_ROLE_LABEL[row.role] };
}
