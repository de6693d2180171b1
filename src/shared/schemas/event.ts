import { z } from 'zod';
import { localInputToIso, toArIso } from '../dates';
import { MediaKeySchema } from './media';
import { VenueInputSchema } from './venue';

export const CATEGORIES = [
  'Música',
  'Teatro',
  'Stand-up',
  'Fiestas',
  'Deportes',
  'Festivales',
  'Infantiles',
  'Otros',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const EVENT_STATUSES = ['borrador', 'en_revision', 'publicado', 'cancelado', 'finalizado'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const STATUS_LABEL: Record<EventStatus, string> = {
  borrador: 'Borrador',
  en_revision: 'En revisión',
  publicado: 'Publicado',
  cancelado: 'Cancelado',
  finalizado: 'Finalizado',
};

/**
 * A date-time as forms send it: the stored form ('2026-12-14T21:00:00-03:00') or a datetime-local value
 * ('2026-12-14T21:00', read as Buenos Aires time). Always normalised to the stored form.
 */
const dateTime = (message = 'Fecha inválida') =>
  z.string({ error: message }).transform((value, ctx) => {
    const text = value.trim();
    const iso = localInputToIso(text) ?? (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : null);
    if (!iso || Number.isNaN(new Date(iso).getTime())) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return toArIso(iso);
  });

const optionalDateTime = dateTime().nullish();

export const TicketTypeInputSchema = z
  .object({
    id: z.number().int().optional(),
    name: z
      .string({ error: 'El nombre de la entrada es requerido' })
      .trim()
      .min(1, 'El nombre de la entrada es requerido')
      .max(60, 'Máximo 60 caracteres'),
    description: z.string().trim().max(300, 'Máximo 300 caracteres').default(''),
    price_cents: z
      .number({ error: 'Ingresá un precio válido' })
      .int('Ingresá un precio válido')
      .min(0, 'El precio no puede ser negativo')
      .max(100_000_000_00, 'El precio es demasiado alto'),
    capacity: z
      .number({ error: 'Ingresá la capacidad' })
      .int('La capacidad debe ser un número entero')
      .min(1, 'La capacidad debe ser al menos 1')
      .max(200_000, 'La capacidad máxima es 200.000'),
    sale_starts_at: optionalDateTime,
    sale_ends_at: optionalDateTime,
    min_per_order: z.number().int().min(1, 'El mínimo por compra es al menos 1').default(1),
    max_per_order: z
      .number()
      .int()
      .min(1, 'El máximo por compra es al menos 1')
      .max(50, 'El máximo por compra es 50')
      .default(10),
    hidden: z.boolean().default(false),
    named: z.boolean().default(false),
  })
  .refine((t) => t.max_per_order >= t.min_per_order, {
    message: 'El máximo por compra debe ser mayor o igual al mínimo',
    path: ['max_per_order'],
  })
  .refine((t) => !t.sale_starts_at || !t.sale_ends_at || t.sale_ends_at > t.sale_starts_at, {
    message: 'El fin de la venta debe ser posterior al inicio',
    path: ['sale_ends_at'],
  });
export type TicketTypeInput = z.infer<typeof TicketTypeInputSchema>;

export const EventDateInputSchema = z
  .object({
    id: z.number().int().optional(),
    starts_at: dateTime('Ingresá la fecha y hora de inicio'),
    ends_at: optionalDateTime,
    doors_at: optionalDateTime,
    ticket_types: z.array(TicketTypeInputSchema).max(20, 'Máximo 20 tipos de entrada por función').default([]),
  })
  .refine((d) => !d.ends_at || d.ends_at > d.starts_at, {
    message: 'El fin debe ser posterior al inicio',
    path: ['ends_at'],
  })
  .refine((d) => !d.doors_at || d.doors_at <= d.starts_at, {
    message: 'La apertura de puertas debe ser anterior al inicio',
    path: ['doors_at'],
  });
export type EventDateInput = z.infer<typeof EventDateInputSchema>;

/**
 * An event as the wizard and the back office send it: basic data, the venue, and its dates each with
 * its ticket types. A draft may be incomplete; `publishProblems` says what a review still needs.
 */
export const EventInputSchema = z.object({
  producer_id: z.number().int().optional(),
  title: z
    .string({ error: 'El título es requerido' })
    .trim()
    .min(3, 'El título debe tener al menos 3 caracteres')
    .max(120, 'Máximo 120 caracteres'),
  description: z.string().trim().max(10_000, 'Máximo 10.000 caracteres').default(''),
  category: z.enum(CATEGORIES, { error: 'Elegí la categoría del evento' }),
  min_age: z.number().int().min(0).max(21, 'La edad mínima no puede superar 21').nullish(),
  cover_key: MediaKeySchema,
  flyer_key: MediaKeySchema,
  hold_minutes: z.number().int().min(5, 'Mínimo 5 minutos').max(30, 'Máximo 30 minutos').optional(),
  venue: VenueInputSchema.nullish(),
  dates: z.array(EventDateInputSchema).max(60, 'Máximo 60 funciones').default([]),
});
export type EventInput = z.infer<typeof EventInputSchema>;
/** What the form holds before parsing (dates as typed). */
export type EventInputDraft = z.input<typeof EventInputSchema>;

/** What an event still lacks before it can go to review or be published (Spanish, for the user). */
export function publishProblems(event: EventInput, now = new Date()): string[] {
  const problems: string[] = [];
  if (!event.venue) problems.push('Indicá el lugar del evento');
  if (event.dates.length === 0) problems.push('Agregá al menos una función');
  if (event.dates.some((d) => d.ticket_types.length === 0))
    problems.push('Cada función necesita al menos un tipo de entrada');
  if (event.dates.length > 0 && event.dates.every((d) => new Date(d.starts_at) < now))
    problems.push('Al menos una función debe ser futura');
  if (!event.description.trim()) problems.push('Agregá una descripción');
  return problems;
}

/** Filters of the public catalogue, as they live in the URL. */
export const EventFiltersSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  provincia: z.coerce.number().int().min(1).max(24).optional().catch(undefined),
  categoria: z.enum(CATEGORIES).optional().catch(undefined),
  fecha: z.enum(['hoy', 'fin-de-semana', 'este-mes']).optional().catch(undefined),
  desde: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  hasta: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  productora: z.coerce.number().int().optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).default(1).catch(1),
  por_pagina: z.coerce.number().int().min(1).max(48).default(12).catch(12),
});
export type EventFilters = z.infer<typeof EventFiltersSchema>;

// Availability lives in a zod-free module so the ticket selector island does not ship zod.
export { AVAILABILITY_LABEL, type Availability, availabilityOf } from '../availability';
