import type { TicketDetail } from './list';
import { venueLine } from './list';

const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const icsText = (text: string) => text.replace(/[\\;,]/g, (m) => `\\${m}`).replace(/\n/g, '\\n');

/** An iCalendar file with the ticket's date (RFC 5545), for "Agregar al calendario". */
export function ticketIcs(ticket: TicketDetail, origin: string): string {
  const start = new Date(ticket.starts_at);
  const end = ticket.ends_at ? new Date(ticket.ends_at) : new Date(start.getTime() + 3 * 3600_000);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Boleteria//Entradas//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${ticket.id}@boleteria`,
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(start.toISOString())}`,
    `DTEND:${stamp(end.toISOString())}`,
    `SUMMARY:${icsText(ticket.event_title)}`,
    `LOCATION:${icsText(venueLine(ticket))}`,
    `DESCRIPTION:${icsText(`Entrada: ${ticket.type_name}. Sus tickets: ${origin}/mis-tickets`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
