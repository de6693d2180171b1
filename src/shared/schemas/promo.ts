import { z } from 'zod';
import { MSG } from '../messages/common';
import { EVENT_MSG } from '../messages/events';
import { PROMO_FIELD_MSG, PROMO_MSG } from '../messages/promo';
import { PromoCodeInputSchema } from './checkout';
import { EventIdSchema } from './ids';

const id = z.number({ error: PROMO_MSG.foreignTypes }).int(PROMO_MSG.foreignTypes).positive(PROMO_MSG.foreignTypes);
const limit = z
  .number({ error: PROMO_MSG.limitPositive })
  .int(PROMO_MSG.limitPositive)
  .min(1, PROMO_MSG.limitPositive)
  .max(1_000_000, PROMO_MSG.limitPositive)
  .nullable()
  .default(null);
const instant = z.iso.datetime({ offset: true, error: MSG.invalidDate }).nullable().default(null);

/** What a promo or access code is, without its text (shared by creating one and bulk-generating many). */
const PromoFields = z.object({
  /** Null: every event of the producer. */
  event_id: EventIdSchema.nullable().default(null),
  kind: z.enum(['discount', 'access', 'both'], { error: PROMO_FIELD_MSG.kind }).default('discount'),
  discount_type: z
    .enum(['percent', 'fixed_ticket', 'fixed_order', 'set_price'], { error: PROMO_MSG.discountNeedsType })
    .nullable()
    .default(null),
  /** percent: 1..100; the other types: cents (set_price may be 0: free). */
  value: z.number({ error: PROMO_MSG.valuePositive }).int(PROMO_MSG.valuePositive).default(0),
  ticket_type_ids: z.array(id).max(200).default([]),
  unlock_ticket_type_ids: z.array(id).max(200).default([]),
  max_tickets: limit,
  max_per_order: limit,
  max_per_buyer: limit,
  valid_from: instant,
  valid_until: instant,
  owner_label: z.string().trim().max(80, PROMO_MSG.ownerLabel).default(''),
  release_on_refund: z.boolean().default(false),
});

type Fields = z.infer<typeof PromoFields>;

/** Bad combinations, each said on its field. */
function checkFields(v: Fields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.kind !== 'access') {
    if (!v.discount_type) issue('discount_type', PROMO_MSG.discountNeedsType);
    else if (v.discount_type === 'set_price' ? v.value < 0 : v.value <= 0) issue('value', PROMO_MSG.valuePositive);
    else if (v.discount_type === 'percent' && v.value > 100) issue('value', PROMO_MSG.percentMax);
  }
  if (v.kind !== 'discount' && v.unlock_ticket_type_ids.length === 0)
    issue('unlock_ticket_type_ids', PROMO_MSG.accessNeedsTypes);
  if (v.valid_from && v.valid_until && new Date(v.valid_until) <= new Date(v.valid_from))
    issue('valid_until', PROMO_MSG.datesOrder);
}

export const PromoCreateSchema = PromoFields.extend({
  /** Omitted: one is generated (without ambiguous characters). */
  code: PromoCodeInputSchema.optional(),
}).superRefine(checkFields);
export type PromoCreate = z.infer<typeof PromoCreateSchema>;

export const PromoBulkSchema = PromoFields.extend({
  count: z
    .number({ error: PROMO_MSG.bulkCount })
    .int(PROMO_MSG.bulkCount)
    .min(1, PROMO_MSG.bulkCount)
    .max(1000, PROMO_MSG.bulkCount),
  prefix: z
    .string({ error: PROMO_MSG.prefixFormat })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{0,12}$/, PROMO_MSG.prefixFormat)
    .default(''),
}).superRefine(checkFields);
export type PromoBulk = z.infer<typeof PromoBulkSchema>;

export const PromoProducerParamSchema = z.object({
  producer: z.coerce.number({ error: EVENT_MSG.producerNotFound }).int().positive(EVENT_MSG.producerNotFound),
});
export const PromoCodeParamSchema = PromoProducerParamSchema.extend({
  id: z.coerce.number({ error: PROMO_MSG.notFound }).int().positive(PROMO_MSG.notFound),
});
export const PromoListQuerySchema = z.object({
  event_id: EventIdSchema.optional(),
  format: z.enum(['json', 'csv'], { error: PROMO_FIELD_MSG.format }).default('json'),
});

/** Letters and digits a person cannot confuse (no 0/O, 1/I/L). */
export const PROMO_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
