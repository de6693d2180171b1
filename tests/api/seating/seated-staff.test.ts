import { env } from 'cloudflare:test';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ticketsOfOrder } from '../../../functions/api/services/checkout/ticket-list';
import { printable } from '../../../functions/api/services/checkout/ticket-mail';
import { ticketsPdf } from '../../../functions/api/services/checkout/ticket-pdf';
import { attendeesPdf } from '../../../functions/api/services/sales/attendees-pdf';
import { PDF_TICKETS } from '../../../src/shared/messages/checkout';
import { scan } from '../checkin/checkin-fixtures';
import { asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { eventually } from '../kit/http';
import { type Mail, mailsTo } from '../kit/mail';
import { routeNetwork } from '../kit/network';
import { holdSeats, payOrder, type SeatedWorld, seatedEvent } from './seating-fixtures';

/**
 * The seat travels with the ticket and staff see it (issue 33): a seated ticket's seat is in the purchase e-mail
 * and its PDF, on the door's scan answer and offline download, in the attendee export and the order's detail,
 * and the dashboard counts each section of the map as sold, held and free.
 */

const A3 = 'Platea, fila A, butaca 3';
const A4 = 'Platea, fila A, butaca 4';

/** Ana pays platea; Beto holds pullman A-1 (unpaid). */
async function soldSeats(w: SeatedWorld) {
  const [ana, beto] = await Promise.all([createBuyer(), createBuyer()]);
  const held = await holdSeats(ana, w.eventId, w.platea, ['platea-A-3', 'platea-A-4']);
  expect(held.status).toBe(201);
  const orderId = ((await held.json()) as Answer<{ id: string }>).data.id;
  await payOrder(ana, orderId);
  expect((await holdSeats(beto, w.eventId, w.pullman, ['pullman-A-1'])).status).toBe(201);
  let tickets: { id: string; code: string; seat_label: string }[] = [];
  await eventually(async () => {
    tickets = (
      await env.DB.prepare('select id, code, seat_label from tickets where order_id = ? order by seat_id')
        .bind(orderId)
        .all<{ id: string; code: string; seat_label: string }>()
    ).results;
    return tickets.length === 2;
  }, 'the tickets');
  return { ana, orderId, tickets };
}

/** The text a PDF draws, from its decoded content streams (standard fonts write it as hex strings). */
async function pdfText(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  let text = '';
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = new TextDecoder('latin1').decode(decodePDFRawStream(object).decode());
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      text += `${String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => Number.parseInt(h, 16)))}\n`;
  }
  return text;
}

describe('a seated ticket for its holder', () => {
  it('carries its seat in the purchase e-mail and in the PDF', async () => {
    routeNetwork();
    const w = await seatedEvent();
    const { ana, orderId } = await soldSeats(w);
    let mail: Mail | undefined;
    await eventually(async () => {
      mail = (await mailsTo(ana.email, 0)).find((m) => m.html.includes(A3));
      return mail !== undefined;
    }, 'the purchase e-mail');
    expect(mail?.html).toContain(A4);
    expect(mail?.text).toContain(A3);
    const lines = (await pdfText(await ticketsPdf(printable(await ticketsOfOrder(env, orderId))))).split('\n');
    // The type, then the seat on its own line: section, row and seat apart.
    for (const seat of ['3', '4']) {
      const at = lines.indexOf(PDF_TICKETS.seat('Platea', 'A', seat));
      expect(at, lines.join(' | ')).toBeGreaterThan(0);
      expect(lines[at - 1]).toBe(PDF_TICKETS.type('Platea'));
    }
    expect(PDF_TICKETS.seat('Platea', 'A', '3')).toBe('Sección Platea · Fila A · Butaca 3');
  });

  it('prints a long seat whole on the attendee PDF, wrapped in its column', async () => {
    const w = await seatedEvent();
    const long = 'Pullman preferencial lateral izquierdo, fila AA, butaca 112';
    const row = (id: string, seat: string | null) => [
      id,
      'Ana Pérez',
      '30111222',
      'Platea',
      seat,
      '',
      'Válida',
      '',
      '',
    ];
    const sheet = {
      columns: [],
      name: 'asistentes',
      rows: [row('t-long', long), row('t-short', A3), row('t-none', null)],
    };
    const lines = (await pdfText(await attendeesPdf(env.DB, w.eventId, sheet))).split('\n');
    // Every word of the long seat is printed, over several lines of its column, in order; the short one on one.
    const start = lines.findIndex((l) => long.startsWith(l) && l.length > 0);
    expect(start, lines.join(' | ')).toBeGreaterThan(0);
    const wrapped = lines.slice(start, start + 4).filter((l) => long.includes(l));
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped.join(' ')).toBe(long);
    expect(lines).toContain(A3);
    // Without a seat, the type.
    expect(lines).toContain('Platea');
  });
});

