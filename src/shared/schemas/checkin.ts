import { z } from 'zod';
import { MAX_SYNC_SCANS } from '../checkin';
import { EventIdSchema } from './ids';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const nonce = z
  .string({ error: 'Falta el identificador del escaneo' })
  .min(8, 'Identificador de escaneo inválido')
  .max(64, 'Identificador de escaneo inválido');
const device = z.string().max(80, 'Nombre de dispositivo demasiado largo').default('');
const code = z.string({ error: 'Código inválido' }).trim().min(1, 'Código inválido').max(300, 'Código inválido');
const clientAt = z.iso.datetime({ error: 'Hora del dispositivo inválida' }).optional();

export const CheckinEventParamSchema = z.object({ eventId: EventIdSchema });
export const CheckinListParamSchema = z.object({ listId: id('Lista inválida') });
export const CheckinGateParamSchema = z.object({ gateId: id('Puerta inválida') });

/** One scan from a gate: a code read by the camera, a hardware reader or typed by hand. */
export const ScanRequestSchema = z.object({
  code,
  nonce,
  list_id: id('Lista inválida').optional(),
  gate_id: id('Puerta inválida').optional(),
  device,
  kind: z.enum(['entry', 'exit'], { error: 'Tipo de escaneo inválido' }).default('entry'),
  client_at: clientAt,
});

/** A check-in by hand from the search (no code: the ticket id). */
export const ManualCheckinSchema = z.object({
  ticket_id: z.string().min(1, 'Entrada inválida').max(40, 'Entrada inválida'),
  nonce,
  list_id: id('Lista inválida').optional(),
  gate_id: id('Puerta inválida').optional(),
  device,
  client_at: clientAt,
});

/** The door's search (online): a DNI, an e-mail, a name, a short code or an order number's start. */
export const DoorSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Escribí qué buscar' })
    .trim()
    .min(2, 'Escribí al menos 2 letras o números')
    .max(100, 'La búsqueda es demasiado larga'),
});

export const UndoCheckinSchema = z.object({ scan_id: z.string().min(1, 'Escaneo inválido').max(64), nonce, device });

/** Scans made without network, sent when it is back; `local_result` is what the scanner showed. */
export const SyncRequestSchema = z.object({
  scans: z
    .array(
      ScanRequestSchema.extend({
        code: code.optional(),
        ticket_id: z.string().min(1).max(40).optional(),
        local_result: z.enum(['admitted', 'refused']).default('admitted'),
      }).refine((s) => s.code || s.ticket_id, { message: 'Cada escaneo necesita un código o una entrada' }),
    )
    .min(1, 'No hay escaneos para enviar')
    .max(MAX_SYNC_SCANS, `Se envían hasta ${MAX_SYNC_SCANS} escaneos por vez`),
});

export const CheckinListSchema = z.object({
  name: z.string({ error: 'Poné un nombre' }).trim().min(1, 'Poné un nombre').max(60, 'Nombre demasiado largo'),
  type_ids: z.array(z.number().int().positive('Tipo de entrada inválido')).max(100).default([]),
  allow_reentry: z.boolean().default(false),
});
export const CheckinGateSchema = z.object({
  name: z.string({ error: 'Poné un nombre' }).trim().min(1, 'Poné un nombre').max(60, 'Nombre demasiado largo'),
});
