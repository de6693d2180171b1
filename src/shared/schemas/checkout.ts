import { z } from 'zod';
import { MSG } from '../messages';

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
    .min(1, 'Elija al menos una entrada')
    .max(20, 'Demasiados tipos de entrada')
    // Each type once: a type twice broke the order's (order_id, ticket_type_id) key with a 500 (issue 13).
    .refine((items) => new Set(items.map((i) => i.ticket_type_id)).size === items.length, {
      error: 'Elegiste el mismo tipo de entrada más de una vez. Indicá una sola cantidad por tipo.',
    }),
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

export const ORDER_STATUSES = ['held', 'pending_payment', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  held: 'Reservada',
  pending_payment: 'Pago pendiente',
  paid: 'Pagada',
  failed: 'Pago rechazado',
  expired: 'Reserva vencida',
  refunded: 'Reembolsada',
};

export const TICKET_STATUS_LABEL: Record<string, string> = {
  valid: 'válido',
  used: 'usado',
  cancelled: 'cancelado',
  transferred: 'transferido',
};

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
    named: boolean;
  }[];
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
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
