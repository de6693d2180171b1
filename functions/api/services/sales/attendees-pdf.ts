import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { formatTime } from '../../../../src/shared/dates';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { EXPORT_TEXT, SALES_MSG } from '../../../../src/shared/messages/sales';
import type { Sheet } from './exports';

const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/**
 * A printable attendee list for doors without phones: holder, DNI, type (with a seated ticket's seat), ticket id
 * and a box to tick.
 */
export async function attendeesPdf(db: D1Database, eventId: number, sheet: Sheet): Promise<Uint8Array> {
  const event = await db.prepare('select title from events where id = ?').bind(eventId).first<{ title: string }>();
  const pdf = await PDFDocument.create();
  pdf.setTitle(SALES_MSG.attendeesDocTitle(printable(event?.title ?? EVENT_MSG.fallbackTitle)));
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const ink = rgb(0.1, 0.1, 0.15);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  const header = () => {
    page.drawText(printable(SALES_MSG.attendeesTitle(event?.title ?? EVENT_MSG.fallbackTitle, sheet.rows.length)), {
      x: 40,
      y,
      size: 14,
      font: bold,
      color: ink,
    });
    y -= 24;
    for (const [x, label] of [
      [40, ''],
      [60, EXPORT_TEXT.attendees.columns[1]],
      [250, EXPORT_TEXT.attendees.columns[2]],
      [320, EXPORT_TEXT.attendees.columns[3]],
      [430, 'Entrada'],
    ] as const)
      page.drawText(label, { x, y, size: 9, font: bold, color: ink });
    y -= 14;
  };
  header();
  for (const row of sheet.rows) {
    if (y < 40) {
      page = pdf.addPage([595, 842]);
      y = 800;
      header();
    }
    const [id, holder, dni, type, seat, , status, , usedAt] = row;
    page.drawRectangle({ x: 40, y: y - 2, width: 9, height: 9, borderColor: ink, borderWidth: 0.8 });
    const cells: [number, string][] = [
      [60, String(holder ?? '-').slice(0, 34)],
      [250, String(dni ?? '')],
      // The seat is what staff look for on paper: it replaces the type when there is one ("Platea, fila F, butaca 12").
      [320, String(seat ?? type ?? '').slice(0, 24)],
      [430, `${id}${usedAt instanceof Date ? ` (${status} ${formatTime(usedAt)})` : ''}`],
    ];
    for (const [x, text] of cells) page.drawText(printable(text), { x, y, size: 9, font: regular, color: ink });
    y -= 14;
  }
  return pdf.save();
}
