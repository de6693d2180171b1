import type { ScanResult } from '../../../shared/checkin';
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

/** Search by name, DNI or order number over the downloaded tickets (no e-mails leave the server). */
export function searchTickets(bundle: OfflineBundle, query: string, limit = 20): LocalTicket[] {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  return bundle.tickets
    .filter(
      (t) =>
        t.holder?.toLowerCase().includes(q) ||
        t.dni?.includes(q) ||
        t.order_id.toLowerCase().startsWith(q) ||
        t.id.toLowerCase() === q,
    )
    .slice(0, limit);
}
