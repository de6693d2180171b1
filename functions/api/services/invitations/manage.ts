import { INVITATION_MSG } from '../../../../src/shared/messages/invitations';
import { INVITATION_REVOKED_REASON, tagKeyOf } from '../../../../src/shared/schemas/invitations';
import { ticketTransition } from '../../../domain/checkout/order-state';
import type { Actor } from '../../../domain/events/access';
import { inventoryOf } from '../../../durable-objects/stubs';
import { sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { claimAtDoor, claimCommit, underClaim } from '../checkin/claims';
import { auditStatement } from '../sales/audit';
import type { InvitationEvent } from './issue';
import { deliverInvitationMail } from './mail';

type Defer = (work: Promise<unknown>) => void;

/** An invitation as an admin acts on it (the access declaration loads it, `invitationParam` in lib/access.ts). */
export type GuestInvitation = {
  id: string;
  event_id: number;
  producer_id: number;
  order_id: string;
  status: 'active' | 'revoked';
  hold_id: string;
};

export async function findInvitation(db: D1Database, id: string): Promise<GuestInvitation | null> {
  return db
    .prepare(
      `select g.id, g.event_id, e.producer_id, g.order_id, g.status, o.hold_id
       from guest_invitations g join orders o on o.id = g.order_id join events e on e.id = g.event_id
       where g.id = ?`,
    )
    .bind(id)
    .first<GuestInvitation>();
}

/**
 * Revokes an invitation: its tickets are cancelled and put on the revocation list (refused at the door,
 * also by offline scanners), and the capacity and tag count go back to the inventory object. An invitation
 * with a ticket already used at the door cannot be revoked.
 */
const REVOKED_ORDER = "select order_id from guest_invitations where id = ? and status = 'revoked' and revoked_at = ?";

export async function revokeInvitation(env: Env, actor: Actor, inv: GuestInvitation, reason: string) {
  const db = env.DB;
  const id = inv.id;
  if (inv.status === 'revoked') fail(409, INVITATION_MSG.alreadyRevoked);
  const now = new Date().toISOString();
  // Its tickets are claimed at the door first: one admitted a moment ago (D1 may not say so yet) keeps the
  // invitation, and none is let in while the revocation is written.
  const { results: tickets } = await db
    .prepare('select id from tickets where order_id = ?')
    .bind(inv.order_id)
    .all<{ id: string }>();
  const claim = await claimAtDoor(
    env,
    inv.event_id,
    { kind: 'revoke', ticketIds: tickets.map((t) => t.id) },
    { admitted: INVITATION_MSG.alreadyUsed },
  );
  const [, changed] = await underClaim(env, claim, () =>
    db.batch([
      claimCommit(db, claim),
      db
        .prepare(
          `update guest_invitations set status = 'revoked', revoked_at = ? where id = ? and status = 'active'
           and not exists (select 1 from tickets where order_id = guest_invitations.order_id and status = 'used')`,
        )
        .bind(now, id),
      db
        .prepare(
          `insert or ignore into revocations (ticket_id, event_id, reason)
         select k.id, k.event_id, 'cancelled' from tickets k join guest_invitations g on g.order_id = k.order_id
         where g.id = ? and g.status = 'revoked' and g.revoked_at = ? and k.status = 'valid'`,
        )
        .bind(id, now),
      ticketTransition(db, { orderIn: { sql: REVOKED_ORDER, binds: [id, now] } }, ['valid'], 'cancelled'),
      db
        .prepare(
          `update orders set status_reason = ?, updated_at = ?
         where id = (select order_id from guest_invitations where id = ? and status = 'revoked' and revoked_at = ?)`,
        )
        .bind(INVITATION_REVOKED_REASON, now, id, now),
    ]),
  );
  if (changed.meta.changes !== 1) {
    const again = await db
      .prepare('select status from guest_invitations where id = ?')
      .bind(id)
      .first<{ status: string }>();
    if (again?.status === 'revoked') fail(409, INVITATION_MSG.alreadyRevoked);
    fail(409, INVITATION_MSG.alreadyUsed);
  }
  await db.batch([
    auditStatement(db, actor, {
      producerId: inv.producer_id,
      eventId: inv.event_id,
      orderId: inv.order_id,
      action: 'invitation_revoke',
      reason,
      detail: { invitation_id: id },
    }),
  ]);
  // After D1 says so: a failure here keeps the seats taken (never oversold); the next revoke call retries.
  await inventoryOf(env, inv.event_id).revokeInvitation(inv.hold_id);
  return { id, status: 'revoked' as const };
}

/**
 * The event was cancelled (services/events/cancellation.ts, in the same batch as the cancellation): every
 * active invitation of the event is revoked (its e-mail no longer goes out) and its valid tickets are
 * cancelled and put on the revocation list. An admitted ticket keeps its state. The caller tells the door's
 * object afterwards; the inventory object's sale is closed already, so no stock goes back.
 */
export function revokeEventInvitations(db: D1Database, eventId: number, now: string): D1PreparedStatement[] {
  const revoked = {
    sql: "select order_id from guest_invitations where event_id = ? and status = 'revoked' and revoked_at = ?",
    binds: [eventId, now],
  };
  return [
    db
      .prepare(
        "update guest_invitations set status = 'revoked', revoked_at = ? where event_id = ? and status = 'active'",
      )
      .bind(now, eventId),
    db
      .prepare(
        `insert or ignore into revocations (ticket_id, event_id, reason)
         select k.id, k.event_id, 'cancelled' from tickets k
         where k.order_id in (${revoked.sql}) and k.status = 'valid'`,
      )
      .bind(...revoked.binds),
    // The orders keep no "revoked" reason: their guests are told of the cancellation like every buyer.
    ticketTransition(db, { orderIn: revoked }, ['valid'], 'cancelled'),
  ];
}

/** Sends the invitation e-mail again, with a new link (the old one still shows /mis-tickets, unrecorded). */
export async function resendInvitation(env: Env, actor: Actor, inv: GuestInvitation, defer: Defer) {
  const db = env.DB;
  const id = inv.id;
  if (inv.status === 'revoked') fail(409, INVITATION_MSG.revokedNoResend);
  await db.batch([
    db
      .prepare(
        `update guest_invitations set mail_status = 'pending', mail_attempts = 0, mail_at = null
         where id = ? and mail_status != 'sending'`,
      )
      .bind(id),
    auditStatement(db, actor, {
      producerId: inv.producer_id,
      eventId: inv.event_id,
      orderId: inv.order_id,
      action: 'invitation_resend',
      detail: { invitation_id: id },
    }),
  ]);
  defer(deliverInvitationMail(env, id));
  return { id, sent: true };
}

/** Sets (or with null removes) how many tickets a tag may give away in the event. */
export async function setTagQuota(
  db: D1Database,
  actor: Actor,
  event: InvitationEvent,
  tag: string,
  quota: number | null,
) {
  const eventId = event.id;
  const key = tagKeyOf(tag);
  await db.batch([
    quota === null
      ? db.prepare('delete from guest_invitation_quotas where event_id = ? and tag_key = ?').bind(eventId, key)
      : db
          .prepare(
            `insert into guest_invitation_quotas (event_id, tag_key, tag, quota) values (?, ?, ?, ?)
             on conflict (event_id, tag_key) do update set quota = excluded.quota, tag = excluded.tag`,
          )
          .bind(eventId, key, tag.trim(), quota),
    auditStatement(db, actor, {
      producerId: event.producer_id,
      eventId,
      action: 'invitation_quota',
      detail: { tag: tag.trim(), quota },
    }),
  ]);
  return { tag: tag.trim(), quota };
}

/** The guest followed the e-mail's link: the first time is recorded. Unknown tokens change nothing. */
export async function markOpened(db: D1Database, token: string) {
  await db
    .prepare('update guest_invitations set opened_at = coalesce(opened_at, ?) where open_token_hash = ? and status = ?')
    .bind(new Date().toISOString(), await sha256Hex(token), 'active')
    .run();
}
