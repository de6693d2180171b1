import { z } from 'zod';
import { FIELD_MSG } from '../messages/common';
import { WEBHOOK_MSG } from '../messages/webhooks';

/** The event types an endpoint may want (docs/api.md "Webhooks" describes each payload). */
export const WEBHOOK_TYPES = [
  'order.paid',
  'order.refunded',
  'ticket.transferred',
  'ticket.checked_in',
  'event.published',
  'event.cancelled',
  'waitlist.offered',
] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number] | 'webhook.test';

const TypesSchema = z
  .array(z.enum(WEBHOOK_TYPES, { error: WEBHOOK_MSG.typeUnknown }), { error: WEBHOOK_MSG.typesRequired })
  .min(1, WEBHOOK_MSG.typesRequired)
  .max(WEBHOOK_TYPES.length)
  .transform((types) => [...new Set(types)]);

/** The URL's shape only: whether its host may be called is decided by the API (functions/domain/webhooks/destination.ts). */
const UrlSchema = z
  .string({ error: WEBHOOK_MSG.urlInvalid })
  .trim()
  .min(1, WEBHOOK_MSG.urlInvalid)
  .max(2000, FIELD_MSG.maxChars(2000));

export const WebhookEndpointSchema = z.object({
  url: UrlSchema,
  description: z.string().trim().max(200, WEBHOOK_MSG.descriptionMax).default(''),
  event_types: TypesSchema,
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointPatchSchema = z.object({
  url: UrlSchema.optional(),
  description: z.string().trim().max(200, WEBHOOK_MSG.descriptionMax).optional(),
  event_types: TypesSchema.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointPatch = z.infer<typeof WebhookEndpointPatchSchema>;
