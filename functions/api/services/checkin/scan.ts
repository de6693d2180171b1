import { CHECKIN_MSG } from '../../../../src/shared/checkin';
import type { SessionUser } from '../../../../src/shared/session';
import type { DoorRequest, ScanOutcome } from '../../../durable-objects/event-checkin';
import type { SignedToken } from '../../lib/auth';
import { sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { assertCan, loadActor } from '../events/access';
import { verifyTicketCode } from '../tickets/signing';

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

export type { ScanOutcome } from '../../../durable-objects/event-checkin';

/**
 * Redeems scans of one event in ONE call to its check-in object: the codes' signatures are checked here
 * (no state needed), and the object, which holds the event's tickets, setup and door staff (pushed to it on
 * every change, services/checkin/push.ts), checks the caller and decides each scan in order. No D1 read on
 * the way: the object read what it holds once.
 */
export async function redeemScans(
  env: Env,
  signed: SignedToken,
  eventId: number,
  requests: ScanRequest[],
): Promise<ScanOutcome[]> {
  const [genuine, tokenHash] = await Promise.all([
    Promise.all(requests.map((r) => (r.code ? verifyTicketCode(env, r.code) : null))),
    sha256Hex(signed.token),
  ]);
  const door: DoorRequest[] = requests.map((r, i) => {
    const code = r.code ? genuine[i] : null;
    return {
      nonce: r.nonce,
      ticketId: r.code ? (code?.ticketId ?? null) : (r.ticket_id ?? null),
      codeRefusal: r.code ? (!code ? 'forged' : code.eventId !== eventId ? 'other_event' : null) : null,
      manual: !r.code,
      list_id: r.list_id,
      gate_id: r.gate_id,
      device: r.device,
      kind: r.kind,
      client_at: r.client_at,
      local_result: r.local_result,
    };
  });
  const answer = await checkinOf(env, eventId).redeem(eventId, { session: signed.session, tokenHash }, door);
  if ('status' in answer) fail(answer.status, answer.message);
  return answer.outcomes;
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