describe('a seated ticket for staff', () => {
  it('shows the seat on the scan answer, the offline download and the door search', async () => {
    routeNetwork();
    const w = await seatedEvent();
    const { tickets } = await soldSeats(w);
    const door = w.collaborator;
    const first = await scan(door, w.eventId, { code: tickets[0].code });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ result: 'admitted', ticket: { id: tickets[0].id, seat: A3 } });
    // Scanned again: "ya ingresó", still with the seat (staff send them to it).
    expect((await scan(door, w.eventId, { code: tickets[0].code })).json.data.ticket).toMatchObject({ seat: A3 });
    const offline = (await (await asBuyer(door, `/checkin/events/${w.eventId}/offline`)).json()) as Answer<{
      tickets: { id: string; seat: string | null }[];
    }>;
    expect(offline.data.tickets.find((t) => t.id === tickets[1].id)?.seat).toBe(A4);
    const found = (await (
      await asBuyer(door, `/checkin/events/${w.eventId}/search?q=${encodeURIComponent(tickets[1].id)}`)
    ).json()) as Answer<{ id: string; seat: string | null }[]>;
    expect(found.data.map((t) => t.seat)).toEqual([A4]);
  });

  it('puts the seat in the attendee export and the order detail', async () => {
    routeNetwork();
    const w = await seatedEvent();
    const { orderId, tickets } = await soldSeats(w);
    const csv = await (await asBuyer(w.admin, `/admin/exports/attendees?event_id=${w.eventId}`)).text();
    const [header, ...rows] = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const seatColumn = header.split(';').indexOf('Ubicación');
    expect(seatColumn).toBe(4);
    const seatOf = (id: string) => rows.find((r) => r.startsWith(id))?.split(';')[seatColumn];
    // The label has commas, not semicolons: it stays one cell.
    expect(seatOf(tickets[0].id)).toBe(A3);
    expect(seatOf(tickets[1].id)).toBe(A4);
    const detail = (await (await asBuyer(w.admin, `/admin/orders/${orderId}`)).json()) as Answer<{
      tickets: { id: string; seat_label: string | null }[];
    }>;
    expect(detail.data.tickets.map((t) => t.seat_label).sort()).toEqual([A3, A4]);
  });

  it('counts each section as sold, held and free on the dashboard', async () => {
    routeNetwork();
    const w = await seatedEvent();
    await soldSeats(w);
    const sections = async () => {
      const res = await asBuyer(w.admin, `/admin/sales/dashboard?event_id=${w.eventId}&period=30d`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Answer<{
        occupancy: { event_date_id: number; sections: { id: string; sold: number; held: number; free: number }[] }[];
      }>;
      return body.data.occupancy.find((o) => o.event_date_id === w.dateId)?.sections ?? null;
    };
    // The mirror the dashboard reads follows the inventory object within about a second.
    let seen: Awaited<ReturnType<typeof sections>> = null;
    await eventually(async () => {
      seen = await sections();
      return seen?.find((s) => s.id === 'pullman')?.held === 1 && seen.find((s) => s.id === 'platea')?.sold === 2;
    }, 'the occupancy by section');
    // Platea: 12 seats, two sold. Pullman: 4, one held. De pie: 5 places, none taken.
    expect(seen).toEqual([
      { id: 'platea', name: 'Platea', total: 12, sold: 2, held: 0, free: 10 },
      { id: 'pullman', name: 'Pullman', total: 4, sold: 0, held: 1, free: 3 },
      { id: 'pie', name: 'De pie', total: 5, sold: 0, held: 0, free: 5 },
    ]);
  });
});
