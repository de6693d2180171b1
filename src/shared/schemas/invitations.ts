import { z } from 'zod';
import { INVITATION_MAX_QUANTITY, INVITATION_MSG } from '../messages/invitations';
import { SEAT_INVITATION_MSG } from '../messages/seating';
import { EventIdSchema } from './ids';
import { KEPT_SEAT_GROUPS } from './seating';
export const INVITATION_CSV_MAX_CHARS = 200_000;
/** orders.status_reason of a revoked invitation's order (its status stays 'paid'; its tickets are cancelled). */
export const INVITATION_REVOKED_REASON = 'invitacion_revocada';

const dni = z
  .string({ error: INVITATION_MSG.dni })
  .trim()
  .transform((v) => v.replaceAll('.', ''))
  .pipe(z.string().regex(/^\d{7,8}$/, { error: INVITATION_MSG.dni }));

const tag = z
  .string({ error: INVITATION_MSG.tag })
  .trim()
  .min(1, { error: INVITATION_MSG.tag })
  .max(40, { error: INVITATION_MSG.tag });

/** One invitation as a CSV row or the single form gives it (the ticket type by name or by id). */
export const InvitationRowSchema = z.object({
  name: z.string({ error: INVITATION_MSG.name }).trim().min(2, INVITATION_MSG.name).max(120, INVITATION_MSG.name),
  email: z
    .string({ error: INVITATION_MSG.email })
    .trim()
    .toLowerCase()
    .max(254, { error: INVITATION_MSG.email, abort: true })
    .pipe(z.email({ error: INVITATION_MSG.email })),
  dni,
  quantity: z.coerce
    .number({ error: INVITATION_MSG.quantity })
    .int(INVITATION_MSG.quantity)
    .min(1, INVITATION_MSG.quantity)
    .max(INVITATION_MAX_QUANTITY, INVITATION_MSG.quantity),
  ticket_type: z.string({ error: INVITATION_MSG.ticketType }).trim().min(1, INVITATION_MSG.ticketType).max(120),
  tag,
});
export type InvitationRow = z.infer<typeof InvitationRowSchema>;

/** Who a file's or a row's invitations are drawn from (held seats of a seated date). */
const heldGroup = z.enum(KEPT_SEAT_GROUPS, { error: SEAT_INVITATION_MSG.heldGroup });

/**
 * A CSV row: the form's fields and, optionally, the held seats it is drawn from ("butacas guardadas": boletería,
 * sponsors or RRPP, as the group's key or its name, any case or accents; empty: the file's choice).
 */
export const InvitationCsvRowSchema = InvitationRowSchema.extend({
  held_group: z
    .string()
    .transform((v) =>
      v
        .trim()
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase(),
    )
    .transform((v) => v || undefined)
    .pipe(heldGroup.optional())
    .optional(),
});
export type InvitationCsvRow = z.infer<typeof InvitationCsvRowSchema>;

export const IssueInvitationSchema = InvitationRowSchema.extend({
  event_id: EventIdSchema,
  /** A seated category's seats (reserved seating): one per ticket, ids of the date's map. */
  seat_ids: z
    .array(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, SEAT_INVITATION_MSG.seatFormat))
    .max(INVITATION_MAX_QUANTITY, INVITATION_MSG.quantity)
    .optional(),
  /** "Mejor ubicación disponible": the inventory chooses `quantity` adjacent seats of the category. */
  best: z.boolean().optional(),
  /**
   * Drawn from the seats held for this group (boleteria, sponsors, rrpp): the named `seat_ids` must be the group's;
   * without them, the best adjacent block of the group's seats.
   */
  held_group: heldGroup.optional(),
});
export type IssueInvitation = z.infer<typeof IssueInvitationSchema>;

export const ImportInvitationsSchema = z.object({
  event_id: EventIdSchema,
  csv: z
    .string({ error: INVITATION_MSG.csvEmpty })
    .min(1, INVITATION_MSG.csvEmpty)
    .max(INVITATION_CSV_MAX_CHARS, INVITATION_MSG.csvTooLong),
  /** The held seats every row of a seated category is drawn from, unless the row names its own group. */
  held_group: heldGroup.optional(),
});

export const InvitationListQuerySchema = z.object({ event_id: EventIdSchema });

export const InvitationQuotaSchema = z.object({
  event_id: EventIdSchema,
  tag,
  quota: z
    .number({ error: INVITATION_MSG.quota })
    .int(INVITATION_MSG.quota)
    .min(0, INVITATION_MSG.quota)
    .max(100_000, INVITATION_MSG.quota)
    .nullable(),
});

export const InvitationIdParamSchema = z.object({ id: z.uuid({ error: INVITATION_MSG.notFound }) });
export const InvitationTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { error: INVITATION_MSG.notFound }),
});

/** The same tag however it is typed ("Prensa", " prensa "). */
export const tagKeyOf = (tag: string) => tag.trim().toLocaleLowerCase('es-AR');

/** The CSV's column names, in Spanish or English, to the row's fields. */
export const INVITATION_COLUMNS: Record<string, keyof InvitationCsvRow> = {
  nombre: 'name',
  name: 'name',
  email: 'email',
  'e-mail': 'email',
  correo: 'email',
  dni: 'dni',
  cantidad: 'quantity',
  quantity: 'quantity',
  tipo: 'ticket_type',
  'tipo de entrada': 'ticket_type',
  entrada: 'ticket_type',
  ticket_type: 'ticket_type',
  etiqueta: 'tag',
  tag: 'tag',
  'butacas guardadas': 'held_group',
  grupo: 'held_group',
  held_group: 'held_group',
};
export const INVITATION_REQUIRED_COLUMNS = ['nombre', 'email', 'dni', 'cantidad', 'tipo', 'etiqueta'] as const;

/** A file to start from: the headers and one example row with one of the event's ticket types. */
export const invitationCsvTemplate = (typeName: string) =>
  `${INVITATION_REQUIRED_COLUMNS.join(',')}\n${INVITATION_MSG.csvSampleRow(typeName.replaceAll(',', ' '))}\n`;
