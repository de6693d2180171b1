import { z } from 'zod';
import { cuitError, IVA_CONDITIONS, normalizeCuit, normalizePayoutAccount, payoutAccountError } from '../fiscal';
import { RESALE_MSG } from '../messages/resale';

const IVA_KEYS = Object.keys(IVA_CONDITIONS) as [keyof typeof IVA_CONDITIONS, ...(keyof typeof IVA_CONDITIONS)[]];

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => v || null);

/** A service charge: percent in basis points (1000 = 10 %) plus a fixed amount per ticket, in cents. */
export const FeeSchema = z.object({
  percent_bp: z
    .number({ error: 'Ingresá el porcentaje' })
    .int('Usá hasta dos decimales')
    .min(0, 'No puede ser negativo')
    .max(5000, 'Máximo 50 %'),
  fixed_cents: z
    .number({ error: 'Ingresá el monto fijo' })
    .int('Usá centavos enteros')
    .min(0, 'No puede ser negativo')
    .max(10_000_000, 'Máximo $ 100.000'),
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
  iva_condition: z.enum(IVA_KEYS, { error: 'Elegí una condición frente al IVA' }).nullish().default(null),
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
    .min(5, 'La reserva dura como mínimo 5 minutos')
    .max(30, 'La reserva dura como máximo 30 minutos')
    .nullish()
    .default(null),
  named_tickets: z.boolean().default(false),
  door_dni: z.boolean().default(false),
  refund_policy: z.string().trim().max(4000, 'Máximo 4000 caracteres').default(''),
  /** The producer's own service charge; null: the platform's default. */
  fee: FeeSchema.nullish().default(null),
  /** What the producer keeps of a ticket resold through the waiting list: basis points of its price (0–10000). */
  resale_keep_bp: z
    .number({ error: RESALE_MSG.keepNumber })
    .int(RESALE_MSG.keepDecimals)
    .min(0, RESALE_MSG.keepRange)
    .max(10_000, RESALE_MSG.keepRange)
    .default(0),
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
    error: 'El porcentaje mínimo no puede superar al máximo',
    path: ['max_percent_bp'],
  })
  .refine((l) => l.min_fixed_cents <= l.max_fixed_cents, {
    error: 'El monto mínimo no puede superar al máximo',
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
    .max(100, 'Máximo 100 caracteres')
    .regex(/^[A-Za-z0-9_-]*$/, 'El Client ID tiene solo letras, números y guiones')
    .default(''),
  mp_client_secret: z.string().trim().max(200, 'Máximo 200 caracteres').default(''),
  /** One MercadoPago account linked to several producers (absent: unchanged). */
  mp_shared_accounts: z.boolean({ error: 'Indicá si se permite compartir cuentas' }).optional(),
});
export type PlatformSettingsInput = z.infer<typeof PlatformSettingsInputSchema>;

export const ProducerActivationSchema = z.object({ activo: z.boolean({ error: 'Indicá si está activa' }) });

/** A producer the platform trusts publishes its events without review (issue 32). */
export const ProducerTrustSchema = z.object({ trusted: z.boolean({ error: 'Indicá si publica sin revisión' }) });

/** The answer MercadoPago's authorization page redirects back with. */
export const MpCallbackSchema = z.object({
  code: z.string().trim().min(1, 'Falta el código de autorización').max(300),
  state: z.string().trim().min(10, 'El enlace de vinculación no es válido').max(200),
});

export const FEE_OUT_OF_LIMITS = 'El cargo por servicio tiene que quedar dentro de los límites que fijó la plataforma.';
export const MP_MSG = {
  stateInvalid: 'El enlace de vinculación venció o ya se usó. Volvé a vincular desde Configuración.',
  appMissing: 'La plataforma todavía no configuró su aplicación de MercadoPago.',
  exchangeFailed: 'MercadoPago no aceptó la vinculación. Probá de nuevo en unos minutos.',
  linked: 'Cuenta de MercadoPago vinculada',
  unlinked: 'Cuenta de MercadoPago desvinculada',
  denied: 'No autorizaste la vinculación en MercadoPago.',
  accountTaken:
    'Esa cuenta de MercadoPago ya está vinculada a otra productora. Vinculá una cuenta propia de esta productora.',
  paymentsInFlight:
    'Hay compras con el pago pendiente en esta cuenta. Desvinculala cuando se acrediten o venzan (como mucho en 48 horas).',
} as const;
