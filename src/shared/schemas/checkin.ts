import { z } from 'zod';
import { MAX_SYNC_SCANS } from '../checkin';
import { CHECKIN_FIELD_MSG, CHECKIN_MSG } from '../messages/checkin';
import { EventIdSchema } from './ids';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const nonce = z
  .string({ error: CHECKIN_FIELD_MSG.nonce })
  .min(8, CHECKIN_FIELD_MSG.nonceInvalid)
  .max(64, CHECKIN_FIELD_MSG.nonceInvalid);
const device = z.string().max(80, CHECKIN_FIELD_MSG.deviceMax).default('');
const code = z
  .string({ error: CHECKIN_MSG.codeInvalid })
  .trim()
  .min(1, CHECKIN_MSG.codeInvalid)
  .max(300, CHECKIN_MSG.codeInvalid);
const clientAt = z.iso.datetime({ error: CHECKIN_FIELD_MSG.clientAt }).optional();

export const CheckinEventParamSchema = z.object({ eventId: EventIdSchema });
export const CheckinListParamSchema = z.object({ listId: id(CHECKIN_FIELD_MSG.listId) });
export const CheckinGateParamSchema = z.object({ gateId: id(CHECKIN_FIELD_MSG.gateId) });

/** One scan from a gate: a code read by the camera, a hardware reader or typed by hand. */
export const ScanRequestSchema = z.object({
  code,
  nonce,
  list_id: id(CHECKIN_FIELD_MSG.listId).optional(),
  gate_id: id(CHECKIN_FIELD_MSG.gateId).optional(),
  device,
  kind: z.enum(['entry', 'exit'], { error: CHECKIN_FIELD_MSG.kind }).default('entry'),
  client_at: clientAt,
});

/** A check-in by hand from the search (no code: the ticket id). */
export const ManualCheckinSchema = z.object({
  ticket_id: z.string().min(1, CHECKIN_FIELD_MSG.ticketId).max(40, CHECKIN_FIELD_MSG.ticketId),
  nonce,
  list_id: id(CHECKIN_FIELD_MSG.listId).optional(),
  gate_id: id(CHECKIN_FIELD_MSG.gateId).optional(),
  device,
  client_at: clientAt,
});

/** The door's search (online): a DNI, an e-mail, a name, a short code or an order number's start. */
export const DoorSearchQuerySchema = z.object({
  q: z.string({ error: CHECKIN_FIELD_MSG.q }).trim().min(2, CHECKIN_FIELD_MSG.qMin).max(100, CHECKIN_FIELD_MSG.qMax),
});

export const UndoCheckinSchema = z.object({
  scan_id: z.string().min(1, CHECKIN_FIELD_MSG.scanId).max(64),
  nonce,
  device,
});

/** Scans made without network, sent when it is back; `local_result` is what the scanner showed. */
export const SyncRequestSchema = z.object({
  scans: z
    .array(
      ScanRequestSchema.extend({
        code: code.optional(),
        ticket_id: z.string().min(1).max(40).optional(),
        local_result: z.enum(['admitted', 'refused']).default('admitted'),
      }).refine((s) => s.code || s.ticket_id, { message: CHECKIN_FIELD_MSG.scansCheck }),
    )
    .min(1, CHECKIN_FIELD_MSG.scansMin)
    .max(MAX_SYNC_SCANS, CHECKIN_FIELD_MSG.scansMax(MAX_SYNC_SCANS)),
});

export const CheckinListSchema = z.object({
  name: z
    .string({ error: CHECKIN_FIELD_MSG.name })
    .trim()
    .min(1, CHECKIN_FIELD_MSG.name)
    .max(60, CHECKIN_FIELD_MSG.nameMax),
  type_ids: z.array(z.number().int().positive(CHECKIN_FIELD_MSG.typeId)).max(100).default([]),
  allow_reentry: z.boolean().default(false),
});
export const CheckinGateSchema = z.object({
  name: z
    .string({ error: CHECKIN_FIELD_MSG.name })
    .trim()
    .min(1, CHECKIN_FIELD_MSG.name)
    .max(60, CHECKIN_FIELD_MSG.nameMax),
});
