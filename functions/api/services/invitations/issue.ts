import { INVITATION_MSG } from '../../../../src/shared/messages/invitations';
import { KEPT_GROUP_LABEL, SEAT_INVITATION_MSG } from '../../../../src/shared/messages/seating';
import { tagKeyOf } from '../../../../src/shared/schemas/invitations';
import { signTicketCode, ticketIdFor } from '../../../domain/checkout/ticket-signing';
import type { Actor } from '../../../domain/events/access';
import type { GrantResult, GroupRefusal, InvitationGrant, SeatRefusal } from '../../../durable-objects/inventory/types';
import { inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import { deliverInvitationMails } from './mail';
import { type InvitationRecord, invitationStatements, type TicketRecord } from './records';
import { eventTicketTypes, type ResolvedRow, resolveTypes } from './rows';

type Defer = (work: Promise<unknown>) => void;
type Row = Parameters<typeof resolveTypes>[0][number];

/** The event the invitations are of, loaded by the route's access declaration (`c.var.event`). */
export type InvitationEvent = { id: number; producer_id: number; status: string; title: string };

/** Spanish answers for a refused seat (reserved seating), on the `seat_ids` field, naming the seat. */
function seatRefusal(result: SeatRefusal | GroupRefusal, rows: ResolvedRow[]): never {
  // A file's row drawn from held seats is named like the file's other row errors ("Fila 3").
  const line = 'grant' in result ? (rows[result.grant]?.line ?? 0) : 0;
  const onSeats = (status: 400 | 409, message: string) =>
    line > 0
      ? fail(status, INVITATION_MSG.csvBadRows(1), { [`Fila ${line}`]: [message] })
      : fail(status, message, { seat_ids: [message] });
  const typeName = 'typeId' in result ? (rows.find((r) => r.type.id === result.typeId)?.type.name ?? '') : '';
  if (result.reason === 'seats_missing') onSeats(400, SEAT_INVITATION_MSG.seatsMissing(typeName));
  if (result.reason === 'no_block') onSeats(409, SEAT_INVITATION_MSG.noBlock(result.quantity ?? 1, typeName));
  if (result.reason === 'seat_twice') onSeats(400, SEAT_INVITATION_MSG.seatTwice(result.seat));
  if (result.reason === 'seat_unknown') onSeats(400, SEAT_INVITATION_MSG.seatUnknown(result.seat));
  if (result.reason === 'seat_taken') onSeats(409, SEAT_INVITATION_MSG.seatTaken(result.seat));
  if (result.reason === 'seat_kept') onSeats(409, SEAT_INVITATION_MSG.seatKept(result.seat));
  if (result.reason === 'single_seat') onSeats(409, SEAT_INVITATION_MSG.singleSeat(result.seat));
  if (result.reason === 'companion_alone') onSeats(400, SEAT_INVITATION_MSG.companionAlone(result.seat));
  if (result.reason === 'not_in_group')
    onSeats(409, SEAT_INVITATION_MSG.notInGroup(result.seat, KEPT_GROUP_LABEL[result.group]));
  if (result.reason === 'group_short')
    onSeats(409, SEAT_INVITATION_MSG.groupShort(result.quantity, typeName, KEPT_GROUP_LABEL[result.group]));
  return fail(400, SEAT_INVITATION_MSG.seatsMissing(typeName));
}

function refuse(result: Exclude<GrantResult, { ok: true }>, rows: ResolvedRow[]): never {
  if (result.reason === 'closed') fail(409, INVITATION_MSG.closed);
  if (result.reason === 'quota') {
    const mine = rows.filter((r) => tagKeyOf(r.tag) === result.tagKey);
    const wanted = mine.reduce((sum, r) => sum + r.quantity, 0);
    fail(409, INVITATION_MSG.overQuota(mine[0]?.tag ?? result.tagKey, result.available, wanted));
  }
  if (!('available' in result)) return seatRefusal(result, rows);
  const mine = rows.filter((r) => r.type.id === result.typeId);
  const wanted = mine.reduce((sum, r) => sum + r.quantity, 0);
  fail(409, INVITATION_MSG.noRoom(mine[0]?.type.name ?? 'la entrada', result.available, wanted));
}

/**
 * Issues invitations: all the rows or none. The rows' ticket types are found in the event, then the event's
 * inventory object takes the capacity of every row (and checks each tag's quota) in one atomic step, the
 * same authority every sale goes through, so invitations never oversell. Then one D1 batch (a transaction)
 * writes the orders (kind 'invitation', free, no payment), their items, the invitations, the tickets and
 * the audit; if it fails, the capacity is given back. Each invitation is e-mailed with its QR tickets.
 * Tickets belong to the recipient's account when a verified one has that e-mail; else they wait, owned by
 * the issuer as a placeholder and shown to nobody, until the recipient verifies that e-mail (claim.ts).
 */
export async function issueInvitations(env: Env, actor: Actor, event: InvitationEvent, input: Row[], defer: Defer) {
  const db = env.DB;
  const eventId = event.id;
  if (event.status === 'cancelado') fail(409, INVITATION_MSG.closed);
  if (event.status === 'finalizado') fail(409, INVITATION_MSG.finished);
  const [types, quotaRows, accounts] = await Promise.all([
    eventTicketTypes(db, eventId),
    db
      .prepare('select tag_key, quota from guest_invitation_quotas where event_id = ?')
      .bind(eventId)
      .all<{ tag_key: string; quota: number }>(),
    verifiedAccounts(db, [...new Set(input.map((r) => r.email))]),
  ]);
  const rows = resolveTypes(input, types);

  const now = new Date().toISOString();
  const prepared = rows.map((row) => {
    const recipient = accounts.get(row.email) ?? null;
    return {
      row,
      id: crypto.randomUUID(),
      orderId: crypto.randomUUID(),
      holdId: crypto.randomUUID(),
      recipient,
      owner: recipient ?? actor.userId,
    };
  });
  const grants: InvitationGrant[] = prepared.map((p) => ({
    holdId: p.holdId,
    tagKey: tagKeyOf(p.row.tag),
    items: [{ typeId: p.row.type.id, quantity: p.row.quantity, seatIds: p.row.seat_ids, best: p.row.best }],
    ...(p.row.held_group ? { group: p.row.held_group } : {}),
  }));
  const inventory = inventoryOf(env, eventId);
  const granted = await inventory.grantInvitations(
    eventId,
    types.map((t) => ({ id: t.id, capacity: t.capacity, minPerOrder: t.min_per_order, maxPerOrder: t.max_per_order })),
    grants,
    quotaRows.results.map((q) => ({ tagKey: q.tag_key, quota: q.quota })),
  );
  if (!granted.ok) refuse(granted, rows);
  const seatsOf = (p: (typeof prepared)[number]) => granted.seats[p.holdId] ?? [];

  const tickets: TicketRecord[] = [];
  for (const p of prepared) {
    for (let n = 0; n < p.row.quantity; n++) {
      // The same ids ensureTickets would derive for this order, so a later call to it inserts nothing.
      const id = await ticketIdFor(`${p.orderId}:${p.row.type.id}:${n}`);
      tickets.push({
        id,
        order_id: p.orderId,
        date_id: p.row.type.event_date_id,
        type_id: p.row.type.id,
        owner: p.owner,
        name: p.row.name,
        dni: p.row.dni,
        code: await signTicketCode(env, id, eventId),
        seat_id: seatsOf(p)[n]?.id ?? null,
        seat_label: seatsOf(p)[n]?.name ?? null,
      });
    }
  }
  const invitations: InvitationRecord[] = prepared.map((p) => ({
    id: p.id,
    order_id: p.orderId,
    hold_id: p.holdId,
    type_id: p.row.type.id,
    quantity: p.row.quantity,
    name: p.row.name,
    email: p.row.email,
    dni: p.row.dni,
    tag: p.row.tag,
    tag_key: tagKeyOf(p.row.tag),
    owner: p.owner,
    recipient: p.recipient,
    seats: seatsOf(p).length > 0 ? JSON.stringify(seatsOf(p)) : null,
  }));
  try {
    await db.batch(
      invitationStatements(db, { eventId, producerId: event.producer_id, actor, now }, invitations, tickets),
    );
  } catch (err) {
    // Nothing was written (a batch is one transaction): give the capacity back so it is not lost.
    console.error('Invitations could not be written', err);
    for (const p of prepared) await inventory.revokeInvitation(p.holdId);
    fail(503, INVITATION_MSG.saveFailed);
  }
  await emit(env, { kind: 'ticketsChanged', eventId, ticketIds: tickets.map((t) => t.id) });
  // Tried at once in the background; what a large file leaves unsent, the cron job sends (mail.ts).
  defer(
    deliverInvitationMails(
      env,
      prepared.map((p) => p.id),
    ),
  );
  return {
    invitations: prepared.length,
    tickets: tickets.length,
    ids: prepared.map((p) => p.id),
  };
}

/** Lower-cased e-mail -> id of the verified account with it (the only accounts tickets may go to at once). */
async function verifiedAccounts(db: D1Database, emails: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < emails.length; i += 90) {
    const part = emails.slice(i, i + 90);
    const { results } = await db
      .prepare(
        `select id, lower(email) as email from users
         where email_verified_at is not null and activo = 1 and email in (${part.map(() => '?').join(', ')})`,
      )
      .bind(...part)
      .all<{ id: number; email: string }>();
    for (const r of results) found.set(r.email, r.id);
  }
  return found;
}
