import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { PDF_TICKETS } from '../../../../src/shared/messages/checkout';
import { seatParts } from '../../../../src/shared/messages/seating';
import { qrOf } from '../../../../src/shared/qr';

export type PrintableTicket = {
  code: string;
  eventTitle: string;
  when: string;
  venue: string;
  typeName: string;
  /** A seated ticket's seat ("Platea, fila F, butaca 12"), printed on its own line; null without one. */
  seat?: string | null;
  holder: string;
  /** The short code to read out at the door when the QR cannot be scanned (issue 32). */
  doorCode?: string;
};

/** Characters the standard PDF fonts (WinAnsi) can draw; others become '?'. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/** A seat's own line: section, row and seat apart ("Sección Platea · Fila F · Butaca 12"). */
function seatLine(label: string) {
  const parts = seatParts(label);
  return parts ? PDF_TICKETS.seat(parts.section, parts.row, parts.number) : PDF_TICKETS.place(label);
}

/**
 * A PDF with one page per ticket: event, date, venue, type, seat, holder and the QR code. Memory per ticket is
 * small and fixed: each QR is one compressed content stream of filled rectangles (one per run of dark
 * modules in a row), not one drawing object per module.
 */
export async function ticketsPdf(tickets: PrintableTicket[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(PDF_TICKETS.title);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  for (const ticket of tickets) {
    const page = pdf.addPage([420, 595]);
    let y = 550;
    const line = (text: string, size: number, font = regular) => {
      page.drawText(printable(text), { x: 40, y, size, font, color: rgb(0.1, 0.1, 0.15), maxWidth: 340 });
      y -= size + 10;
    };
    line(PDF_TICKETS.brand, 12, bold);
    line(ticket.eventTitle, 18, bold);
    line(ticket.when, 12);
    line(ticket.venue, 12);
    line(PDF_TICKETS.type(ticket.typeName), 12);
    if (ticket.seat) line(seatLine(ticket.seat), 14, bold);
    line(PDF_TICKETS.holder(ticket.holder), 12);
    const qr = qrOf(ticket.code);
    const cell = Math.floor(260 / qr.size);
    const left = (420 - cell * qr.size) / 2;
    page.node.addContentStream(pdf.context.register(pdf.context.flateStream(qrOperators(qr, left, y - 20, cell))));
    if (ticket.doorCode)
      page.drawText(printable(PDF_TICKETS.doorCode(ticket.doorCode)), {
        x: 40,
        y: 56,
        size: 11,
        font: bold,
        color: rgb(0.1, 0.1, 0.15),
      });
    page.drawText(PDF_TICKETS.hint, {
      x: 40,
      y: 40,
      size: 9,
      font: regular,
    });
  }
  return pdf.save();
}

/** PDF operators that fill the dark modules of a QR whose top-left corner is at (left, top). */
function qrOperators(qr: ReturnType<typeof qrOf>, left: number, top: number, cell: number): string {
  const parts = ['q 0 0 0 rg'];
  for (let r = 0; r < qr.size; r++) {
    let c = 0;
    while (c < qr.size) {
      if (!qr.isDark(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < qr.size && qr.isDark(r, c)) c++;
      parts.push(`${left + start * cell} ${top - (r + 1) * cell} ${(c - start) * cell} ${cell} re`);
    }
  }
  parts.push('f Q');
  return parts.join('\n');
}
