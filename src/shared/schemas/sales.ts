import { z } from 'zod';
import { MSG } from '../messages/common';
import { REFUND_MSG, USED_OVERRIDE_PHRASE } from '../messages/refunds';
import { SALES_FIELD_MSG } from '../messages/sales';
import { ORDER_STATUSES_FILTER, SALES_PERIODS } from '../sales';
import { HoldRequestSchema } from './checkout';
import { EventIdSchema, ProducerIdSchema } from './ids';

export { REFUND_METHOD_LABEL, type RefundMethod } from '../messages/refunds';
export * from '../sales';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).optional();

/** Who and what: the producer (a superadmin may leave it out to see every producer), the event, the period. */
export const SalesScopeQuerySchema = z
  .object({
    producer_id: ProducerIdSchema.optional(),
    event_id: EventIdSchema.optional(),
    period: z.enum(SALES_PERIODS, { error: SALES_FIELD_MSG.period }).default('7d'),
    from: z.string().regex(DAY, SALES_FIELD_MSG.date).optional(),
    to: z.string().regex(DAY, SALES_FIELD_MSG.date).optional(),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to && q.from <= q.to), {
    message: SALES_FIELD_MSG.dateRange,
    path: ['from'],
  });
export type SalesScopeQuery = z.infer<typeof SalesScopeQuerySchema>;

/** The order search: the scope, filters, free text (name, e-mail, DNI, order number, ticket code), a page. */
export const OrderSearchQuerySchema = z
  .object({
    producer_id: ProducerIdSchema.optional(),
    event_id: EventIdSchema.optional(),
    event_date_id: optionalId(SALES_FIELD_MSG.eventDateId),
    ticket_type_id: optionalId(SALES_FIELD_MSG.ticketTypeId),
    status: z.enum(ORDER_STATUSES_FILTER, { error: SALES_FIELD_MSG.status }).optional(),
    payment_type: z
      .string()
      .regex(/^[a-z_]{2,30}$/, SALES_FIELD_MSG.paymentType)
      .optional(),
    period: z.enum([...SALES_PERIODS, 'todo'], { error: SALES_FIELD_MSG.period }).default('todo'),
    from: z.string().regex(DAY, SALES_FIELD_MSG.date).optional(),
    to: z.string().regex(DAY, SALES_FIELD_MSG.date).optional(),
    q: z.string().trim().max(120, SALES_FIELD_MSG.searchTooLong).optional(),
    page: z.coerce
      .number({ error: SALES_FIELD_MSG.page })
      .int(SALES_FIELD_MSG.page)
      .min(1, SALES_FIELD_MSG.page)
      .default(1),
    per_page: z.coerce
      .number({ error: SALES_FIELD_MSG.perPage })
      .int(SALES_FIELD_MSG.perPage)
      .min(1, SALES_FIELD_MSG.perPage)
      .max(100, SALES_FIELD_MSG.perPageMax)
      .default(25),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to && q.from <= q.to), {
    message: SALES_FIELD_MSG.dateRange,
    path: ['from'],
  });
export type OrderSearchQuery = z.infer<typeof OrderSearchQuerySchema>;

const reason = z
  .string({ error: SALES_FIELD_MSG.reason })
  .trim()
  .min(3, SALES_FIELD_MSG.reasonMin)
  .max(300, SALES_FIELD_MSG.reasonMax);

export const ReasonSchema = z.object({ reason });

/** Refund of the whole order (no ticket_ids) or of some of its tickets. */
export const AdminRefundSchema = z.object({
  reason,
  ticket_ids: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{16}$/, SALES_FIELD_MSG.ticketId))
    .min(1, SALES_FIELD_MSG.ticketsMin)
    .max(200, SALES_FIELD_MSG.ticketsMax)
    .optional(),
  /** The refund-permission holder's confirmation that tickets already admitted at the door are refunded too. */
  confirm_used: z.literal(USED_OVERRIDE_PHRASE, { error: REFUND_MSG.confirmPhrase }).optional(),
  /** The caller's key for this refund: sending the same request again answers the same refund. */
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,80}$/, SALES_FIELD_MSG.idempotencyKey)
    .optional(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

/** An e-mail address given at the box office to send a sale's tickets to. */
export const TicketsMailSchema = z.object({
  email: z.email({ error: SALES_FIELD_MSG.email }).max(200, SALES_FIELD_MSG.emailTooLong),
});

export const HolderChangeSchema = z.object({
  reason,
  name: z.string().trim().min(3, SALES_FIELD_MSG.holderName).max(120, SALES_FIELD_MSG.nameTooLong),
  dni: z.string().regex(/^\d{8}$/, MSG.dniInvalid),
});

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportQuerySchema = z.object({
  producer_id: ProducerIdSchema.optional(),
  event_id: EventIdSchema.optional(),
  format: z.enum(EXPORT_FORMATS, { error: SALES_FIELD_MSG.format }).default('csv'),
});
export const AttendeesExportQuerySchema = z.object({
  event_id: z.coerce
    .number({ error: SALES_FIELD_MSG.attendeesEvent })
    .int(SALES_FIELD_MSG.attendeesEvent)
    .positive(SALES_FIELD_MSG.attendeesEvent),
  format: z.enum([...EXPORT_FORMATS, 'pdf'], { error: SALES_FIELD_MSG.attendeesFormat }).default('csv'),
});

/** Finance export: the finance scope and period, as a file. */
export const FinanceExportQuerySchema = SalesScopeQuerySchema.and(
  z.object({ format: z.enum(EXPORT_FORMATS, { error: SALES_FIELD_MSG.format }).default('csv') }),
);

/** Box office ("Venta en boletería"): paid at once in cash, by card or transfer; the buyer's e-mail optional. */
export const BOX_OFFICE_METHODS = ['cash', 'card', 'transfer'] as const;
export const BoxOfficeSaleSchema = z.object({
  event_id: HoldRequestSchema.shape.event_id,
  items: HoldRequestSchema.shape.items,
  method: z.enum(BOX_OFFICE_METHODS, { error: SALES_FIELD_MSG.method }),
  buyer: z
    .object({
      name: z.string().trim().max(120, SALES_FIELD_MSG.nameTooLong).optional(),
      email: z
        .email(SALES_FIELD_MSG.buyerEmail)
        .optional()
        .or(z.literal('').transform(() => undefined)),
      dni: z
        .string()
        .regex(/^\d{8}$/, MSG.dniInvalid)
        .optional()
        .or(z.literal('').transform(() => undefined)),
    })
    .default({}),
});
export type BoxOfficeSale = z.infer<typeof BoxOfficeSaleSchema>;

export const BoxOfficeReportQuerySchema = SalesScopeQuerySchema;
