import { z } from 'zod';
import type { OrderStatus } from '../messages/checkout';
import { BUY_MSG } from '../messages/checkout';
import { MSG } from '../messages/common';
import { PROMO_MSG } from '../messages/promo';

/** A code as a buyer types it: trimmed, upper-cased, letters, digits and dashes. */
export const PromoCodeInputSchema = z
  .string({ error: PROMO_MSG.codeFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, PROMO_MSG.codeFormat);

/**
 * The most tickets one order may hold, all types together. Each ticket type also has its own maximum per
 * order (at most 50); this cap keeps the purchase e-mail and its PDF small (see docs/architecture.md).
 */
export const MAX_TICKETS_PER_ORDER = 50;

export const CHECKOUT_MSG = {
  duplicateType: 'Elegiste el mismo tipo de entrada más de una vez. Indicá la cantidad una sola vez.',
  tooManyTickets: `Podés comprar hasta ${MAX_TICKETS_PER_ORDER} entradas por compra.`,
} as const;

/** A hold request: what the event page's ticket selector sends (`items=<ticketTypeId>:<qty>,...`). */
export const HoldRequestSchema = z.object({
  event_id: z.number({ error: 'Evento inválido' }).int().positive('Evento inválido'),
  items: z
    .array(
      z.object({
        ticket_type_id: z.number({ error: 'Entrada inválida' }).int().positive('Entrada inválida'),
        quantity: z
          .number({ error: 'Cantidad inválida' })
          .int('Cantidad inválida')
          .min(1, 'Cantidad inválida')
          .max(50, 'Cantidad inválida'),
      }),
    )
    .min(1, BUY_MSG.chooseOne)
    .max(20, 'Demasiados tipos de entrada')
    .refine((items) => new Set(items.map((i) => i.ticket_type_id)).size === items.length, CHECKOUT_MSG.duplicateType)
    .refine(
      (items) => items.reduce((sum, i) => sum + i.quantity, 0) <= MAX_TICKETS_PER_ORDER,
      CHECKOUT_MSG.tooManyTickets,
    ),
  /** The queue pass of a "Venta con fila" (given by the queue when the buyer's turn comes). */
  queue_pass: z.string().max(1000, 'El pase de la fila no es válido.').optional(),
  /** A promo or access code (case-insensitive; `?codigo=` on the event page fills it). */
  promo_code: PromoCodeInputSchema.optional(),
});
export type HoldRequest = z.infer<typeof HoldRequestSchema>;

/** Parses the checkout query `items=12:2,13:1` (null when malformed). */
export function parseItemsQuery(value: string | null): HoldRequest['items'] | null {
  if (!value) return null;
  const items = value.split(',').map((part) => {
    const [id, qty] = part.split(':').map((n) => Number(n));
    return { ticket_type_id: id, quantity: qty };
  });
  return items.every((i) => Number.isInteger(i.ticket_type_id) && Number.isInteger(i.quantity) && i.quantity > 0)
    ? items
    : null;
}

const dni = z
  .string({ error: MSG.dniInvalid })
  .trim()
  .regex(/^\d{8}$/, MSG.dniInvalid);

export const HolderSchema = z.object({
  ticket_type_id: z.number().int().positive(),
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(120, 'Máximo 120 caracteres'),
  dni,
});
export type Holder = z.infer<typeof HolderSchema>;

export const BuyerSchema = z.object({
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(120, 'Máximo 120 caracteres'),
  email: z.email({ error: MSG.emailInvalid }).trim().max(200),
  dni,
  phone: z
    .string()
    .trim()
    .regex(/^\d{6,15}$/, MSG.phoneInvalid)
    .or(z.literal(''))
    .default(''),
});
export type Buyer = z.infer<typeof BuyerSchema>;

/** Checkout form: buyer data, holders of named tickets, acceptance of the terms. */
export const PayRequestSchema = z.object({
  buyer: BuyerSchema,
  holders: z.array(HolderSchema).max(200).default([]),
  accept_terms: z.literal(true, { error: MSG.termsRequired }),
});
export type PayRequest = z.infer<typeof PayRequestSchema>;

export { ORDER_STATUSES, type OrderStatus } from '../messages/checkout';

/** Why an order ended refunded or closed without tickets, as the buyer reads it (page and e-mail). */
export const ORDER_REASON_TEXT = {
  sin_stock:
    'Tu pago llegó después de que venciera la reserva y las entradas ya se habían vendido. Te devolvimos el total.',
  reserva_vencida:
    'Tu pago llegó cuando la reserva ya había vencido o había sido reemplazada por una más nueva, así que no emitimos entradas. Te devolvimos el total.',
  evento_cancelado: 'El evento fue cancelado, así que no emitimos entradas. Te devolvimos el total.',
  productora: 'La productora reembolsó tu compra. Tus entradas quedaron canceladas.',
} as const;
export type RefundReason = keyof typeof ORDER_REASON_TEXT;

/** Why checkout refuses an order that is no longer payable. */
export const CLOSED_ORDER_MSG = {
  paid: 'Esta orden ya está pagada.',
  expired: BUY_MSG.holdExpired,
  replaced: 'Esta reserva fue reemplazada por una más nueva. Seguí con la última que hiciste.',
  cancelled: 'El evento fue cancelado: esta reserva ya no se puede pagar.',
} as const;

/** The order as the API answers it (checkout, payment pages). */
export type OrderView = {
  id: string;
  status: OrderStatus;
  status_reason: string | null;
  event: { id: number; title: string; slug: string; venue: string | null; city: string | null };
  items: {
    ticket_type_id: number;
    name: string;
    starts_at: string;
    quantity: number;
    unit_price_cents: number;
    unit_fee_cents: number;
    unit_discount_cents: number;
    named: boolean;
  }[];
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  /** The promo code the order used, and what it took off (items' unit prices are already discounted). */
  promo_code: string | null;
  discount_cents: number;
  hold_expires_at: string;
  payment_status: string | null;
  buyer: { name: string; email: string; dni: string; phone: string };
  tickets: number;
};

export const TransferRequestSchema = z.object({
  email: z.email({ error: MSG.emailInvalid }).trim().max(200),
});

export const AcceptTransferSchema = z.object({ token: z.string().min(10, 'Enlace inválido').max(200) });

export const RefundRequestSchema = z.object({ reason: z.string().trim().max(300).default('') });

/** Path ids: an order (UUID) and a ticket (16 URL-safe characters). Malformed ones are simply not found. */
export const ORDER_NOT_FOUND = 'La orden no existe.';
export const OrderIdParamSchema = z.object({ id: z.uuid({ error: ORDER_NOT_FOUND }) });
export const TicketIdParamSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16}$/, { error: 'La entrada no existe.' }),
});
