import { z } from 'zod';
import { MSG } from '../messages/common';
import { REVOCATION_FIELD_MSG } from '../messages/refunds';

/** The refunds desk that receives every revocation request (shown to buyers as the fallback contact). */
export const REVOCATION_DESK = 'devoluciones@boleteria.com.ar';

/**
 * A revocation request of the "Botón de arrepentimiento" (Resolución 424/2020): only what identifies
 * the purchase and the buyer, no login needed.
 */
export const RevocationRequestSchema = z.object({
  name: z
    .string({ error: MSG.nameRequired })
    .trim()
    .min(1, { error: MSG.nameRequired, abort: true })
    .max(120, { error: MSG.invalidInput }),
  email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, { error: MSG.emailRequired, abort: true })
    .max(254, { error: MSG.emailInvalid, abort: true })
    .pipe(z.email({ error: MSG.emailInvalid })),
  dni: z
    .string({ error: MSG.dniInvalid })
    .trim()
    .regex(/^\d{8}$/, { error: MSG.dniInvalid }),
  order: z
    .string({ error: REVOCATION_FIELD_MSG.order })
    .trim()
    .min(1, { error: REVOCATION_FIELD_MSG.order, abort: true })
    .max(40, { error: MSG.invalidInput }),
  reason: z.string().trim().max(1000, { error: MSG.invalidInput }).optional().default(''),
});

export type RevocationRequest = z.infer<typeof RevocationRequestSchema>;

/** The identification code sent to the buyer within 24 h (art. 3, Res. 424/2020). */
export function revocationCode(now = new Date(), random = crypto.getRandomValues(new Uint8Array(5))): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const tail = [...random].map((b) => alphabet[b % alphabet.length]).join('');
  return `ARR-${day}-${tail}`;
}
