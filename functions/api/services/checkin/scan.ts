import { CHECKIN_MSG, SCAN_LABEL, SCAN_REASON, type TicketRefusal } from '../../../../src/shared/checkin';
import { MSG } from '../../../../src/shared/messages';
import { INVITATION_LABEL } from '../../../../src/shared/schemas/invitations';
import type { SessionUser } from '../../../../src/shared/session';
import type { ScanAnswer, ScanInput } from '../../../durable-objects/event-checkin';
import type { SignedToken } from '../../lib/auth';
import { fail } from '../../lib/errors';
import { revocationStatement, revokedBy } from '../accounts/access-revocation';
import { actorFrom, actorStatements, assertCan, loadActor } from '../events/access';
import { verifyTicketCode } from '../tickets/signing';
import { checkinSetup, setupFrom, setupStatements } from './setup';

/** The check-in authority of an event (one Durable Object per event id). */
export function checkinOf(env: Env, eventId: number) {
  return env.EVENT_CHECKIN.get(env.EVENT_CHECKIN.idFromName(`event:${eventId}`));
}

/**
 * Waits until D1's check-in log (checkin_scans, checkin_admissions, tickets.used_at) has every decision the
 * event's authority took so far: the authority answers before its log reaches D1, so readers call this first.
 */
export function logCopied(env: Env, eventId: number): Promise<void> {
  return checkinOf(env, eventId).flushed();
}

/** One scan as a gate sends it: a code (camera, reader, typed) or a ticket id (manual check-in). */
export type ScanRequest = {
  code?: string;
  ticket_id?: string;
  nonce: string;
  list_id?: number;
  gate_id?: number;
  device: string;
  kind: 'entry' | 'exit';
  client_at?: string;
  local_result?: 'admitted' | 'refused';
};

type TicketRow = {
  id: string;
  event_id: number;
  status: string;
  ticket_type_id: number;
  type_name: string;
  named: number;
  holder_name: string | null;
  holder_dni: string | null;
  buyer_dni: string | null;
  /** The producer asks for the DNI at the door (configuration): of the buyer when the ticket is not named. */
  door_dni: number | null;
  order_status: string;
  revoked: string | null;
};

/** Why a ticket cannot enter through this list, from its own data (the authority decides the rest). */
export function refusalOf(ticket: TicketRow | undefined, eventId: number, typeIds: number[]): TicketRefusal | null {
  if (!ticket) return 'unpaid';
  if (ticket.event_id !== eventId) return 'other_event';
  if (ticket.status === 'cancelled' || ticket.revoked === 'cancelled') return 'cancelled';
  if (ticket.status === 'transferred' || ticket.revoked === 'transferred') return 'revoked';
  if (ticket.order_status !== 'paid') return 'unpaid';
  if (typeIds.length > 0 && !typeIds.includes(ticket.ticket_type_id)) return 'wrong_list';
  return null;
}

const ticketInfo = (t: TicketRow | undefined) =>
  t
    ? {
        id: t.id,
        type: t.type_name,
        holder: t.holder_name ?? '',
        // Staff ask for the holder's document when the ticket is named, the buyer's when the producer wants it.
        dni: t.named ? (t.holder_dni ?? null) : t.door_dni ? (t.buyer_dni ?? null) : null,
      }
    : null;

export type ScanOutcome = ScanAnswer & {
  ok: boolean;
  label: string;
  reason: string | null;
  ticket: ReturnType<typeof ticketInfo>;
  list_id: number | null;
  gate_id: number | null;
};

/**
 * Redeems scans of one event: checks the caller may scan it (read from D1 on every call), reads the
 * tickets, lists and gates in one D1 batch, and lets the event's authority decide them in order.
 */
