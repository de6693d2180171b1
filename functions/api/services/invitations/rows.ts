import { INVITATION_MAX_ROWS, INVITATION_MSG } from '../../../../src/shared/messages/invitations';
import {
  INVITATION_COLUMNS,
  INVITATION_REQUIRED_COLUMNS,
  InvitationCsvRowSchema,
  type InvitationRow,
} from '../../../../src/shared/schemas/invitations';
import type { KeptSeatGroup } from '../../../../src/shared/schemas/seating';
import { parseCsv } from '../../lib/csv';
import { fail } from '../../lib/errors';

export type EventTicketType = {
  id: number;
  name: string;
  capacity: number;
  min_per_order: number;
  max_per_order: number;
  event_date_id: number;
};

/** A seated category's seats named by the single form, or its best available ones (reserved seating). */
type SeatPick = { seat_ids?: string[]; best?: boolean; held_group?: KeptSeatGroup };

/** A valid row with its ticket type found in the event; `line` is the spreadsheet's row number. */
export type ResolvedRow = InvitationRow & SeatPick & { line: number; type: EventTicketType };

type LineRow = InvitationRow & SeatPick & { line: number };

/** Every problem of the file at once, by row; nothing is imported while there is one. */
type RowErrors = Map<number, string[]>;

function addError(errors: RowErrors, line: number, message: string) {
  const list = errors.get(line) ?? [];
  if (!list.includes(message)) list.push(message);
  errors.set(line, list);
}

/** Line 0 is the single-invitation form: its one problem is the answer itself, not a row of a file. */
function failRows(errors: RowErrors): never {
  const single = errors.get(0);
  if (single) fail(400, single[0], { ticket_type: single });
  const byRow: Record<string, string[]> = {};
  for (const [line, messages] of [...errors].sort(([a], [b]) => a - b)) byRow[`Fila ${line}`] = messages;
  fail(400, INVITATION_MSG.csvBadRows(errors.size), byRow);
}

/**
 * The rows of an uploaded CSV, each checked with the same schema as the single form (400 by row if not). A row
 * without its own held group ("butacas guardadas") is drawn from the file's (`fileGroup`), if any; without either,
 * a row of a seated category gets the best available seats, as the form does when no seat is named (`best` means
 * nothing to a category without seats).
 */
export function rowsFromCsv(csv: string, fileGroup?: KeptSeatGroup): LineRow[] {
  const [header, ...lines] = parseCsv(csv);
  if (!header || lines.length === 0) fail(400, INVITATION_MSG.csvEmpty);
  if (lines.length > INVITATION_MAX_ROWS) fail(400, INVITATION_MSG.csvTooLong);
  const fields = header.cells.map((c) => INVITATION_COLUMNS[c.trim().toLowerCase()]);
  const present = new Set(fields);
  const missing = INVITATION_REQUIRED_COLUMNS.filter((name) => !present.has(INVITATION_COLUMNS[name]));
  if (missing.length > 0) fail(400, INVITATION_MSG.csvMissingColumns(missing));
  const errors: RowErrors = new Map();
  const rows: LineRow[] = [];
  for (const { line, cells } of lines) {
    const raw: Record<string, string> = {};
    fields.forEach((field, i) => {
      if (field) raw[field] = cells[i] ?? '';
    });
    const parsed = InvitationCsvRowSchema.safeParse(raw);
    if (parsed.success) {
      const { held_group, ...row } = parsed.data;
      const group = held_group ?? fileGroup;
      rows.push({ ...row, ...(group ? { held_group: group } : { best: true }), line });
    } else for (const issue of parsed.error.issues) addError(errors, line, issue.message);
  }
  if (errors.size > 0) failRows(errors);
  return rows;
}

/**
 * Finds each row's ticket type in the event, by id or by name (case and surrounding spaces ignored).
 * A name shared by several dates of the event is ambiguous: the row must use the type's number then.
 */
export function resolveTypes(rows: LineRow[], types: EventTicketType[]): ResolvedRow[] {
  const errors: RowErrors = new Map();
  const resolved: ResolvedRow[] = [];
  for (const row of rows) {
    const wanted = row.ticket_type.trim();
    const byId = /^\d+$/.test(wanted) ? types.filter((t) => t.id === Number(wanted)) : [];
    const matches = byId.length > 0 ? byId : types.filter((t) => t.name.trim().toLowerCase() === wanted.toLowerCase());
    if (matches.length === 1) resolved.push({ ...row, type: matches[0] });
    else if (matches.length > 1) addError(errors, row.line, INVITATION_MSG.ambiguousType(wanted));
    else addError(errors, row.line, INVITATION_MSG.unknownType(wanted));
  }
  if (errors.size > 0) failRows(errors);
  return resolved;
}

export async function eventTicketTypes(db: D1Database, eventId: number): Promise<EventTicketType[]> {
  const { results } = await db
    .prepare(
      `select t.id, t.name, t.capacity, t.min_per_order, t.max_per_order, d.id as event_date_id
       from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = ? order by d.starts_at, t.sort, t.id`,
    )
    .bind(eventId)
    .all<EventTicketType>();
  return results;
}
