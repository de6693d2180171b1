import { TICKET_FATE_MSG, TICKET_MSG, TRANSFER_MSG } from '../../../../src/shared/messages/checkout';
import { RESALE_MSG } from '../../../../src/shared/messages/resale';
import { ticketTransition } from '../../../domain/checkout/order-state';
import { signTicketCode, ticketIdFor } from '../../../domain/checkout/ticket-signing';
import { commitChanges } from '../../../domain/commit';
import { maskEmail } from '../../../mail/templates/transfer';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import { claimAtDoor, claimCommit, underClaim } from '../checkin/claims';
import { leaveResaleForTransfer } from '../resale/resale';
import { ticketOf, venueLine } from './ticket-list';
import { sendTransferOffer } from './transfer-mail';

/** Offers a valid ticket to someone by e-mail. A newer offer replaces a pending one. */
export async function offerTransfer(env: Env, userId: number, ticketId: string, toEmail: string) {
  const ticket = await ticketOf(env, ticketId);
  if (!ticket || ticket.owner_user_id !== userId) fail(404, TICKET_MSG.notFound);
  if (ticket.status !== 'valid') fail(409, TICKET_MSG.onlyValidTransfer);
  // Returned to the waiting list: the holder takes it back first (Retirar), so nobody buys it meanwhile.
  if (!(await leaveResaleForTransfer(env, ticket.event_id, ticketId, false))) fail(409, RESALE_MSG.listedNoTransfer);
  const me = await env.DB.prepare('select email from users where id = ?').bind(userId).first<{ email: string }>();
  if (!me) fail(404, TICKET_MSG.notFound);
  if (me.email.toLowerCase() === toEmail.toLowerCase()) fail(400, TRANSFER_MSG.toSelf);
  // Each offer e-mails an address the user typed: bounded per user so it cannot be used to send mail.
  await throttle(env, [
    ['transferUser', String(userId)],
    ['transferUserDay', String(userId)],
  ]);
  const token = randomToken(24);
  await env.DB.batch([
    env.DB.prepare("update ticket_transfers set status = 'cancelled' where ticket_id = ? and status = 'pending'").bind(
      ticketId,
    ),
    env.DB.prepare(
      'insert into ticket_transfers (id, ticket_id, from_user_id, to_email, token_hash) values (?, ?, ?, ?, ?)',
    ).bind(crypto.randomUUID(), ticketId, userId, toEmail.toLowerCase(), await sha256Hex(token)),
  ]);
  await sendTransferOffer(env, toEmail, me.email, ticket, token);
}

type TransferRow = { id: string; ticket_id: string; to_email: string; status: string };

/**
 * The recipient accepts: the old ticket is marked transferred and revoked, and a new ticket with a new
 * code is issued to the recipient. The old ticket is claimed at the event's door first (services/checkin/claims),
 * so an acceptance after the holder was scanned in is refused, and a scan while it is being accepted is refused
 * until the door knows the outcome. One batch decides against a concurrent acceptance: every statement is
 * conditional on this transfer still being pending with a valid ticket, so only one acceptance wins.
 */
