import { type ScanResult, shortTicketCode, type TypedTicketCode, typedTicketCode } from '../../../shared/checkin';
import type { OfflineBundle } from '../types';

export type LocalTicket = OfflineBundle['tickets'][number];

/**
 * The offline scanner's decision for a genuine code of this event, from its last download plus what it
 * admitted since (kept in the bundle's admissions). The server decides again when the queue is sent; a
 * difference is recorded there as a conflict.
 */
export function decideLocally(
  bundle: OfflineBundle,
  ticketId: string,
  listId: number,
  kind: 'entry' | 'exit',
): { result: ScanResult; ticket: LocalTicket | null; first: OfflineBundle['admissions'][number] | null } {
  const ticket = bundle.tickets.find((t) => t.id === ticketId) ?? null;
  const revoked = bundle.revocations.find((r) => r.ticket_id === ticketId);
  const list = bundle.lists.find((l) => l.id === listId);
  const first = bundle.admissions.find((a) => a.list_id === listId && a.ticket_id === ticketId) ?? null;
  if (ticket?.status === 'cancelled' || revoked?.reason === 'cancelled') return { result: 'cancelled', ticket, first };
  if (ticket?.status === 'transferred' || revoked?.reason === 'transferred')
    return { result: 'revoked', ticket, first };
  if (ticket && ticket.order_status !== 'paid') return { result: 'unpaid', ticket, first };
  // A genuine code the download does not have yet (sold a moment ago) is let in: only paid tickets get signed.
  if (ticket && list && list.type_ids.length > 0 && !list.type_ids.includes(ticket.type_id))
    return { result: 'wrong_list', ticket, first };
  if (kind === 'exit') return { result: first?.inside ? 'exited' : 'not_inside', ticket, first };
  if (first && (first.inside || !list?.allow_reentry)) return { result: 'used', ticket, first };
  return { result: 'admitted', ticket, first };
}

/** Records a local admission or exit in the bundle, so the next local decision sees it. */
export function applyLocally(
  bundle: OfflineBundle,
  ticketId: string,
  listId: number,
  result: ScanResult,
  gate: string,
  staff: string,
) {
  const at = bundle.admissions.find((a) => a.list_id === listId && a.ticket_id === ticketId);
  if (result === 'admitted') {
    if (at) at.inside = 1;
    else
      bundle.admissions.push({
        list_id: listId,
        ticket_id: ticketId,
        first_at: new Date().toISOString(),
        gate,
        staff_name: staff,
        inside: 1,
      });
  } else if (result === 'exited' && at) at.inside = 0;
  else if (result === 'undone' && at) bundle.admissions.splice(bundle.admissions.indexOf(at), 1);
}

/** Whether a downloaded ticket is the one a typed short code or id names. */
const namedBy = (t: LocalTicket, typed: TypedTicketCode) =>
  'id' in typed ? t.id === typed.id : shortTicketCode(t.id) === typed.short;

/**
 * A code typed at the door that is not a signed QR (a short code or a ticket id), offline: the downloaded
 * ticket it names, when exactly one; the server decides the queued scan again with the same lookup.
 */
export function typedTicketLocally(bundle: OfflineBundle, code: string): string | null {
  const typed = typedTicketCode(code);
  if (!typed) return null;
  const found = bundle.tickets.filter((t) => namedBy(t, typed));
  return found.length === 1 ? found[0].id : null;
}

/**
 * Search over the downloaded tickets, offline or while the server answers: name, order number, short code or
 * id, and DNI only when the producer asks for it at the door (no e-mails leave the server; the online search,
 * GET /checkin/events/:id/search, finds those).
 */
export function searchTickets(bundle: OfflineBundle, query: string, limit = 20): LocalTicket[] {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  const typed = typedTicketCode(query);
  return bundle.tickets
    .filter(
      (t) =>
        t.holder?.toLowerCase().includes(q) ||
        t.dni?.includes(q) ||
        t.order_id.toLowerCase().startsWith(q) ||
        (typed !== null && namedBy(t, typed)),
    )
    .slice(0, limit);
}
