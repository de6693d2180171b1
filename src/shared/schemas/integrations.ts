import { z } from 'zod';
import { FIELD_MSG } from '../messages/common';
import { API_KEY_MSG, WEBHOOK_MSG } from '../messages/integrations';
import { PERMISSIONS, type Permission } from '../roles';
import { EventIdSchema } from './ids';

/** What a producer key may be given: the team's permission names, but the platform's own search of all buyers. */
export const API_KEY_PERMISSIONS = PERMISSIONS.filter((p) => p !== 'clients.search_all') as [
  Permission,
  ...Permission[],
];

/** A new key (POST /admin/api-keys/:producer). `event_ids` absent or null: all of the producer's events. */
export const ApiKeyInputSchema = z.object({
  name: z
    .string({ error: API_KEY_MSG.nameRequired })
    .trim()
    .min(1, API_KEY_MSG.nameRequired)
    .max(80, API_KEY_MSG.nameTooLong),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS, { error: API_KEY_MSG.permissionUnknown }), {
      error: API_KEY_MSG.permissionsRequired,
    })
    .min(1, API_KEY_MSG.permissionsRequired)
    .max(API_KEY_PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
  event_ids: z
    .array(EventIdSchema, { error: API_KEY_MSG.eventsNotOwned })
    .min(1, API_KEY_MSG.eventsNotOwned)
    .max(500)
    .nullish()
    .transform((list) => (list ? [...new Set(list)] : null)),
  expires_in_days: z
    .number({ error: API_KEY_MSG.expiryInvalid })
    .int(API_KEY_MSG.expiryInvalid)
    .min(1, API_KEY_MSG.expiryInvalid)
    .max(3650, API_KEY_MSG.expiryInvalid)
    .nullish()
    .transform((v) => v ?? null),
});
export type ApiKeyInput = z.infer<typeof ApiKeyInputSchema>;

/** The path of one producer's keys, and of one key. */
export const ApiKeyProducerParamSchema = z.object({ producer: z.coerce.number().int().min(1) });
export const ApiKeyParamSchema = ApiKeyProducerParamSchema.extend({
  id: z.string().regex(/^[0-9a-f-]{36}$/, API_KEY_MSG.notFound),
});

/** A key as the back office lists it: never its secret nor its hash. */
export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  permissions: Permission[];
  event_ids: number[] | null;
  created_at: string;
  created_by_name: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
};

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

/** The URL's shape only: whether its host may be called is decided by the API (functions/domain/integrations/webhook-destination.ts). */
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
