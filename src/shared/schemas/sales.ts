import { z } from 'zod';
import { ORDER_STATUSES_FILTER, SALES_PERIODS } from '../sales';
import { HoldRequestSchema } from './checkout';

export * from '../sales';

/** What the refund-permission holder confirms to refund a ticket already admitted at the door. */
export const USED_OVERRIDE_PHRASE = 'ya ingresó: reembolsar igual';

/** Refund texts (API answers, the dialog, the buyer's e-mail). */
export const REFUND_MSG = {
  notPaid: 'Solo se pueden reembolsar órdenes pagadas.',
  notRefundableTickets:
    'Elegí entradas válidas de esta orden: alguna ya fue reembolsada, cancelada o no es de esta orden.',
  usedTickets: `Alguna de esas entradas ya ingresó al evento. Para reembolsarla igual, confirmá "${USED_OVERRIDE_PHRASE}".`,
  raced: 'Alguna de esas entradas ya se está reembolsando o ya fue reembolsada. Revisá la orden.',
  mpRefused: 'MercadoPago no aceptó el reembolso. No se devolvió dinero; revisá el pago en MercadoPago.',
  mpUnavailable:
    'MercadoPago no respondió. Reintentá en unos minutos: el reembolso queda pendiente y nunca se hará dos veces.',
  usedHolder: 'Esta entrada ya ingresó al evento: no se puede cambiar su titular.',
  keyReused: 'Esa clave de idempotencia ya se usó para otro reembolso.',
} as const;

export { REFUND_METHOD_LABEL, type RefundMethod } from '../messages/refunds';

