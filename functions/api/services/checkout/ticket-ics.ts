import { ICS_MSG } from '../../../../src/shared/messages/checkout';
import type { TicketDetail } from './ticket-list';
import { venueLine } from './ticket-list';

const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break (CRLF, LF or a
 * bare CR) as `\n`, other control characters dropped, so a title can never start a property of its own.
 */
const icsText = (text: string) =>
  text
    .replace(/[\\;,]/g, (m) => `\\${m}`)
    .replace(/\r\n?|\n/g, '\\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

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
    `DESCRIPTION:${icsText(ICS_MSG.description(ticket.type_name, `${origin}/mis-tickets`))}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n')
    .concat('\r\n');
}
