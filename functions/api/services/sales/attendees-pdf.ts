import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { formatTime } from '../../../../src/shared/dates';
import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { EXPORT_TEXT, SALES_MSG } from '../../../../src/shared/messages/sales';
import type { Sheet } from './exports';

const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

type Font = { widthOfTextAtSize(text: string, size: number): number };

/**
 * Text broken into lines no wider than `width` (at word boundaries; a word wider than a line is cut), so a long
 * seat ("Pullman preferencial, fila AA, butaca 112") is printed whole instead of cut off.
 */
export function wrapText(text: string, font: Font, size: number, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = current ? `${current} ${word}` : word;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (!fits(current)) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

/** The seat column runs from x 320 to the ticket column at 430, with a gap. */
const SEAT_COLUMN_WIDTH = 104;

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
    const [id, holder, dni, type, seat, , status, , usedAt] = row;
    // The seat is what staff look for on paper: it replaces the type when there is one ("Platea, fila F, butaca 12"),
    // wrapped in its column (never cut off).
    const place = wrapText(printable(String(seat ?? type ?? '')), regular, 9, SEAT_COLUMN_WIDTH);
    const height = 14 + (place.length - 1) * 11;
    if (y - height < 26) {
      page = pdf.addPage([595, 842]);
      y = 800;
      header();
    }
    page.drawRectangle({ x: 40, y: y - 2, width: 9, height: 9, borderColor: ink, borderWidth: 0.8 });
    const cells: [number, string][] = [
      [60, String(holder ?? '-').slice(0, 34)],
      [250, String(dni ?? '')],
      [430, `${id}${usedAt instanceof Date ? ` (${status} ${formatTime(usedAt)})` : ''}`],
    ];
    for (const [x, text] of cells) page.drawText(printable(text), { x, y, size: 9, font: regular, color: ink });
    place.forEach((text, i) => {
      page.drawText(text, { x: 320, y: y - i * 11, size: 9, font: regular, color: ink });
    });
    y -= height;
  }
  return pdf.save();
}
