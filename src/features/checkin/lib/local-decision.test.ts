import { describe, expect, it } from 'vitest';
import { shortTicketCode } from '../../../shared/checkin';
import type { OfflineBundle } from '../types';
import { applyLocally, decideLocally, searchTickets, typedTicketLocally } from './local-decision';

function bundle(): OfflineBundle {
  const ticket = (id: string, extra: Partial<OfflineBundle['tickets'][number]> = {}) => ({
    id,
    type_id: 1,
    type_name: 'General',
    named: 0,
    holder: `Persona ${id}`,
    dni: '30123456',
    order_id: `orden-${id}`,
    status: 'valid',
    order_status: 'paid',
    seat: null as string | null,
    ...extra,
  });
  return {
    server_at: '2026-11-20T00:00:00Z',
    lists: [
      { id: 10, name: 'General', type_ids: [], allow_reentry: false, is_default: true },
      { id: 11, name: 'VIP', type_ids: [2], allow_reentry: true, is_default: false },
    ],
    gates: [{ id: 1, name: 'Puerta 1' }],
    tickets: [ticket('a'), ticket('b', { status: 'cancelled' }), ticket('c', { order_status: 'pending_payment' })],
    revocations: [{ ticket_id: 'd', reason: 'transferred', revoked_at: '2026-11-19T00:00:00Z' }],
    admissions: [],
  };
}

describe('offline decision', () => {
  it('admits once, then says used with the first entry; refuses cancelled, revoked, unpaid and other lists', () => {
    const b = bundle();
    expect(decideLocally(b, 'a', 10, 'entry').result).toBe('admitted');
    applyLocally(b, 'a', 10, 'admitted', 'Puerta 1', 'Ana');
    const again = decideLocally(b, 'a', 10, 'entry');
    expect(again.result).toBe('used');
    expect(again.first).toMatchObject({ gate: 'Puerta 1', staff_name: 'Ana' });
    expect(decideLocally(b, 'b', 10, 'entry').result).toBe('cancelled');
    expect(decideLocally(b, 'd', 10, 'entry').result).toBe('revoked');
    expect(decideLocally(b, 'c', 10, 'entry').result).toBe('unpaid');
    expect(decideLocally(b, 'a', 11, 'entry').result).toBe('wrong_list');
    // Sold after the last download: the signature was genuine, so it enters.
    expect(decideLocally(b, 'nuevo', 10, 'entry').result).toBe('admitted');
  });

  it('finds tickets by name, DNI or order', () => {
    const b = bundle();
    expect(searchTickets(b, 'persona a').map((t) => t.id)).toEqual(['a']);
    expect(searchTickets(b, 'orden-b').map((t) => t.id)).toEqual(['b']);
    expect(searchTickets(b, '30123456')).toHaveLength(3);
    expect(searchTickets(b, 'x')).toEqual([]);
  });

  it('finds a ticket by its short code or id, and resolves a typed code only when one ticket prints it', () => {
    const b = bundle();
    b.tickets.push({ ...b.tickets[0], id: '6omFfM2HOdYVWAg3', holder: 'Lola Código' });
    const code = shortTicketCode('6omFfM2HOdYVWAg3');
    expect(searchTickets(b, code.toLowerCase()).map((t) => t.id)).toEqual(['6omFfM2HOdYVWAg3']);
    expect(searchTickets(b, '6omFfM2HOdYVWAg3').map((t) => t.id)).toEqual(['6omFfM2HOdYVWAg3']);
    expect(typedTicketLocally(b, code.replace('-', ' '))).toBe('6omFfM2HOdYVWAg3');
    expect(typedTicketLocally(b, '0000-0000')).toBeNull();
    expect(typedTicketLocally(b, 'BOL1.6omFfM2HOdYVWAg3.1.firma')).toBeNull();
    // Two downloaded tickets printing the same code: ambiguous, nothing is admitted by it.
    b.tickets.push({ ...b.tickets[0], id: '6omFfM2xOtroIdXYZ'.slice(0, 16), holder: 'Otra' });
    expect(shortTicketCode(b.tickets.at(-1)!.id)).toBe(code);
    expect(typedTicketLocally(b, code)).toBeNull();
  });
});
