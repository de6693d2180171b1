import { z } from 'zod';
import { cuitError, normalizeCuit, normalizePayoutAccount, payoutAccountError } from '../fiscal';
import { FIELD_MSG } from '../messages/common';
import { RESALE_MSG } from '../messages/resale';
import { IVA_CONDITIONS, RETENTION_TEXT, SETTINGS_FIELD_MSG } from '../messages/settings';

const IVA_KEYS = Object.keys(IVA_CONDITIONS) as [keyof typeof IVA_CONDITIONS, ...(keyof typeof IVA_CONDITIONS)[]];

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, FIELD_MSG.maxChars(max))
    .nullish()
    .transform((v) => v || null);

/** A service charge: percent in basis points (1000 = 10 %) plus a fixed amount per ticket, in cents. */
export const FeeSchema = z.object({
  percent_bp: z
    .number({ error: SETTINGS_FIELD_MSG.percentBp })
    .int(SETTINGS_FIELD_MSG.percentBpInt)
    .min(0, SETTINGS_FIELD_MSG.percentBpMin)
    .max(5000, SETTINGS_FIELD_MSG.percentBpMax),
  fixed_cents: z
    .number({ error: SETTINGS_FIELD_MSG.fixedCents })
    .int(SETTINGS_FIELD_MSG.fixedCentsInt)
    .min(0, SETTINGS_FIELD_MSG.percentBpMin)
    .max(10_000_000, SETTINGS_FIELD_MSG.fixedCentsMax),
});
export type Fee = z.infer<typeof FeeSchema>;

/** What a producer's admin sets in /admin/configurations (the public profile is the producer's own form). */
export const ProducerSettingsInputSchema = z.object({
  razon_social: optional(120),
  cuit: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? normalizeCuit(v) : null))
    .superRefine((v, ctx) => {
      const error = v === null ? null : cuitError(v);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  iva_condition: z.enum(IVA_KEYS, { error: SETTINGS_FIELD_MSG.ivaCondition }).nullish().default(null),
  payout_account: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .superRefine((v, ctx) => {
      const error = v === null ? null : payoutAccountError(v);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform((v) => (v ? normalizePayoutAccount(v) : null)),
  payout_holder: optional(120),
  hold_minutes: z
    .number()
    .int()
    .min(5, SETTINGS_FIELD_MSG.holdMinutesMin)
    .max(30, SETTINGS_FIELD_MSG.holdMinutesMax)
    .nullish()
    .default(null),
  named_tickets: z.boolean().default(false),
  door_dni: z.boolean().default(false),
  refund_policy: z.string().trim().max(4000, SETTINGS_FIELD_MSG.refundPolicyMax).default(''),
  /** The producer's own service charge; null: the platform's default. */
  fee: FeeSchema.nullish().default(null),
  /** What the producer keeps of a ticket resold through the waiting list: basis points of its price (0–10000). */
  resale_keep_bp: z
    .number({ error: RESALE_MSG.keepNumber })
    .int(RESALE_MSG.keepDecimals)
    .min(0, RESALE_MSG.keepRange)
    .max(10_000, RESALE_MSG.keepRange)
    .default(0),
  /** "Borrar datos de asistentes N días después del evento" (issue 35): 365 by default. */
  attendee_retention_days: z
    .number({ error: RETENTION_TEXT.daysRequired })
    .int(RETENTION_TEXT.daysInt)
    .min(1, RETENTION_TEXT.daysRange)
    .max(3650, RETENTION_TEXT.daysRange)
    .default(365),
});
export type ProducerSettingsInput = z.infer<typeof ProducerSettingsInputSchema>;

export const FeeLimitsSchema = z
  .object({
    min_percent_bp: FeeSchema.shape.percent_bp,
    max_percent_bp: FeeSchema.shape.percent_bp,
    min_fixed_cents: FeeSchema.shape.fixed_cents,
    max_fixed_cents: FeeSchema.shape.fixed_cents,
  })
  .refine((l) => l.min_percent_bp <= l.max_percent_bp, {
    error: SETTINGS_FIELD_MSG.percentRange,
    path: ['max_percent_bp'],
  })
  .refine((l) => l.min_fixed_cents <= l.max_fixed_cents, {
    error: SETTINGS_FIELD_MSG.fixedRange,
    path: ['max_fixed_cents'],
  });
export type FeeLimits = z.infer<typeof FeeLimitsSchema>;

/** A superadmin's platform settings. Secrets are write-only: empty keeps the stored one. */
export const PlatformSettingsInputSchema = z.object({
  fee: FeeSchema,
  limits: FeeLimitsSchema,
  mp_client_id: z
    .string()
    .trim()
    .max(100, SETTINGS_FIELD_MSG.mpClientIdMax)
    .regex(/^[A-Za-z0-9_-]*$/, SETTINGS_FIELD_MSG.mpClientIdFormat)
    .default(''),
  mp_client_secret: z.string().trim().max(200, SETTINGS_FIELD_MSG.mpClientSecretMax).default(''),
  /** One MercadoPago account linked to several producers (absent: unchanged). */
  mp_shared_accounts: z.boolean({ error: SETTINGS_FIELD_MSG.mpSharedAccounts }).optional(),
});
export type PlatformSettingsInput = z.infer<typeof PlatformSettingsInputSchema>;

export const ProducerActivationSchema = z.object({ activo: z.boolean({ error: SETTINGS_FIELD_MSG.activo }) });

/** A producer the platform trusts publishes its events without review (issue 32). */
export const ProducerTrustSchema = z.object({ trusted: z.boolean({ error: SETTINGS_FIELD_MSG.trusted }) });

/** The answer MercadoPago's authorization page redirects back with. */
export const MpCallbackSchema = z.object({
  code: z.string().trim().min(1, SETTINGS_FIELD_MSG.codeMin).max(300),
  state: z.string().trim().min(10, SETTINGS_FIELD_MSG.stateMin).max(200),
});