export async function redeemScans(
  env: Env,
  signed: SignedToken,
  eventId: number,
  requests: ScanRequest[],
): Promise<ScanOutcome[]> {
  const db = env.DB;
  const { session } = signed;
  const [genuine, revocation] = await Promise.all([
    Promise.all(requests.map((r) => (r.code ? verifyTicketCode(env, r.code) : null))),
    revocationStatement(env, signed.token, session),
  ]);
  const ticketIds = [
    ...new Set(requests.map((r, i) => (r.code ? genuine[i]?.ticketId : r.ticket_id)).filter((id) => !!id)),
  ] as string[];
  // One D1 round trip for whether the token was revoked, who is calling (read on every scan), the event, its
  // lists and gates and the tickets.
  const [revoked, user, members, ...reads] = await db.batch([
    revocation,
    ...actorStatements(db, session),
    db.prepare('select producer_id from events where id = ?').bind(eventId),
    ...setupStatements(db, eventId),
    db
      .prepare(
        `select t.id, t.event_id, t.status, t.ticket_type_id,
           case when o.kind = 'invitation' then tt.name || ' · ' || ?2 else tt.name end as type_name, tt.named, t.holder_name,
           t.holder_dni, o.buyer_dni, o.status as order_status, r.reason as revoked,
           (select s.door_dni from producer_settings s where s.producer_id = o.producer_id) as door_dni
           from tickets t join ticket_types tt on tt.id = t.ticket_type_id join orders o on o.id = t.order_id
           left join revocations r on r.ticket_id = t.id
           where t.id in (select value from json_each(?1))`,
      )
      .bind(JSON.stringify(ticketIds), INVITATION_LABEL),
  ]);
  if (revokedBy(env, revoked, session)) fail(401, MSG.sessionExpired);
  const actor = actorFrom(user, members);
  const event = reads[0].results[0] as { producer_id: number } | undefined;
  if (!event) fail(404, 'El evento no existe.');
  assertCan(actor, event.producer_id, 'tickets.validate', CHECKIN_MSG.noPermission, eventId);
  let setup = setupFrom(reads[1], reads[2]);
  if (setup.lists.length === 0 || setup.gates.length === 0) setup = await checkinSetup(db, eventId);
  const tickets = new Map((reads[3].results as TicketRow[]).map((t) => [t.id, t]));

  const inputs: ScanInput[] = [];
  const shown: ReturnType<typeof ticketInfo>[] = [];
  for (const [i, r] of requests.entries()) {
    const list = r.list_id ? setup.lists.find((l) => l.id === r.list_id) : setup.lists.find((l) => l.is_default);
    if (!list) fail(404, CHECKIN_MSG.unknownList);
    const gate = r.gate_id ? setup.gates.find((g) => g.id === r.gate_id) : setup.gates[0];
    if (!gate) fail(404, CHECKIN_MSG.unknownGate);
    const ticketId = r.code ? (genuine[i]?.ticketId ?? null) : (r.ticket_id ?? null);
    const ticket = ticketId ? tickets.get(ticketId) : undefined;
    let refusal: TicketRefusal | null;
    if (r.code && !genuine[i]) refusal = 'forged';
    else if (r.code && genuine[i]!.eventId !== eventId) refusal = 'other_event';
    else if (!r.code && !ticket) refusal = 'forged';
    else refusal = refusalOf(ticket, eventId, list.type_ids);
    shown.push(refusal === 'forged' || refusal === 'other_event' ? null : ticketInfo(ticket));
    inputs.push({
      nonce: r.nonce,
      kind: r.code ? r.kind : 'manual',
      ticketId,
      refusal,
      list: { id: list.id, allowReentry: list.allow_reentry },
      gate: { id: gate.id, name: gate.name },
      device: r.device,
      staff: { id: actor.userId, name: actor.name },
      clientAt: r.client_at ?? null,
      offline: r.local_result ? { admitted: r.local_result === 'admitted' } : undefined,
    });
  }
  const stub = checkinOf(env, eventId);
  const decided = inputs.length === 1 ? await stub.scan(eventId, inputs[0]) : await stub.scanMany(eventId, inputs);
  if ('nonceReused' in decided) fail(409, CHECKIN_MSG.nonceReused);
  const answers = Array.isArray(decided) ? decided : [decided];
  return answers.map((a, i) => ({
    ...a,
    ok: a.result === 'admitted' || a.result === 'exited',
    label: SCAN_LABEL[a.result],
    reason: SCAN_REASON[a.result] ?? null,
    ticket: shown[i],
    list_id: inputs[i].list?.id ?? null,
    gate_id: inputs[i].gate?.id ?? null,
  }));
}

/** Undoes the caller's own admission within the window; the undo is logged like any scan. */
export async function undoScan(
  env: Env,
  session: SessionUser,
  eventId: number,
  input: { scan_id: string; nonce: string; device: string },
) {
  const [actor, event] = await Promise.all([
    loadActor(env.DB, session),
    env.DB.prepare('select producer_id from events where id = ?').bind(eventId).first<{ producer_id: number }>(),
  ]);
  if (!event) fail(404, 'El evento no existe.');
  assertCan(actor, event.producer_id, 'tickets.validate', CHECKIN_MSG.noPermission, eventId);
  const answer = await checkinOf(env, eventId).undo(eventId, {
    nonce: input.nonce,
    scanId: input.scan_id,
    staff: { id: actor.userId, name: actor.name },
    device: input.device,
  });
  if (!answer) fail(409, CHECKIN_MSG.undoExpired);
  if ('nonceReused' in answer) fail(409, CHECKIN_MSG.nonceReused);
  return answer;
}
