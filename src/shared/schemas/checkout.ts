import { z } from 'zod';
import type { OrderStatus } from '../messages/checkout';
import {
  BUY_MSG,
  CHECKOUT_FIELD_MSG,
  CHECKOUT_MSG,
  MAX_TICKETS_PER_ORDER,
  ORDER_NOT_FOUND,
  SEAT_HOLD_MSG,
  TICKET_MSG,
} from '../messages/checkout';
import { MSG } from '../messages/common';
import { PROMO_MSG } from '../messages/promo';
import { EventIdSchema } from './ids';

/** A code as a buyer types it: trimmed, upper-cased, letters, digits and dashes. */
export const PromoCodeInputSchema = z
  .string({ error: PROMO_MSG.codeFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, PROMO_MSG.codeFormat);

/** A hold request: what the event page's ticket selector sends (`items=<ticketTypeId>:<qty>,...`). */
export const HoldRequestSchema = z.object({
  event_id: EventIdSchema,
  items: z
    .array(
      z.object({
        ticket_type_id: z
          .number({ error: CHECKOUT_FIELD_MSG.ticketTypeId })
          .int()
          .positive(CHECKOUT_FIELD_MSG.ticketTypeId),
        quantity: z
          .number({ error: CHECKOUT_FIELD_MSG.quantity })
          .int(CHECKOUT_FIELD_MSG.quantity)
          .min(1, CHECKOUT_FIELD_MSG.quantity)
          .max(50, CHECKOUT_FIELD_MSG.quantity),
        /** A seated type's seats (reserved seating): as many as `quantity`, ids of the date's map. */
        seat_ids: z
          .array(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, SEAT_HOLD_MSG.seatUnknown))
          .max(50, CHECKOUT_FIELD_MSG.quantity)
          .optional(),
        /** "Mejor ubicación disponible": the inventory chooses `quantity` adjacent seats of the type. */
        best: z.boolean().optional(),
      }),
    )
    .min(1, BUY_MSG.chooseOne)
    .max(20, CHECKOUT_FIELD_MSG.itemsMax)
    .refine((items) => new Set(items.map((i) => i.ticket_type_id)).size === items.length, CHECKOUT_MSG.duplicateType)
    .refine(
      (items) => items.reduce((sum, i) => sum + i.quantity, 0) <= MAX_TICKETS_PER_ORDER,
      CHECKOUT_MSG.tooManyTickets,
    ),
  /** The queue pass of a "Venta con fila" (given by the queue when the buyer's turn comes). */
  queue_pass: z.string().max(1000, CHECKOUT_FIELD_MSG.queuePassMax).optional(),
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
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(120, CHECKOUT_FIELD_MSG.nameMax),
  dni,
});
export type Holder = z.infer<typeof HolderSchema>;

export const BuyerSchema = z.object({
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(120, CHECKOUT_FIELD_MSG.nameMax),
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
    /** A seated type's seats (reserved seating), one per ticket; empty for general admission. */
    seats: { id: string; name: string }[];
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

export const AcceptTransferSchema = z.object({ token: z.string().min(10, CHECKOUT_FIELD_MSG.transferLink).max(200) });

export const RefundRequestSchema = z.object({ reason: z.string().trim().max(300).default('') });
export const OrderIdParamSchema = z.object({ id: z.uuid({ error: ORDER_NOT_FOUND }) });
export const TicketIdParamSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16}$/, { error: TICKET_MSG.notFound }),
});