export async function acceptTransfer(env: Env, user: { id: number; email: string }, token: string) {
  const transfer = await env.DB.prepare('select * from ticket_transfers where token_hash = ?')
    .bind(await sha256Hex(token))
    .first<TransferRow>();
  if (!transfer || transfer.status === 'cancelled') fail(404, TRANSFER_MSG.notFound);
  if (transfer.status === 'accepted') fail(409, TICKET_MSG.transferAccepted);
  if (transfer.to_email.toLowerCase() !== user.email.toLowerCase()) {
    fail(403, TICKET_MSG.transferOtherEmail);
  }
  const old = await ticketOf(env, transfer.ticket_id);
  if (old?.status !== 'valid') fail(409, TICKET_MSG.noLongerValid);
  // Listed meanwhile: it leaves the waiting list now; on offer to a waiting buyer (or bought): refused.
  if (!(await leaveResaleForTransfer(env, old.event_id, old.id, true))) fail(409, RESALE_MSG.offeredNoTransfer);

  const newId = await ticketIdFor(`${transfer.id}:new`);
  const code = await signTicketCode(env, newId, old.event_id);
  const claim = await claimAtDoor(
    env,
    old.event_id,
    { kind: 'transfer', ticketIds: [old.id] },
    { admitted: TICKET_FATE_MSG.transferAdmitted },
  );
  // This acceptance won: the transfer is accepted by it and has no new ticket yet.
  const mine = {
    sql: "exists (select 1 from ticket_transfers where id = ? and status = 'accepted' and new_ticket_id is null)",
    binds: [transfer.id],
  };
  const results = await underClaim(env, claim, () =>
    commitChanges(
      env,
      [
        claimCommit(env.DB, claim),
        env.DB.prepare(
          `update ticket_transfers set status = 'accepted', accepted_at = ? where id = ? and status = 'pending'
           and exists (select 1 from tickets where id = ? and status = 'valid')`,
        ).bind(new Date().toISOString(), transfer.id, old.id),
        ticketTransition(env.DB, { ids: [old.id] }, ['valid'], 'transferred', { where: mine }),
        env.DB.prepare(
          `insert into tickets (id, order_id, event_id, event_date_id, ticket_type_id, owner_user_id, holder_name, holder_dni, code,
           seat_id, seat_label)
         select ?, order_id, event_id, event_date_id, ticket_type_id, ?, null, null, ?, seat_id, seat_label from tickets
         where id = ? and status = 'transferred' and ${mine.sql}`,
        ).bind(newId, user.id, code, old.id, ...mine.binds),
        env.DB.prepare(
          `insert or ignore into revocations (ticket_id, event_id, reason)
         select id, event_id, 'transferred' from tickets where id = ? and status = 'transferred' and ${mine.sql}`,
        ).bind(old.id, ...mine.binds),
        env.DB.prepare(
          `update ticket_transfers set new_ticket_id = ?1 where id = ?2 and new_ticket_id is null and status = 'accepted'
           and exists (select 1 from tickets where id = ?1)`,
        ).bind(newId, transfer.id),
      ],
      { kind: 'ticketTransferred', eventId: old.event_id, fromTicketId: old.id, toTicketId: newId },
    ),
  );
  if (results[2].meta.changes !== 1) {
    const now = await env.DB.prepare('select status from ticket_transfers where id = ?')
      .bind(transfer.id)
      .first<{ status: string }>();
    fail(409, now?.status === 'accepted' ? TICKET_MSG.transferAccepted : TICKET_MSG.noLongerValid);
  }
  return { ticket_id: newId };
}

/**
 * The sender takes a pending offer back. One conditional write decides against a concurrent acceptance:
 * whichever changes the pending row first wins, the other answers 409.
 */
export async function cancelTransfer(env: Env, userId: number, ticketId: string) {
  const ticket = await ticketOf(env, ticketId);
  if (!ticket || ticket.owner_user_id !== userId) fail(404, TICKET_MSG.notFound);
  const cancelled = await env.DB.prepare(
    "update ticket_transfers set status = 'cancelled' where ticket_id = ? and from_user_id = ? and status = 'pending'",
  )
    .bind(ticketId, userId)
    .run();
  if (!cancelled.meta.changes) fail(409, TRANSFER_MSG.noPending);
}

/** What the recipient's page shows before accepting: the event, its date and venue, the sender masked as in the e-mail. */
export async function previewTransfer(env: Env, token: string) {
  const row = await env.DB.prepare(
    `select x.status, x.ticket_id, u.email as sender from ticket_transfers x join users u on u.id = x.from_user_id
      where x.token_hash = ?`,
  )
    .bind(await sha256Hex(token))
    .first<{ status: 'pending' | 'accepted' | 'cancelled'; ticket_id: string; sender: string }>();
  if (!row || row.status === 'cancelled') fail(404, TRANSFER_MSG.notFound);
  const ticket = await ticketOf(env, row.ticket_id);
  if (!ticket) fail(404, TRANSFER_MSG.notFound);
  return {
    status: row.status,
    event: { id: ticket.event_id, title: ticket.event_title, starts_at: ticket.starts_at, venue: venueLine(ticket) },
    type_name: ticket.type_name,
    sender: maskEmail(row.sender),
  };
}