/** When the buyer sees the money, per method (buyer's e-mail). */
export const REFUND_WHEN = {
  mercadopago: 'MercadoPago lo acredita en el mismo medio de pago; puede demorar hasta 10 días hábiles según tu banco.',
  cash: 'Lo recibiste en efectivo en la boletería.',
  none: 'No había nada que devolver: la entrada era gratuita.',
  chargeback: 'Tu banco ya te lo devolvió.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).optional();

/** Who and what: the producer (a superadmin may leave it out to see every producer), the event, the period. */
export const SalesScopeQuerySchema = z
  .object({
    producer_id: optionalId('Productora inválida'),
    event_id: optionalId('Evento inválido'),
    period: z.enum(SALES_PERIODS, { error: 'Elegí un período válido' }).default('7d'),
    from: z.string().regex(DAY, 'Fecha inválida (AAAA-MM-DD)').optional(),
    to: z.string().regex(DAY, 'Fecha inválida (AAAA-MM-DD)').optional(),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to && q.from <= q.to), {
    message: 'Elegí un rango de fechas válido: desde y hasta, en ese orden.',
    path: ['from'],
  });
export type SalesScopeQuery = z.infer<typeof SalesScopeQuerySchema>;

/** The order search: the scope, filters, free text (name, e-mail, DNI, order number, ticket code), a page. */
export const OrderSearchQuerySchema = z
  .object({
    producer_id: optionalId('Productora inválida'),
    event_id: optionalId('Evento inválido'),
    event_date_id: optionalId('Función inválida'),
    ticket_type_id: optionalId('Tipo de entrada inválido'),
    status: z.enum(ORDER_STATUSES_FILTER, { error: 'Estado inválido' }).optional(),
    payment_type: z
      .string()
      .regex(/^[a-z_]{2,30}$/, 'Medio de pago inválido')
      .optional(),
    period: z.enum([...SALES_PERIODS, 'todo'], { error: 'Elegí un período válido' }).default('todo'),
    from: z.string().regex(DAY, 'Fecha inválida (AAAA-MM-DD)').optional(),
    to: z.string().regex(DAY, 'Fecha inválida (AAAA-MM-DD)').optional(),
    q: z.string().trim().max(120, 'La búsqueda es demasiado larga').optional(),
    page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').default(1),
    per_page: z.coerce
      .number({ error: 'Cantidad por página inválida' })
      .int('Cantidad por página inválida')
      .min(1, 'Cantidad por página inválida')
      .max(100, 'Como máximo 100 por página')
      .default(25),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to && q.from <= q.to), {
    message: 'Elegí un rango de fechas válido: desde y hasta, en ese orden.',
    path: ['from'],
  });
export type OrderSearchQuery = z.infer<typeof OrderSearchQuerySchema>;

const reason = z
  .string({ error: 'Contá el motivo' })
  .trim()
  .min(3, 'Contá el motivo (al menos 3 caracteres)')
  .max(300, 'El motivo es demasiado largo');

export const ReasonSchema = z.object({ reason });

/** Refund of the whole order (no ticket_ids) or of some of its tickets. */
export const AdminRefundSchema = z.object({
  reason,
  ticket_ids: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'Entrada inválida'))
    .min(1, 'Elegí al menos una entrada')
    .max(200, 'Demasiadas entradas')
    .optional(),
  /** The refund-permission holder's confirmation that tickets already admitted at the door are refunded too. */
  confirm_used: z
    .literal(USED_OVERRIDE_PHRASE, { error: `Para confirmar escribí "${USED_OVERRIDE_PHRASE}"` })
    .optional(),
  /** The caller's key for this refund: sending the same request again answers the same refund. */
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,80}$/, 'Clave de idempotencia inválida')
    .optional(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

/** An e-mail address given at the box office to send a sale's tickets to. */
export const TicketsMailSchema = z.object({
  email: z.email({ error: 'Escribí un e-mail válido' }).max(200, 'El e-mail es demasiado largo'),
});

export const HolderChangeSchema = z.object({
  reason,
  name: z.string().trim().min(3, 'Ingresá el nombre del titular').max(120, 'El nombre es demasiado largo'),
  dni: z.string().regex(/^\d{8}$/, 'DNI debe tener exactamente 8 dígitos sin puntos'),
});

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportQuerySchema = z.object({
  producer_id: optionalId('Productora inválida'),
  event_id: optionalId('Evento inválido'),
  format: z.enum(EXPORT_FORMATS, { error: 'Formato inválido: csv o xlsx' }).default('csv'),
});
export const AttendeesExportQuerySchema = z.object({
  event_id: z.coerce.number({ error: 'Elegí un evento' }).int('Elegí un evento').positive('Elegí un evento'),
  format: z.enum([...EXPORT_FORMATS, 'pdf'], { error: 'Formato inválido: csv, xlsx o pdf' }).default('csv'),
});

/** Finance export: the finance scope and period, as a file. */
export const FinanceExportQuerySchema = SalesScopeQuerySchema.and(
  z.object({ format: z.enum(EXPORT_FORMATS, { error: 'Formato inválido: csv o xlsx' }).default('csv') }),
);

/** Box office ("Venta en boletería"): paid at once in cash, by card or transfer; the buyer's e-mail optional. */
export const BOX_OFFICE_METHODS = ['cash', 'card', 'transfer'] as const;
export const BoxOfficeSaleSchema = z.object({
  event_id: HoldRequestSchema.shape.event_id,
  items: HoldRequestSchema.shape.items,
  method: z.enum(BOX_OFFICE_METHODS, { error: 'Elegí cómo pagó: efectivo, tarjeta o transferencia' }),
  buyer: z
    .object({
      name: z.string().trim().max(120, 'El nombre es demasiado largo').optional(),
      email: z
        .email('Revisá el e-mail')
        .optional()
        .or(z.literal('').transform(() => undefined)),
      dni: z
        .string()
        .regex(/^\d{8}$/, 'DNI debe tener exactamente 8 dígitos sin puntos')
        .optional()
        .or(z.literal('').transform(() => undefined)),
    })
    .default({}),
});
export type BoxOfficeSale = z.infer<typeof BoxOfficeSaleSchema>;

export const BoxOfficeReportQuerySchema = SalesScopeQuerySchema;
