import { describe, expect, it } from 'vitest';
import { ticketIcs } from '../../functions/api/services/checkout/ticket-ics';
import type { TicketDetail } from '../../functions/api/services/checkout/ticket-list';

const ticket = (fields: Partial<TicketDetail>): TicketDetail => ({
  id: 'T1',
  order_id: 'O1',
  code: 'BOL1.x',
  status: 'valid',
  holder_name: null,
  holder_dni: null,
  type_name: 'General',
  ticket_type_name: 'General',
  seat_label: null,
  event_id: 1,
  event_title: 'Recital',
  event_slug: 'recital',
  starts_at: '2026-12-01T23:00:00.000Z',
  ends_at: null,
  venue: 'Estadio',
  address: 'Av. Siempreviva 742',
  city: 'Córdoba',
  invitation: 0,
  pending_transfer_to: null,
  refunded_cents: null,
  returned: 0,
  resale_refund: null,
  ticket_type_id: 1,
  returnable: 1,
  ...fields,
});

/** The content lines of a file: unfolded (RFC 5545 3.1), each as it is read by a calendar. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('ticketIcs', () => {
  it('ends every physical line with CRLF and has no bare CR or LF anywhere', () => {
    const ics = ticketIcs(ticket({ event_title: 'Fiesta\rX-INJECTED:1\nBEGIN:VALARM\r\nFin' }), 'https://b.example');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines.some((l) => l.startsWith('X-INJECTED') || l === 'BEGIN:VALARM')).toBe(false);
    expect(lines).toContain('SUMMARY:Fiesta\\nX-INJECTED:1\\nBEGIN:VALARM\\nFin');
  });

  it('escapes backslashes, semicolons and commas, and drops other control characters', () => {
    const lines = unfold(ticketIcs(ticket({ event_title: 'a\\b;c,d\u0007e\u0000' }), 'https://b.example'));
    expect(lines).toContain('SUMMARY:a\\\\b\\;c\\,de');
  });

  it('folds lines longer than 75 octets without splitting a UTF-8 character', () => {
    const title = 'Festival Internacional de Música Electrónica de Córdoba — ñandú '.repeat(4);
    const ics = ticketIcs(ticket({ event_title: title }), 'https://b.example');
    const encoder = new TextEncoder();
    for (const line of ics.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(unfold(ics)).toContain(`SUMMARY:${title.replace(/,/g, '\\,')}`);
  });
});
