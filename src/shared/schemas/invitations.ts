import { z } from 'zod';
import { EventIdSchema } from './ids';

/** Invitations (complimentary tickets): the rules and texts shared by the API and the admin screens. */

export const INVITATION_MAX_QUANTITY = 20;
export const INVITATION_MAX_ROWS = 300;
export const INVITATION_CSV_MAX_CHARS = 200_000;
/** orders.status_reason of a revoked invitation's order (its status stays 'paid'; its tickets are cancelled). */
export const INVITATION_REVOKED_REASON = 'invitacion_revocada';
/** The label every invitation carries on its tickets, in the e-mail and in reports. */
export const INVITATION_LABEL = 'Invitación';

export const INVITATION_MSG = {
  noPermission: 'No tenés permiso para dar invitaciones en este evento.',
  name: 'Escribí el nombre del invitado (2 a 120 caracteres).',
  email: 'Escribí un correo válido.',
  dni: 'El DNI debe tener 7 u 8 dígitos, sin puntos.',
  quantity: `La cantidad debe ser un número entero entre 1 y ${INVITATION_MAX_QUANTITY}.`,
  ticketType: 'Indicá el tipo de entrada (nombre o número).',
  tag: 'Indicá una etiqueta de hasta 40 caracteres (por ejemplo, Prensa o el nombre del promotor).',
  quota: 'El cupo debe ser un número entero entre 0 y 100000, o vacío para quitarlo.',
  csvEmpty: 'El archivo no tiene invitaciones: agregá al menos una fila debajo de los encabezados.',
  csvTooLong: `El archivo es demasiado grande: como máximo ${INVITATION_MAX_ROWS} filas.`,
  csvBadRows: (n: number) =>
    `Revisá el archivo: ${n === 1 ? 'una fila tiene errores' : `${n} filas tienen errores`}. No se importó ninguna invitación.`,
  csvMissingColumns: (names: string[]) =>
    `Al archivo le faltan columnas: ${names.join(', ')}. La primera fila debe ser: nombre, email, dni, cantidad, tipo, etiqueta.`,
  unknownType: (value: string) => `El tipo de entrada «${value}» no existe en este evento.`,
  ambiguousType: (value: string) =>
    `Hay varios tipos «${value}» en este evento (uno por función): usá el número del tipo de entrada.`,
  noRoom: (typeName: string, available: number, wanted: number) =>
    `No hay lugar para todas las invitaciones: de ${typeName} ${available === 1 ? 'queda 1 entrada' : `quedan ${available} entradas`} y pediste ${wanted}. No se emitió ninguna.`,
  overQuota: (tag: string, available: number, wanted: number) =>
    `La etiqueta ${tag} no tiene cupo suficiente: ${available === 1 ? 'queda 1 entrada' : `quedan ${available} entradas`} y pediste ${wanted}. No se emitió ninguna.`,
  closed: 'El evento fue cancelado: no se pueden emitir invitaciones.',
  finished: 'El evento ya terminó: no se pueden emitir invitaciones.',
  saveFailed: 'No se pudieron guardar las invitaciones y no se emitió ninguna. Probá de nuevo.',
  notFound: 'La invitación no existe.',
  alreadyRevoked: 'Esta invitación ya fue revocada.',
  alreadyUsed: 'Esta invitación ya se usó en la puerta: no se puede revocar.',
  revokedNoResend: 'Esta invitación fue revocada: no se puede reenviar.',
  notRefundable: 'Es una invitación: revocala desde Invitaciones.',
  notResendable: 'Es una invitación: reenviala desde Invitaciones.',
} as const;

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

export const IssueInvitationSchema = InvitationRowSchema.extend({ event_id: EventIdSchema });
export type IssueInvitation = z.infer<typeof IssueInvitationSchema>;

export const ImportInvitationsSchema = z.object({
  event_id: EventIdSchema,
  csv: z
    .string({ error: INVITATION_MSG.csvEmpty })
    .min(1, INVITATION_MSG.csvEmpty)
    .max(INVITATION_CSV_MAX_CHARS, INVITATION_MSG.csvTooLong),
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
export const INVITATION_COLUMNS: Record<string, keyof InvitationRow> = {
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
};
export const INVITATION_REQUIRED_COLUMNS = ['nombre', 'email', 'dni', 'cantidad', 'tipo', 'etiqueta'] as const;

/** A file to start from: the headers and one example row with one of the event's ticket types. */
export const invitationCsvTemplate = (typeName: string) =>
  `${INVITATION_REQUIRED_COLUMNS.join(',')}\nAna Pérez,ana@ejemplo.com,30111222,2,${typeName.replaceAll(',', ' ')},Prensa\n`;
