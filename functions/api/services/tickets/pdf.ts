import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { qrOf } from '../../../../src/shared/qr';

export type PrintableTicket = {
  code: string;
  eventTitle: string;
  when: string;
  venue: string;
  typeName: string;
  holder: string;
};

/** Characters the standard PDF fonts (WinAnsi) can draw; others become '?'. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/** A PDF with one page per ticket: event, date, venue, type, holder and the QR code. */
export async function ticketsPdf(tickets: PrintableTicket[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Entradas - Boletería');
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  for (const ticket of tickets) {
    const page = pdf.addPage([420, 595]);
    let y = 550;
    const line = (text: string, size: number, font = regular) => {
      page.drawText(printable(text), { x: 40, y, size, font, color: rgb(0.1, 0.1, 0.15), maxWidth: 340 });
      y -= size + 10;
    };
    line('Boletería', 12, bold);
    line(ticket.eventTitle, 18, bold);
    line(ticket.when, 12);
    line(ticket.venue, 12);
    line(`Entrada: ${ticket.typeName}`, 12);
    line(`Titular: ${ticket.holder}`, 12);
    const qr = qrOf(ticket.code);
    const cell = Math.floor(260 / qr.size);
    const left = (420 - cell * qr.size) / 2;
    const top = y - 20;
    for (let r = 0; r < qr.size; r++) {
      for (let c = 0; c < qr.size; c++) {
        if (qr.isDark(r, c))
          page.drawRectangle({
            x: left + c * cell,
            y: top - (r + 1) * cell,
            width: cell,
            height: cell,
            color: rgb(0, 0, 0),
          });
      }
    }
    page.drawText('Presentá este código en el ingreso. No lo compartas.', {
      x: 40,
      y: 40,
      size: 9,
      font: regular,
    });
  }
  return pdf.save();
}
