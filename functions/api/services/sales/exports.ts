import writeXlsxFile from 'write-excel-file/universal';
import { formatDateTime } from '../../../../src/shared/dates';
import { orderStatusLabel, ticketStatusLabel } from '../../../../src/shared/messages/checkout';
import { INVITATION_LABEL } from '../../../../src/shared/messages/invitations';
import { EXPORT_TEXT } from '../../../../src/shared/messages/sales';
import type { SalesScope } from './scope';

type Cell = string | number | Date | null;
export type Sheet = { columns: string[]; rows: Cell[][]; name: string };

const EXPORT_LIMIT = 200_000;

/** Orders of the scope, newest first: one row per order, amounts in pesos as numbers. */
export async function ordersSheet(db: D1Database, scope: SalesScope): Promise<Sheet> {
  const { results } = await db
    .prepare(
      `select o.id, e.title, o.status, o.buyer_name, o.buyer_email, o.buyer_dni, o.subtotal_cents, o.fee_cents,
              o.total_cents, o.refunded_cents, o.created_at, o.paid_at, o.kind
       from orders o join events e on e.id = o.event_id
       where ${scope.sql} and o.status in ('paid', 'refunded') order by o.created_at desc limit ${EXPORT_LIMIT}`,
    )
    .bind(...scope.binds)
    .all<Record<string, string | number | null>>();
  return {
    name: EXPORT_TEXT.orders.name,
    columns: [...EXPORT_TEXT.orders.columns],
    rows: results.map((r) => [
      r.id,
      r.title,
      orderStatusLabel(String(r.status)),
      r.buyer_name,
      r.buyer_email,
      r.buyer_dni,
      Number(r.subtotal_cents) / 100,
      Number(r.fee_cents) / 100,
      Number(r.total_cents) / 100,
      Number(r.refunded_cents) / 100,
      r.created_at ? new Date(String(r.created_at)) : null,
      r.paid_at ? new Date(String(r.paid_at)) : null,
      // Invitations are free and never paid: marked so they are not read as sales.
      r.kind === 'invitation' ? INVITATION_LABEL : EXPORT_TEXT.orders.sale,
    ]),
  };
}

/** Attendees of an event: one row per valid or used ticket, by holder name, with a seated ticket's seat. */
export async function attendeesSheet(db: D1Database, eventId: number): Promise<Sheet> {
  const { results } = await db
    .prepare(
      `select k.id, k.holder_name, k.holder_dni, tt.name as type_name, k.seat_label, d.starts_at, k.status, o.buyer_email, k.used_at, o.kind
       from tickets k join ticket_types tt on tt.id = k.ticket_type_id join event_dates d on d.id = k.event_date_id
       join orders o on o.id = k.order_id
       where k.event_id = ? and k.status in ('valid', 'used') order by k.holder_name collate nocase, k.id limit ${EXPORT_LIMIT}`,
    )
    .bind(eventId)
    .all<Record<string, string | null>>();
  return {
    name: EXPORT_TEXT.attendees.name,
    columns: [...EXPORT_TEXT.attendees.columns],
    rows: results.map((r) => [
      r.id,
      r.holder_name,
      r.holder_dni,
      r.kind === 'invitation' ? `${r.type_name} (${INVITATION_LABEL})` : r.type_name,
      r.seat_label,
      r.starts_at ? new Date(String(r.starts_at)) : null,
      ticketStatusLabel(String(r.status)),
      r.buyer_email,
      r.used_at ? new Date(String(r.used_at)) : null,
    ]),
  };
}

/** `dd/mm/aaaa hh:mm`, 24-hour Buenos Aires wall-clock time, independent of the runtime's locale data. */
export const arDateTime = (value: Date): string => formatDateTime(value);

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR first: buyer names are
 * typed by anyone) is neutralised with a leading apostrophe, so it is shown as text, never evaluated.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell(value: Cell): string {
  if (value === null) return '';
  const text =
    value instanceof Date
      ? arDateTime(value)
      : typeof value === 'number'
        ? String(value).replace('.', ',')
        : neutralise(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV as Excel in Argentina opens it: semicolons, decimal comma, es-AR dates, UTF-8 with BOM. */
export function toCsv(sheet: Sheet): string {
  return `\ufeff${[sheet.columns, ...sheet.rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** Buenos Aires wall-clock time of an instant, as the Date an XLSX cell stores (spreadsheets have no zones). */
const arWallClock = (d: Date) => new Date(d.getTime() - 3 * 3_600_000);

/** A real XLSX file: numbers as numbers with a money format, dates as dates (dd/mm/yyyy hh:mm). */
export async function toXlsx(sheet: Sheet): Promise<ArrayBuffer> {
  const header = sheet.columns.map((c) => ({ value: c, fontWeight: 'bold' as const }));
  const rows = sheet.rows.map((row) =>
    row.map((value) => {
      if (value instanceof Date) return { value: arWallClock(value), type: Date, format: 'dd/mm/yyyy hh:mm' };
      if (typeof value === 'number') return { value, type: Number, format: '#,##0.00' };
      return { value: neutralise(value ?? ''), type: String };
    }),
  );
  const blob = await writeXlsxFile([header, ...rows] as never, { sheet: sheet.name }).toBlob();
  return blob.arrayBuffer();
}

type FinanceView = {
  series: {
    bucket: string;
    orders: number;
    gross_cents: number;
    service_charges_cents: number;
    mp_fees_cents: number;
    refunds_cents: number;
    chargebacks_cents: number;
    net_cents: number;
  }[];
};

/** Finance per Buenos Aires day, amounts in pesos as numbers. */
export function financeSheet(view: FinanceView): Sheet {
  return {
    name: EXPORT_TEXT.finance.name,
    columns: [...EXPORT_TEXT.finance.columns],
    rows: view.series.map((s) => [
      new Date(`${s.bucket}T03:00:00Z`),
      s.orders,
      s.gross_cents / 100,
      s.service_charges_cents / 100,
      s.mp_fees_cents / 100,
      s.refunds_cents / 100,
      s.chargebacks_cents / 100,
      s.net_cents / 100,
    ]),
  };
}
